import { useEffect, type ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';

export interface PageProps {
  /** The page's heading (a sentence already translated). */
  title: string;
  /** Buttons on the heading's line (create, export). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A page of the back office: its heading (also the document title) and its sections. */
export function Page({ title, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · ${t('shell_brand')}`;
  }, [title]);
  return (
    <div className="page">
      <div className="page__head">
        <h1 className="page__title">{title}</h1>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export interface SectionProps {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A card on a page, with an optional heading and buttons. */
export function Section({ title, actions, children, className }: SectionProps) {
  return (
    <section className={`section${className ? ` ${className}` : ''}`}>
      {title || actions ? (
        <div className="section__head">
          {title ? <h2 className="section__title">{title}</h2> : <span />}
          {actions ? <div className="section__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
