import type { ComponentType, ReactNode, SVGProps } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;
  title: string;
  text?: string;
  action?: ReactNode;
}

/** Says plainly that there is nothing here (yet): never filled with invented content. */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <Icon size={32} strokeWidth={1.6} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
