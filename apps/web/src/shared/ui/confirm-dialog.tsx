import { useTranslation } from '../i18n/use-translation.ts';
import { useOverlayStore, type ConfirmRequest } from '../stores/overlay-store.ts';
import { Modal } from './modal.tsx';
import './confirm-dialog.css';

/** A failure is titled as one, a one-button notice as a notice; only a question asks to confirm. */
function titleKeyOf(request: ConfirmRequest): string {
  if (request.titleKey) return request.titleKey;
  const tone = request.tone ?? (request.hideCancel ? 'notice' : 'confirm');
  switch (tone) {
    case 'error':
      return 'dialog_title_error';
    case 'notice':
      return 'dialog_title_notice';
    case 'confirm':
      return 'confirm_title';
  }
}

/** The confirm dialog of spec 2: asks the pending question of the overlay store (requestConfirm). */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const pending = useOverlayStore((state) => state.pendingConfirm);
  const settle = useOverlayStore((state) => state.settleConfirm);

  if (!pending) return null;
  return (
    <Modal
      open
      onClose={() => settle(false)}
      variant="dialog"
      role="alertdialog"
      title={t(titleKeyOf(pending))}
      className={pending.tone === 'error' ? 'confirm confirm--error' : 'confirm'}
      closeLabel={t('action_close')}
      showClose={false}
    >
      <p className="confirm__message">{t(pending.messageKey)}</p>
      <div className="confirm__actions">
        {pending.hideCancel ? null : (
          <button type="button" className="button button--ghost" onClick={() => settle(false)}>
            {t(pending.cancelKey ?? 'action_cancel')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={() => settle(true)}>
          {t(pending.confirmKey ?? 'action_confirm')}
        </button>
      </div>
    </Modal>
  );
}
