import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from '../router/router.tsx';
import DOMPurify from 'dompurify';
import { guardNewTabLink, safeHtmlPurifyConfig } from '@khela/contract';
import './safe-html.css';

// Links that leave the site open in a new tab without handing it this window.
DOMPurify.addHook('afterSanitizeAttributes', guardNewTabLink);

/**
 * Operator HTML (announcements, help articles, promotions), sanitised again in the browser with
 * DOMPurify (the server sanitised it on write). Only pages and modals that are lazy chunks use this,
 * so DOMPurify never weighs on the home route. Links to our own pages stay in the app.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const clean = useMemo(() => DOMPurify.sanitize(html, safeHtmlPurifyConfig), [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || link.target === '_blank') return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
