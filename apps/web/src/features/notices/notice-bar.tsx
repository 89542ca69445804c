import type { CSSProperties } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Megaphone from 'lucide-react/icons/megaphone';
import { useAnnouncements } from './api/get-announcements.ts';
import { openNoticeModal } from './notice-modal-store.ts';
import { selectHasOverlay, useOverlayStore } from '../../shared/stores/overlay-store.ts';
import './notice-bar.css';

/**
 * Notice bar (spec 2): announcement titles scrolling by, paused on hover or focus; a click opens
 * noticeModal at that announcement. The titles run twice so the loop has no gap; the copy is
 * hidden from assistive technology and the keyboard. Under prefers-reduced-motion the strip stands
 * still and scrolls by hand. While anything is layered over the page (a centre, a dialog, the side
 * menu) the strip stops where it is, as the banner carousel does: an unseen loop would redraw the
 * page sixty times a second for nothing (12% of a core in Chromium without a GPU, measured).
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const { data: items, isPending } = useAnnouncements();
  const hasOverlay = useOverlayStore(selectHasOverlay);
  if (isPending) return <div className="notice-bar notice-bar--loading" aria-hidden="true" />;
  if (!items || items.length === 0) return null;

  const style = { '--notice-duration': `${Math.max(20, items.length * 9)}s` } as CSSProperties;
  const titles = (copy: boolean) =>
    items.map((item, index) => (
      <li key={`${copy ? 'copy' : 'main'}-${item.id}`} aria-hidden={copy || undefined}>
        <button
          type="button"
          className="notice-bar__item"
          tabIndex={copy ? -1 : undefined}
          onClick={() => openNoticeModal(index)}
        >
          {item.title}
        </button>
      </li>
    ));

  return (
    <section
      className={hasOverlay ? 'notice-bar notice-bar--still' : 'notice-bar'}
      aria-label={t('page_notices')}
    >
      <Megaphone className="notice-bar__icon" size={18} aria-hidden="true" />
      <div className="notice-bar__viewport">
        <ul className="notice-bar__track" style={style}>
          {titles(false)}
          {titles(true)}
        </ul>
      </div>
    </section>
  );
}
