import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

interface PasswordPair {
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The new password and its confirmation, as every password form asks them (change, reset by link,
 * reset by phone): show/hide toggles, the rule as a hint, errors (text keys) under each field.
 */
export function NewPasswordFields<Values extends FieldValues & PasswordPair>({
  register,
  errors,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const { t } = useTranslation();
  const errorText = (field: keyof PasswordPair) => {
    const message = errors[field]?.message;
    return typeof message === 'string' && message ? t(message) : undefined;
  };
  return (
    <>
      <PasswordField
        label={t('label_new_password')}
        placeholder={t('label_new_password')}
        isRequired
        autoComplete="new-password"
        hint={t('text_password_hint')}
        error={errorText('newPassword')}
        {...register('newPassword' as Path<Values>)}
      />
      <PasswordField
        label={t('label_confirm_new_password')}
        placeholder={t('label_confirm_new_password')}
        isRequired
        autoComplete="new-password"
        error={errorText('confirmNewPassword')}
        {...register('confirmNewPassword' as Path<Values>)}
      />
    </>
  );
}
