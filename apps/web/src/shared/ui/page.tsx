import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import './page.css';

interface PageProps {
  title: string;
  /** Shown under the title, e.g. the vendor of a games page. */
  subtitle?: string;
  /** Hide the heading visually (it stays for screen readers), e.g. on the home page. */
  hideTitle?: boolean;
  children: ReactNode;
}

export function Page({ title, subtitle, hideTitle = false, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <div className={hideTitle ? 'visually-hidden' : 'page__header'}>
        <h1 className="page__title">{title}</h1>
        {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}
