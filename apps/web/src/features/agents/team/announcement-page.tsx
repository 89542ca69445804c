import { lazy, Suspense, useState } from 'react';
import Megaphone from 'lucide-react/icons/megaphone';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { loadChunk } from '../../../shared/lib/chunk-load.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { loadAnnouncementList, useAnnouncements } from '../../notices/index.ts';
import './team.css';

const AnnouncementList = lazy(() =>
  loadChunk(loadAnnouncementList).then((module) => ({ default: module.AnnouncementList })),
);

/** Spec 4: 9 announcements per page, one unfolded at a time. */
const perPage = 9;

/** agentAnnouncement: the site's announcements (the notice page's list) inside the agent centre. */
export function AgentAnnouncementPage() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [pageNo, setPageNo] = useState(1);
  // undefined: the page's first item is open until the agent chooses; null: all folded.
  const [openId, setOpenId] = useState<number | null | undefined>(undefined);

  if (announcements.isPending) return <Skeleton rows={6} height="3.5rem" />;
  if (announcements.isError) {
    return (
      <EmptyState
        icon={Megaphone}
        title={t('err_network')}
        action={
          <button
            type="button"
            className="button button--outline"
            onClick={() => void announcements.refetch()}
          >
            {t('action_retry')}
          </button>
        }
      />
    );
  }
  const items = announcements.data;
  if (items.length === 0) return <EmptyState icon={Megaphone} title={t('empty_no_notices')} />;
  const totalPages = Math.ceil(items.length / perPage);
  const current = Math.min(pageNo, totalPages);
  const shown = items.slice((current - 1) * perPage, current * perPage);
  const shownId = openId === undefined ? (shown[0]?.id ?? null) : openId;

  return (
    <div className="agent-team">
      <Suspense fallback={<Skeleton rows={shown.length} height="3.5rem" />}>
        <AnnouncementList
          items={shown}
          openId={shownId}
          onToggle={(id) => setOpenId(id === shownId ? null : id)}
        />
      </Suspense>
      <Pager
        pageNo={current}
        totalPages={totalPages}
        onPage={(next) => {
          setPageNo(next);
          setOpenId(undefined);
        }}
      />
    </div>
  );
}
