import { forwardRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password field with a show/hide toggle beside it (login and change password). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'after'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    const [isShown, setIsShown] = useState(false);
    return (
      <TextField
        ref={ref}
        {...props}
        type={isShown ? 'text' : 'password'}
        after={
          <button
            type="button"
            className="icon-button password-toggle"
            aria-pressed={isShown}
            aria-label={t('action_show_password')}
            title={t(isShown ? 'action_hide_password' : 'action_show_password')}
            onClick={() => setIsShown((shown) => !shown)}
          >
            {isShown ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
          </button>
        }
      />
    );
  },
);
