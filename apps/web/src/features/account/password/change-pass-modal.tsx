import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { getMemberInfo, useMemberInfo } from '../api/get-member-info.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { minPasswordLength } from '../../../shared/forms/form-rules.ts';
import { PasswordField } from '../../../shared/forms/password-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { defaultPassword } from '../lib/use-finish-login.ts';
import '../login/login.css';

function changePasswordSchema(asksOld: boolean) {
  return z
    .object({
      oldPassword: z.string().max(128),
      newPassword: z.string().min(1, 'text_field_required').max(128),
      confirmNewPassword: z.string().min(1, 'text_field_required').max(128),
    })
    .superRefine((values, context) => {
      if (asksOld && values.oldPassword.trim().length === 0) {
        context.addIssue({ code: 'custom', path: ['oldPassword'], message: 'text_field_required' });
      }
      if (values.newPassword.length > 0 && [...values.newPassword].length < minPasswordLength) {
        context.addIssue({ code: 'custom', path: ['newPassword'], message: 'text_password_min_length' });
      }
      if (values.confirmNewPassword.length > 0 && values.confirmNewPassword !== values.newPassword) {
        context.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'text_password_mismatch' });
      }
    });
}
type ChangePasswordValues = z.input<ReturnType<typeof changePasswordSchema>>;
type ChangePasswordField = keyof ChangePasswordValues;

const fields: readonly ChangePasswordField[] = ['oldPassword', 'newPassword', 'confirmNewPassword'];

/**
 * changePassModal (spec 2, 4, 5): old password only when this tab does not know the typed one; new
 * password and its confirmation. Opened by useFinishLogin after a '123456' or expired password it
 * cannot be dismissed and says why; opened by choice it closes like any dialog.
 */
export function ChangePassModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeModal = useOverlayStore((state) => state.closeModal);
  const typedPassword = useSessionStore((state) => state.typedPassword);
  const memberInfo = useMemberInfo();
  // Decided once, when the dialog opens: a forced change stays forced while it is on screen.
  const [asksOld] = useState(() => !typedPassword);
  const [isForced] = useState(
    () =>
      typedPassword === defaultPassword ||
      memberInfo.data?.passwordExpired === true ||
      (memberInfo.isPending && memberInfo.fetchStatus !== 'idle'),
  );
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<ChangePasswordValues>({
    schema: changePasswordSchema(asksOld),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    // Without the old-password field on screen, a wrong one is a general failure.
    fields: asksOld ? fields : fields.filter((field) => field !== 'oldPassword'),
    action: async (values) => {
      const session = useSessionStore.getState();
      const oldPassword = asksOld ? values.oldPassword : (session.typedPassword ?? values.oldPassword);
      const { token } = await apiClient.call(apiRoutes.changePassword, {
        body: {
          oldPassword,
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        },
      });
      // Every other session ended: this tab carries on with the new token (spec 4).
      session.setSession({ token, isAgent: session.isAgent, username: session.username });
      session.setTypedPassword(values.newPassword);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      close();
      // Said after every change, from the security centre as well as a forced one at login.
      useOverlayStore.getState().showToast('text_password_changed');
      // An account its upline opened sets its own payment password next (the server asks for it).
      const info = await getMemberInfo().catch(() => null);
      if (info?.paymentPasswordSetupRequired)
        useOverlayStore.getState().openModal('paymentPasswordSetupModal');
      void navigate(paths.root);
    },
  });

  function close() {
    closeModal('changePassModal');
  }

  async function logOutInstead() {
    const session = useSessionStore.getState();
    await apiClient.call(apiRoutes.logout).catch(() => undefined);
    session.clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    close();
    void navigate(paths.root);
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!isForced) close();
      }}
      closeOnEscape={!isForced}
      showClose={!isForced}
      title={t('title_change_password')}
      variant="dialog"
      role={isForced ? 'alertdialog' : 'dialog'}
      closeLabel={t('action_close')}
      className="change-pass-modal"
    >
      <form className="form login-form" noValidate onSubmit={(event) => void submit(event)}>
        {isForced ? <FormAlert tone="notice" textKey="text_password_change_forced" /> : null}
        {asksOld ? (
          <PasswordField
            label={t('label_old_password')}
            placeholder={t('label_old_password')}
            isRequired
            autoComplete="current-password"
            error={fieldError('oldPassword')}
            {...register('oldPassword')}
          />
        ) : null}
        <NewPasswordFields register={register} fieldError={fieldError} />
        <FormAlert textKey={alert} />
        <div className="form__actions">
          <SubmitButton isBusy={isSubmitting} isLarge hasSpinner busyLabel={t('state_saving')}>
            {t('action_change_password')}
          </SubmitButton>
          {isForced ? (
            <button type="button" className="button button--ghost" onClick={() => void logOutInstead()}>
              {t('action_logout')}
            </button>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
