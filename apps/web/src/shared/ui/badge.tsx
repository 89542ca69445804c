import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'muted' | 'gold' | 'blue' | 'danger';

/** A small status pill: muted (the default), gold (waiting), blue (done), danger (refused); dashed for a trial. */
export function Badge({
  tone = 'muted',
  isDashed = false,
  children,
}: {
  tone?: BadgeTone;
  isDashed?: boolean;
  children: ReactNode;
}) {
  const classes = `status-pill${tone === 'muted' ? '' : ` status-pill--${tone}`}${isDashed ? ' status-pill--dashed' : ''}`;
  return <span className={classes}>{children}</span>;
}
