import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { PaymentPasswordForm } from '../security/payment-password-form.tsx';
import '../components/account-form.css';
import '../security/password-forms.css';

/**
 * paymentPasswordSetupModal: an account its upline opened sets its own payment password at its first
 * login, right after changing the password the upline typed (the server serves nothing else until
 * then: PAYMENT_PASSWORD_SETUP_REQUIRED). It cannot be dismissed; logging out is offered instead.
 */
export function PaymentPasswordSetupModal() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const closeModal = useOverlayStore((state) => state.closeModal);

  async function saved() {
    closeModal('paymentPasswordSetupModal');
    await queryClient.invalidateQueries();
    useOverlayStore.getState().showToast('text_payment_password_saved');
  }

  async function logOutInstead() {
    await apiClient.call(apiRoutes.logout).catch(() => undefined);
    useSessionStore.getState().clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    closeModal('paymentPasswordSetupModal');
  }

  return (
    <Modal
      open
      onClose={() => undefined}
      closeOnEscape={false}
      showClose={false}
      title={t('action_set_payment_password')}
      variant="dialog"
      role="alertdialog"
      closeLabel={t('action_close')}
      className="change-pass-modal"
    >
      <div className="form">
        <FormAlert tone="notice" textKey="text_payment_password_setup_forced" />
        <PaymentPasswordForm onSaved={() => void saved()} />
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={() => void logOutInstead()}>
            {t('action_logout')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
