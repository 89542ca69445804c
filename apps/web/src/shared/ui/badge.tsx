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
  const classes = `badge${tone === 'muted' ? '' : ` badge--${tone}`}${isDashed ? ' badge--dashed' : ''}`;
  return <span className={classes}>{children}</span>;
}
