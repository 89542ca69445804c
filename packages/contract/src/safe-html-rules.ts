/**
 * The browser's second sanitising of operator HTML (announcements, help articles, promotions; the
 * server sanitised it on write): the DOMPurify options and the link hook the member site uses, shared
 * with the back office's preview so both show the same HTML. Plain data and a plain function: the
 * contract does not depend on DOMPurify; each app makes the DOMPurify call itself.
 */

/** DOMPurify's options: the HTML profile, no forms, frames or inline styles. */
export const safeHtmlPurifyConfig: {
  USE_PROFILES: { html: boolean };
  FORBID_TAGS: string[];
  FORBID_ATTR: string[];
} = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
  FORBID_ATTR: ['style'],
};

/** The part of a DOM element the link hook reads and writes. */
interface HookedElement {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/**
 * DOMPurify's `afterSanitizeAttributes` hook: a link that opens a new tab never hands it this window
 * (`rel="noopener noreferrer"`).
 */
export function guardNewTabLink(node: HookedElement): void {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
}
