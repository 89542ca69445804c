import { useState } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import CircleCheck from 'lucide-react/icons/circle-check';
import LinkOff from 'lucide-react/icons/link-2-off';
import { ApiError } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { newPasswordText } from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import '../components/account-form.css';
import '../security/password-forms.css';

const schema = z
  .object({ newPassword: newPasswordText, confirmNewPassword: z.string().min(1, 'text_field_required') })
  .refine((values) => values.newPassword === values.confirmNewPassword, {
    message: 'text_password_mismatch',
    path: ['confirmNewPassword'],
  });
type Values = z.infer<typeof schema>;

/**
 * The page of a mailed reset link (/resetPassword?token=…): the link is checked first; then a new
 * password ends every session of the account (spec 4: a reset ends with a forced new login), so
 * this tab drops its own session too and the login dialog opens.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('page_reset_password'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [isDone, setIsDone] = useState(false);
  const [isUsedUp, setIsUsedUp] = useState(false);
  const check = useQuery({
    queryKey: ['password', 'reset-check', token],
    queryFn: () => apiClient.call(apiRoutes.passwordResetCheck, { body: { token } }),
    enabled: token !== '' && token.length <= 128,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  let content;
  if (isDone) {
    content = <ResetDone />;
  } else if (token === '' || token.length > 128 || isUsedUp || check.error) {
    const key =
      check.error && !(check.error instanceof ApiError && check.error.code === 'RESET_LINK_INVALID')
        ? errorTextKey(check.error)
        : 'err_reset_link_invalid';
    content = (
      <LinkInvalid
        messageKey={key}
        onRetry={check.error && key !== 'err_reset_link_invalid' ? () => void check.refetch() : null}
      />
    );
  } else if (!check.data) {
    content = <Spinner label={t('state_loading')} />;
  } else {
    content = (
      <ResetForm
        token={token}
        username={check.data.username}
        onDone={() => setIsDone(true)}
        onLinkInvalid={() => setIsUsedUp(true)}
      />
    );
  }

  return (
    <section className="account-page" aria-labelledby="reset-password-title">
      <h1 id="reset-password-title" className="account-page__title">
        {t('page_reset_password')}
      </h1>
      {content}
    </section>
  );
}

function LinkInvalid({ messageKey, onRetry }: { messageKey: string; onRetry: (() => void) | null }) {
  const { t } = useTranslation();
  const openModal = useOverlayStore((state) => state.openModal);
  return (
    <div className="password-done">
      <LinkOff size={40} aria-hidden="true" className="password-done__icon password-done__icon--danger" />
      <FormAlert textKey={messageKey} />
      {onRetry ? (
        <button type="button" className="button button--outline" onClick={onRetry}>
          {t('action_retry')}
        </button>
      ) : null}
      <button type="button" className="button button--primary" onClick={() => openModal('forgetPassModal')}>
        {t('action_request_new_link')}
      </button>
    </div>
  );
}

function ResetDone() {
  const { t } = useTranslation();
  const openModal = useOverlayStore((state) => state.openModal);
  return (
    <div className="password-done">
      <CircleCheck size={40} aria-hidden="true" className="password-done__icon" />
      <FormAlert tone="notice" textKey="text_password_reset_done" />
      <button type="button" className="button button--primary" onClick={() => openModal('loginPopupModal')}>
        {t('action_login')}
      </button>
    </div>
  );
}

function ResetForm({
  token,
  username,
  onDone,
  onLinkInvalid,
}: {
  token: string;
  username: string;
  onDone: () => void;
  onLinkInvalid: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const openModal = useOverlayStore((state) => state.openModal);
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<Values>({
    schema,
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    fields: ['newPassword', 'confirmNewPassword'],
    action: async (values) => {
      await apiClient.call(apiRoutes.passwordReset, { body: { token, ...values } });
      // The server ended every session of the account: this tab's one is gone too.
      useSessionStore.getState().clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
      onDone();
      openModal('loginPopupModal');
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'RESET_LINK_INVALID')) return false;
      onLinkInvalid();
      return true;
    },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="account-page__lead">{t('text_reset_for', { username })}</p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <NewPasswordFields register={register} fieldError={fieldError} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save_password')}
        </SubmitButton>
      </div>
    </form>
  );
}
