import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { MobileCodeFields } from '../components/sms-code-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { dialingCodeText, emailText, mobileText, requiredText } from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';

const passwordAgain = z.string().min(1, 'text_field_required').max(128, 'text_too_long');

/** The login password asked again before an account change (contact, payment password). */
function PasswordAgainField({
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

/** The end of a form that changes the account: the login password again, the form's alert, Save. */
export function PasswordAgainAndSave({
  alert,
  isSubmitting,
  ...passwordAgain
}: Parameters<typeof PasswordAgainField>[0] & { alert: string | null; isSubmitting: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordAgainField {...passwordAgain} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save')}
        </SubmitButton>
      </div>
    </>
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
      <PasswordAgainAndSave
        error={fieldError('password')}
        registration={register('password')}
        alert={alert}
        isSubmitting={isSubmitting}
      />
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
  const { form, alert, setAlert, submit, fieldError } = useServerForm<MobileValues>({
    schema: mobileSchema,
    defaultValues: { countryDialingCode: '+880', mobileNum: '', verificationCode: '', password: '' },
    fields: ['mobileNum', 'verificationCode', 'password'],
    action: async (values) => {
      await apiClient.call(apiRoutes.updateContact, { body: values });
      onSaved();
    },
  });

  return (
    <form
      className="form security__form"
      noValidate
      aria-label={t('action_change_mobile')}
      onSubmit={(event) => void submit(event)}
    >
      <MobileCodeFields
        form={form}
        mobileLabel={t('label_new_mobile')}
        autoFocus
        setAlert={setAlert}
        send={(target) => apiClient.call(apiRoutes.smsMember, { body: target })}
      />
      <PasswordAgainAndSave
        error={fieldError('password')}
        registration={form.register('password')}
        alert={alert}
        isSubmitting={form.formState.isSubmitting}
      />
    </form>
  );
}
