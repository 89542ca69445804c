import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { ComingSoon } from '../../shared/ui/coming-soon.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';

/** The chat room (spec 2, enabled by features.chat). The chat service arrives with its own issue. */
export function ChatModal() {
  const { t } = useTranslation();
  const closeModal = useOverlayStore((state) => state.closeModal);
  return (
    <Modal open onClose={() => closeModal('chatModal')} title={t('chat_room')} closeLabel={t('action_close')}>
      <ComingSoon textKey="empty_chat_soon" />
    </Modal>
  );
}
