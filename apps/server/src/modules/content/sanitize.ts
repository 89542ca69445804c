import sanitizeHtml from 'sanitize-html';

/**
 * Operator HTML (announcements, help articles, promotions) is sanitised on write (docs/design.md, Security):
 * a small allow-list of formatting tags, links to http(s)/mailto/tel only, images from https or our
 * own paths, no scripts, no event handlers, no inline styles. The browser sanitises again on render.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'hr',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab never hands the opener to the other site.
    a: (tagName, attributes) => ({
      tagName,
      attribs:
        attributes.target === '_blank'
          ? { ...attributes, rel: 'noopener noreferrer' }
          : { ...attributes, target: '', rel: attributes.rel ?? '' },
    }),
    img: (tagName, attributes) => ({ tagName, attribs: { ...attributes, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options)
    .replace(/ target=""/g, '')
    .replace(/ rel=""/g, '')
    .trim();
}

/** Titles and summaries are plain text: any markup is dropped, entities kept as text. */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .trim();
}
