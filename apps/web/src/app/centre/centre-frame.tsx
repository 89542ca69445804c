import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { revealInStrip } from '../../shared/lib/reveal-in-strip.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { ZoneNote } from '../../shared/ui/zone-note.tsx';
import '../../shared/ui/centre-panel.css';

export interface CentreEntry<Key extends string> {
  key: Key;
  /** The catalogue key of its name in the menu and its page's heading. */
  labelKey: string;
  /** Things waiting for the viewer on that page (a count beside the entry); none when 0 or absent. */
  badge?: number;
  /** What the badge counts, for a screen reader ("waiting for your answer" when absent). */
  badgeLabelKey?: string;
}

/**
 * The frame both centres share: a side panel with the menu (a sideways strip on phones, the current
 * entry scrolled into view), an optional way out under the menu, and the current page with its
 * heading and the zone its times are in.
 */
export function CentreFrame<Key extends string>({
  open,
  onClose,
  titleKey,
  entries,
  current,
  onOpen,
  menuFooter,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleKey: string;
  entries: readonly CentreEntry<Key>[];
  current: CentreEntry<Key>;
  onOpen: (key: Key) => void;
  /** Outside the list: on phones the list scrolls sideways, and this stays in view. */
  menuFooter?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  return (
    <Modal open={open} onClose={onClose} variant="panel" title={t(titleKey)} closeLabel={t('action_close')}>
      <div className="centre">
        <nav className="centre__menu" aria-label={t(titleKey)}>
          <ul>
            {entries.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className="centre__link"
                  aria-current={entry.key === current.key ? 'page' : undefined}
                  ref={entry.key === current.key ? revealInStrip : undefined}
                  onClick={() => onOpen(entry.key)}
                >
                  {t(entry.labelKey)}
                  {entry.badge ? (
                    <span className="badge badge--hot centre__badge">
                      {formatNumber(entry.badge, formatOptions)}
                      <span className="visually-hidden">
                        {' '}
                        {t(entry.badgeLabelKey ?? 'agw_badge_waiting')}
                      </span>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          {menuFooter}
        </nav>
        <section className="centre__page" aria-labelledby="centre-page-title" data-page={current.key}>
          <h2 id="centre-page-title" className="centre__title">
            {t(current.labelKey)}
          </h2>
          {/* Every centre page shows times or days: all of them on the brand's clock, named here. */}
          <ZoneNote className="centre__zone" />
          {children}
        </section>
      </div>
    </Modal>
  );
}
