import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { allAnnouncementTypes, useAnnouncements } from './api/get-announcements.ts';
import { AnnouncementList } from './announcement-list.tsx';
import { useNoticeModalStore } from './notice-modal-store.ts';
import { ZoneNote } from '../../shared/ui/zone-note.tsx';

/** noticeModal (spec 2): the announcement list with the chosen one unfolded. */
export function NoticeModal() {
  const { t } = useTranslation();
  const closeModal = useOverlayStore((state) => state.closeModal);
  const { types, index } = useNoticeModalStore();
  const { data: items = [] } = useAnnouncements(types ?? allAnnouncementTypes);
  const [openId, setOpenId] = useState<number | null | undefined>(undefined);
  const shownId = openId === undefined ? (items[index]?.id ?? null) : openId;

  return (
    <Modal
      open
      onClose={() => closeModal('noticeModal')}
      title={t('page_notices')}
      closeLabel={t('action_close')}
      className="notice-modal"
    >
      <ZoneNote />
      <AnnouncementList
        items={items}
        openId={shownId}
        onToggle={(id) => setOpenId(id === shownId ? null : id)}
      />
    </Modal>
  );
}
