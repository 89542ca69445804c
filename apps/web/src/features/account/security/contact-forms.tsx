import type { FormEvent, ReactNode } from 'react';
import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { MobileCodeFields } from '../components/sms-code-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { dialingCodeText, emailText, mobileText, requiredText } from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm, type ServerFormOptions } from '../../../shared/forms/use-server-form.ts';

const passwordAgain = z.string().min(1, 'text_field_required').max(128, 'text_too_long');

/** The login password asked again before an account change (contact, payment password). */
function PasswordAgainField({
  error,
  registration,
}: {
  /** The text under the field (`fieldError('password')`). */
  error: string | undefined;
  registration: UseFormRegisterReturn;
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

export interface AccountChangeFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The login password asked again: the text under it and its registration. */
  passwordError: string | undefined;
  passwordRegistration: UseFormRegisterReturn;
  alert: string | null;
  isSubmitting: boolean;
  children: ReactNode;
}

/**
 * A form of the security centre that changes the account (email, mobile, payment password): its
 * fields, then the login password again, the form's alert and Save.
 */
export function AccountChangeForm({
  label,
  onSubmit,
  passwordError,
  passwordRegistration,
  alert,
  isSubmitting,
  children,
}: AccountChangeFormProps) {
  const { t } = useTranslation();
  return (
    <form className="form security__form" noValidate aria-label={label} onSubmit={onSubmit}>
      {children}
      <PasswordAgainField error={passwordError} registration={passwordRegistration} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * A contact change (PUT /wps/member/contact, sealed): the form kit with that call, and the props of
 * its `AccountChangeForm` (`frame`).
 */
function useContactForm<Values extends { password: string }>(
  options: Omit<ServerFormOptions<Values>, 'action'> & { onSaved: () => void },
) {
  const { onSaved, ...formOptions } = options;
  const server = useServerForm<Values>({
    ...formOptions,
    action: async (values) => {
      await apiClient.call(apiRoutes.updateContact, { body: values });
      onSaved();
    },
  });
  // Values has a password (the type's constraint); react-hook-form's paths cannot see it in a generic.
  const password = 'password' as Path<Values>;
  const frame = {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void server.submit(event),
    passwordError: server.fieldError(password),
    passwordRegistration: server.form.register(password),
    alert: server.alert,
    isSubmitting: server.form.formState.isSubmitting,
  };
  return { ...server, frame };
}

const emailSchema = z.object({ email: emailText, password: passwordAgain });
type EmailValues = z.infer<typeof emailSchema>;

/** Change the email: the password is asked again. */
export function ChangeEmailForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const { form, fieldError, frame } = useContactForm<EmailValues>({
    schema: emailSchema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    onSaved,
  });

  return (
    <AccountChangeForm label={t('action_change_email')} {...frame}>
      <TextField
        label={t('label_new_email')}
        placeholder={t('label_new_email')}
        isRequired
        type="email"
        autoComplete="email"
        autoFocus
        error={fieldError('email')}
        {...form.register('email')}
      />
    </AccountChangeForm>
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
  const { form, setAlert, frame } = useContactForm<MobileValues>({
    schema: mobileSchema,
    defaultValues: { countryDialingCode: '+880', mobileNum: '', verificationCode: '', password: '' },
    fields: ['mobileNum', 'verificationCode', 'password'],
    onSaved,
  });

  return (
    <AccountChangeForm label={t('action_change_mobile')} {...frame}>
      <MobileCodeFields
        form={form}
        mobileLabel={t('label_new_mobile')}
        autoFocus
        setAlert={setAlert}
        send={(target) => apiClient.call(apiRoutes.smsMember, { body: target })}
      />
    </AccountChangeForm>
  );
}
