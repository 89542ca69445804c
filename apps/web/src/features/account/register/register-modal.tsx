import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { FirstBanner } from '../components/first-banner.tsx';
import { RegisterForm } from './register-form.tsx';
import './register-form.css';

/** registerModal (spec 2 Dialogs: Register), 600 px wide. */
export function RegisterModal() {
  const { t } = useTranslation();
  const closeModal = useOverlayStore((state) => state.closeModal);
  return (
    <Modal
      open
      onClose={() => closeModal('registerModal')}
      title={t('page_register')}
      closeLabel={t('action_close')}
      variant="modal"
      className="register-modal"
    >
      {/* Spec 2: banner group w_register, its first picture above the form. */}
      <FirstBanner group="w_register" className="register-modal__banner" />
      <RegisterForm variant="modal" />
    </Modal>
  );
}
