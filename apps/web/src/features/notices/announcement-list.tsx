import { useId } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { Announcement } from '@khela/contract';
import { formatDateTime } from '../../shared/lib/format.ts';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import './announcement-list.css';

interface AnnouncementListProps {
  items: Announcement[];
  /** The unfolded item (spec 4: one at a time), or null when all are folded. */
  openId: number | null;
  onToggle: (id: number) => void;
}

/** Announcements as an accordion: title and date (YYYY-MM-DD HH:mm:ss), the body of the open one. */
export function AnnouncementList({ items, openId, onToggle }: AnnouncementListProps) {
  const baseId = useId();
  const formatOptions = useFormatOptions();
  return (
    <ul className="notice-list">
      {items.map((item) => {
        const isOpen = item.id === openId;
        const panelId = `${baseId}-${item.id}`;
        return (
          <li key={item.id} className="notice-list__item" data-open={isOpen || undefined}>
            <button
              type="button"
              className="notice-list__header"
              aria-expanded={isOpen}
              aria-controls={panelId}
              onClick={() => onToggle(item.id)}
            >
              <span className="notice-list__title">{item.title}</span>
              <time className="notice-list__date" dateTime={new Date(item.startDateStr).toISOString()}>
                {formatDateTime(item.startDateStr, formatOptions)}
              </time>
              <ChevronDown className="notice-list__chevron" size={18} aria-hidden="true" />
            </button>
            {isOpen ? (
              <div id={panelId} className="notice-list__body">
                <SafeHtml html={item.content} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
