import { forwardRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { TextField, type TextFieldProps } from '../../../shared/forms/text-field.tsx';

export interface UsernameFieldProps extends Omit<TextFieldProps, 'label'> {
  /** The label when it is not "Username" (e.g. "Choose a username"). */
  label?: string;
}

/** An account's username as typed to log in, link or reset: required, never auto-capitalised. */
export const UsernameField = forwardRef<HTMLInputElement, UsernameFieldProps>(function UsernameField(
  { label, ...input },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextField
      ref={ref}
      label={label ?? t('label_username')}
      placeholder={t('label_username')}
      isRequired
      autoComplete="username"
      autoCapitalize="none"
      {...input}
    />
  );
});
