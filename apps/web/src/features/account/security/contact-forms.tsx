import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { SmsCodeButton } from '../components/sms-code-button.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  applyIssueKeys,
  dialingCodeText,
  emailText,
  isMobileLike,
  mobileText,
  requiredText,
} from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { MobileNumberField } from './mobile-number-field.tsx';

const passwordAgain = z.string().min(1, 'text_field_required').max(128, 'text_too_long');

/** The login password asked again before an account change (contact, payment password). */
export function PasswordAgainField({
  error,
  registration,
}: {
  /** The text under the field (`fieldError('password')`). */
  error: string | undefined;
  registration: UseFormRegisterReturn<'password'>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('label_current_password')}
      placeholder={t('label_current_password')}
      hint={t('text_password_again')}
      isRequired
      type="password"
      autoComplete="current-password"
      error={error}
      {...registration}
    />
  );
}

const emailSchema = z.object({ email: emailText, password: passwordAgain });
type EmailValues = z.infer<typeof emailSchema>;

/** Change the email: the password is asked again (PUT /wps/member/contact, sealed). */
export function ChangeEmailForm({ onSaved }: { onSaved: () => void }) {
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
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    action: async (values) => {
      await apiClient.call(apiRoutes.updateContact, { body: values });
      onSaved();
    },
  });

  return (
    <form
      className="form security__form"
      noValidate
      aria-label={t('action_change_email')}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('label_new_email')}
        placeholder={t('label_new_email')}
        isRequired
        type="email"
        autoComplete="email"
        autoFocus
        error={fieldError('email')}
        {...register('email')}
      />
      <PasswordAgainField error={fieldError('password')} registration={register('password')} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save')}
        </SubmitButton>
      </div>
    </form>
  );
}

const mobileSchema = z.object({
  countryDialingCode: dialingCodeText,
  mobileNum: mobileText,
  verificationCode: requiredText.max(255, 'text_too_long'),
  password: passwordAgain,
});
type MobileValues = z.infer<typeof mobileSchema>;

/** Change the mobile number: an SMS code to the new number, and the password again. */
export function ChangeMobileForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const {
    form: {
      register,
      setError,
      control,
      getValues,
      formState: { isSubmitting },
    },
    alert,
    setAlert,
    submit,
    fieldError,
  } = useServerForm<MobileValues>({
    schema: mobileSchema,
    defaultValues: { countryDialingCode: '+880', mobileNum: '', verificationCode: '', password: '' },
    fields: ['mobileNum', 'verificationCode', 'password'],
    action: async (values) => {
      await apiClient.call(apiRoutes.updateContact, { body: values });
      onSaved();
    },
  });
  const mobileNum = useWatch({ control, name: 'mobileNum' });

  async function sendCode(): Promise<number> {
    setAlert(null);
    const { mobileNum: number, countryDialingCode } = getValues();
    try {
      const { expiredMinutes } = await apiClient.call(apiRoutes.smsMember, {
        body: { mobileNum: number, countryDialingCode },
      });
      return expiredMinutes;
    } catch (error) {
      // Spec 8: a failed SMS send shows the server's message in a warning popup.
      if (!applyIssueKeys(error, setError, ['mobileNum'])) {
        void requestConfirm({ messageKey: errorTextKey(error), hideCancel: true, tone: 'error' });
      }
      throw error;
    }
  }

  return (
    <form
      className="form security__form"
      noValidate
      aria-label={t('action_change_mobile')}
      onSubmit={(event) => void submit(event)}
    >
      <MobileNumberField
        label={t('label_new_mobile')}
        codeProps={register('countryDialingCode')}
        autoFocus
        error={fieldError('mobileNum')}
        {...register('mobileNum')}
      />
      <TextField
        label={t('label_verification_code')}
        placeholder={t('label_verification_code')}
        isRequired
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        error={fieldError('verificationCode')}
        after={<SmsCodeButton onSend={sendCode} canSend={isMobileLike(mobileNum)} />}
        {...register('verificationCode')}
      />
      <PasswordAgainField error={fieldError('password')} registration={register('password')} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save')}
        </SubmitButton>
      </div>
    </form>
  );
}
