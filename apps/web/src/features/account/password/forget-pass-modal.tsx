import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import Headset from 'lucide-react/icons/headset';
import KeyRound from 'lucide-react/icons/key-round';
import MailCheck from 'lucide-react/icons/mail-check';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { MobileCodeFields } from '../components/sms-code-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  dialingCodeText,
  emailText,
  mobileText,
  newPasswordText,
  requiredText,
  usernameText,
} from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { UsernameField } from '../components/username-field.tsx';
import { DoneDialog } from './done-dialog.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { solveHumanCheck } from '../lib/human-check.ts';
import { useFinishLogin } from '../lib/use-finish-login.ts';
import '../security/password-forms.css';

type Tab = 'email' | 'mobile';

/**
 * Forgot password (spec 2 Dialogs, 4, 5): by email (a reset link is mailed) or, when the brand's
 * CHNGPASSVERIF3 flag is on, by mobile number (SMS code, new password, then an automatic login).
 */
export function ForgetPassModal() {
  const { t } = useTranslation();
  const brand = useBrand();
  const closeModal = useOverlayStore((state) => state.closeModal);
  const byMobile = brand.features.changePasswordByMobile;
  const [tab, setTab] = useState<Tab>('email');
  const openModal = useOverlayStore((state) => state.openModal);
  const [sentMinutes, setSentMinutes] = useState<number | null>(null);
  const [isChangedWithoutLogin, setIsChangedWithoutLogin] = useState(false);
  const tabsId = useId();
  const close = () => closeModal('forgetPassModal');
  const shown: Tab = byMobile ? tab : 'email';

  if (isChangedWithoutLogin) {
    // The password did change: say so plainly, then the login dialog takes over.
    return (
      <DoneDialog
        title={t('title_reset_password_done')}
        icon={<KeyRound size={40} aria-hidden="true" className="password-done__icon" />}
        text={t('text_reset_by_phone_log_in')}
        actionLabel={t('action_login')}
        onAction={() => {
          close();
          openModal('loginPopupModal');
        }}
        onClose={close}
      />
    );
  }

  if (sentMinutes !== null) {
    // Spec 4: submit, confirmation popup, dialog closes — the popup takes the dialog's place.
    return (
      <DoneDialog
        title={t('title_check_email')}
        icon={<MailCheck size={40} aria-hidden="true" className="password-done__icon" />}
        text={t('text_reset_link_sent', { minutes: sentMinutes })}
        actionLabel={t('action_confirm')}
        onAction={close}
        onClose={close}
      />
    );
  }

  return (
    <Modal
      open
      onClose={close}
      variant="dialog"
      title={t('title_forgot_password')}
      closeLabel={t('action_close')}
      className="forget-pass"
    >
      {byMobile ? (
        <div className="form__tabs" role="tablist" aria-label={t('title_forgot_password')}>
          {(['email', 'mobile'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${tabsId}-${name}`}
              aria-selected={shown === name}
              aria-controls={`${tabsId}-panel`}
              className="form__tab"
              onClick={() => setTab(name)}
            >
              {t(name === 'email' ? 'tab_by_email' : 'tab_by_mobile')}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={`${tabsId}-panel`}
        className="forget-pass__panel"
        {...(byMobile ? { role: 'tabpanel', 'aria-labelledby': `${tabsId}-${shown}` } : {})}
      >
        {shown === 'email' ? (
          <EmailForm onSent={setSentMinutes} />
        ) : (
          <MobileForm onChangedWithoutLogin={() => setIsChangedWithoutLogin(true)} />
        )}
      </div>
      <CustomerServiceLink />
    </Modal>
  );
}

const emailSchema = z.object({ username: usernameText, email: emailText });
type EmailValues = z.infer<typeof emailSchema>;

function EmailForm({ onSent }: { onSent: (minutes: number) => void }) {
  const { t } = useTranslation();
  const {
    form: {
      register,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<EmailValues>({
    schema: emailSchema,
    defaultValues: { username: '', email: '' },
    fields: ['username', 'email'],
    action: async (values) => {
      const { expiredMinutes } = await apiClient.call(apiRoutes.passwordByEmail, { body: values });
      onSent(expiredMinutes);
    },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="forget-pass__lead">{t('text_forgot_email_lead')}</p>
      <UsernameField error={fieldError('username')} {...register('username')} />
      <TextField
        label={t('label_email')}
        placeholder={t('label_email')}
        isRequired
        type="email"
        autoComplete="email"
        error={fieldError('email')}
        {...register('email')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_sending')}>
          {t('action_send_reset_link')}
        </SubmitButton>
      </div>
    </form>
  );
}

const mobileSchema = z
  .object({
    countryDialingCode: dialingCodeText,
    mobileNum: mobileText,
    verificationCode: requiredText.max(255, 'text_too_long'),
    newPassword: newPasswordText,
    confirmNewPassword: z.string().min(1, 'text_field_required'),
  })
  .refine((values) => values.newPassword === values.confirmNewPassword, {
    message: 'text_password_mismatch',
    path: ['confirmNewPassword'],
  });
type MobileValues = z.infer<typeof mobileSchema>;

type Step = 'idle' | 'saving' | 'loggingIn';

function MobileForm({ onChangedWithoutLogin }: { onChangedWithoutLogin: () => void }) {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const [step, setStep] = useState<Step>('idle');
  const { form, alert, setAlert, submit, fieldError } = useServerForm<MobileValues>({
    schema: mobileSchema,
    defaultValues: {
      countryDialingCode: '+880',
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
    fields: ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'],
    action: async (values) => {
      setStep('saving');
      const reset = await apiClient.call(apiRoutes.passwordByPhone, { body: values });
      // Spec 4: by phone, the new password logs the person straight in. The reset answers that login
      // itself (the SMS code proved the phone), so no captcha can stand in the way. When it cannot
      // (a second step, or this site does not admit the account), say the password changed and open
      // the login dialog: the change is never mistaken for a failure.
      if (reset.login && !reset.login.twoFactorRequired) {
        setStep('loggingIn');
        await finishLogin({
          grant: reset.login,
          kind: 'reset',
          password: values.newPassword,
          closes: ['forgetPassModal'],
        });
        return;
      }
      setStep('idle');
      onChangedWithoutLogin();
    },
    onError: () => {
      setStep('idle');
      return false;
    },
  });
  const busy = step !== 'idle';

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="forget-pass__lead">{t('text_forgot_mobile_lead')}</p>
      <MobileCodeFields
        form={form}
        mobileLabel={t('label_mobile_number')}
        setAlert={setAlert}
        send={async (target) => {
          const altcha = await solveHumanCheck();
          return apiClient.call(apiRoutes.smsNoLogin, {
            body: { ...target, purpose: 'resetPassword', altcha },
          });
        }}
      />
      <NewPasswordFields register={form.register} fieldError={fieldError} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={busy} busyLabel={t(step === 'loggingIn' ? 'state_logging_in' : 'state_saving')}>
          {t('action_reset_password')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Spec 2: the dialog's customer-service link. The brand's service page opens in a new window; a
 * brand with the chat room (and no service page) opens the chat window instead (spec 2: "a customer
 * service link opening a chat window"), else the messenger link. Same choice as the maintenance
 * page's CustomerServiceButton, in a size that fits under a form.
 */
function CustomerServiceLink() {
  const { t } = useTranslation();
  const brand = useBrand();
  const openModal = useOverlayStore((state) => state.openModal);
  const url = brand.customerServiceUrl ?? (brand.features.chat ? null : brand.messengerUrl);
  let action;
  if (url) {
    action = (
      <a className="form__link forget-pass__service" href={url} target="_blank" rel="noopener noreferrer">
        <Headset size={18} aria-hidden="true" />
        {t('customer_service')}
      </a>
    );
  } else if (brand.features.chat) {
    action = (
      <button
        type="button"
        className="form__link forget-pass__service"
        onClick={() => openModal('chatModal')}
      >
        <Headset size={18} aria-hidden="true" />
        {t('customer_service')}
      </button>
    );
  } else {
    return <p className="forget-pass__help forget-pass__help--muted">{t('customer_service_unset')}</p>;
  }
  return (
    <p className="forget-pass__help">
      <span>{t('text_need_help')}</span> {action}
    </p>
  );
}
