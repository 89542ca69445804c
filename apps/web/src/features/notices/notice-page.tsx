import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Megaphone from 'lucide-react/icons/megaphone';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useAnnouncements } from './api/get-announcements.ts';
import { AnnouncementList } from './announcement-list.tsx';
import './notice-page.css';
import { ZoneNote } from '../../shared/ui/zone-note.tsx';

/** Spec 9: 9 announcements per page. */
export const NOTICES_PER_PAGE = 9;

/** /noticePage: every current announcement, 9 per page, one unfolded at a time (spec 4). */
export function NoticePage() {
  const { t } = useTranslation();
  const { data: items, isPending, isError, refetch } = useAnnouncements();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null | undefined>(undefined);

  const total = items?.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTICES_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = (items ?? []).slice((current - 1) * NOTICES_PER_PAGE, current * NOTICES_PER_PAGE);
  // The first of the page is unfolded until the visitor chooses.
  const shownId = openId === undefined ? (shown[0]?.id ?? null) : openId;

  const goTo = (next: number) => {
    setPage(next);
    setOpenId(undefined);
  };

  return (
    <Page title={t('page_notices')}>
      {isPending ? (
        <Skeleton rows={6} height="3.5rem" />
      ) : isError ? (
        <EmptyState
          icon={Megaphone}
          title={t('err_network')}
          action={
            <button type="button" className="button button--outline" onClick={() => void refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      ) : total === 0 ? (
        <EmptyState icon={Megaphone} title={t('empty_no_notices')} />
      ) : (
        <>
          <ZoneNote />
          <AnnouncementList
            items={shown}
            openId={shownId}
            onToggle={(id) => setOpenId(id === shownId ? null : id)}
          />
          {pages > 1 ? (
            <nav className="page-numbers" aria-label={t('label_pages')}>
              <button
                type="button"
                className="icon-button"
                disabled={current === 1}
                aria-label={t('action_previous')}
                onClick={() => goTo(current - 1)}
              >
                <ChevronLeft size={20} aria-hidden="true" />
              </button>
              {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
                <button
                  key={number}
                  type="button"
                  className="page-numbers__page"
                  aria-current={number === current ? 'page' : undefined}
                  onClick={() => goTo(number)}
                >
                  {number}
                </button>
              ))}
              <button
                type="button"
                className="icon-button"
                disabled={current === pages}
                aria-label={t('action_next')}
                onClick={() => goTo(current + 1)}
              >
                <ChevronRight size={20} aria-hidden="true" />
              </button>
            </nav>
          ) : null}
        </>
      )}
    </Page>
  );
}
