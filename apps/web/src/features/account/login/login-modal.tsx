import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { LoginForm } from './login-form.tsx';

/** loginPopupModal (spec 2 Dialogs): the sign-in form in a 400 px dialog. */
export function LoginModal() {
  const { t } = useTranslation();
  const closeModal = useOverlayStore((state) => state.closeModal);
  return (
    <Modal
      open
      onClose={() => closeModal('loginPopupModal')}
      title={t('action_login')}
      variant="dialog"
      closeLabel={t('action_close')}
      className="login-modal"
    >
      <LoginForm variant="dialog" />
    </Modal>
  );
}
