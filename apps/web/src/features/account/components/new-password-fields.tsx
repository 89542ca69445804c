import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '../../../shared/forms/password-field.tsx';

interface PasswordPair {
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The new password and its confirmation, as every password form asks them (change, reset by link,
 * reset by phone): show/hide toggles, the rule as a hint, the error under each field.
 */
export function NewPasswordFields<Values extends FieldValues & PasswordPair>({
  register,
  fieldError,
}: {
  register: UseFormRegister<Values>;
  /** The text under a field (`useServerForm`'s or `useFieldError`'s `fieldError`). */
  fieldError: (field: keyof PasswordPair) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('label_new_password')}
        placeholder={t('label_new_password')}
        isRequired
        autoComplete="new-password"
        hint={t('text_password_hint')}
        error={fieldError('newPassword')}
        {...register('newPassword' as Path<Values>)}
      />
      <PasswordField
        label={t('label_confirm_new_password')}
        placeholder={t('label_confirm_new_password')}
        isRequired
        autoComplete="new-password"
        error={fieldError('confirmNewPassword')}
        {...register('confirmNewPassword' as Path<Values>)}
      />
    </>
  );
}
