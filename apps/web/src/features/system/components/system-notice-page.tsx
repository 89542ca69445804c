import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import './system-notice-page.css';

interface SystemNoticePageProps {
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;
  title: string;
  text: string;
  tone: 'maintenance' | 'blocked';
  /** Brand logo; the whitelabel answer may be missing while the site is closed. */
  logoUrl?: string;
  brandName?: string;
  children?: ReactNode;
}

/** A full page in place of the site (no shell): maintenance or region-blocked (spec 4, status 1 and 2). */
export function SystemNoticePage({
  icon: Icon,
  title,
  text,
  tone,
  logoUrl,
  brandName,
  children,
}: SystemNoticePageProps) {
  useDocumentTitle(title);
  return (
    <main className={`system-notice system-notice--${tone}`}>
      <div className="system-notice__card">
        {logoUrl ? <img className="system-notice__logo" src={logoUrl} alt={brandName ?? ''} /> : null}
        <span className="system-notice__icon" aria-hidden="true">
          <Icon size={40} strokeWidth={1.6} />
        </span>
        <h1 className="system-notice__title">{title}</h1>
        <p className="system-notice__text">{text}</p>
        {children}
      </div>
    </main>
  );
}
