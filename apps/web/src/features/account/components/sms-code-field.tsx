import { forwardRef, type InputHTMLAttributes } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { applyIssueKeys, isMobileLike } from '../../../shared/forms/form-rules.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useFieldError } from '../../../shared/forms/use-server-form.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { MobileNumberField } from './mobile-number-field.tsx';
import { SmsCodeButton, type SmsCodeButtonProps } from './sms-code-button.tsx';

export interface SmsCodeFieldProps
  extends SmsCodeButtonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** The text under the field (`fieldError('verificationCode')`). */
  error: string | undefined;
}

/** The SMS verification code with its get-code button and countdown (spec 4, 5). */
export const SmsCodeField = forwardRef<HTMLInputElement, SmsCodeFieldProps>(function SmsCodeField(
  { error, onSend, canSend, ...input },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextField
      ref={ref}
      label={t('label_verification_code')}
      placeholder={t('label_verification_code')}
      isRequired
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      error={error}
      after={<SmsCodeButton onSend={onSend} canSend={canSend} />}
      {...input}
    />
  );
});

/** Where a code goes: the typed number and its dialing code. */
export interface SmsTarget {
  mobileNum: string;
  countryDialingCode: string;
}

interface SmsFormValues extends SmsTarget {
  verificationCode: string;
}

export interface MobileCodeFieldsProps<Values extends SmsFormValues & FieldValues> {
  form: UseFormReturn<Values>;
  mobileLabel: string;
  autoFocus?: boolean;
  /** Clears the form's alert (`useServerForm`'s `setAlert`) before a send. */
  setAlert: (alert: string | null) => void;
  /** Sends the code to the number; resolves with the call's value (the code's lifetime). */
  send: (target: SmsTarget) => Promise<{ expiredMinutes: number }>;
}

/**
 * A mobile number with its dialing code, then the SMS code sent to it (forgot password by mobile,
 * change the mobile number). A failed send puts the server's issue under the number when it names
 * one, else shows the server's message in a warning popup (spec 8).
 */
export function MobileCodeFields<Values extends SmsFormValues & FieldValues>({
  form,
  mobileLabel,
  autoFocus,
  setAlert,
  send,
}: MobileCodeFieldsProps<Values>) {
  // Values holds these three fields (the type's constraint); react-hook-form's types cannot narrow
  // a generic form to them, so the same form object is read through the narrower type.
  const smsForm = form as unknown as UseFormReturn<SmsFormValues>;
  const { register, getValues, setError, control } = smsForm;
  const fieldError = useFieldError(smsForm);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const mobileNum = useWatch({ control, name: 'mobileNum' });

  async function sendCode(): Promise<number> {
    setAlert(null);
    const { mobileNum: number, countryDialingCode } = getValues();
    try {
      const { expiredMinutes } = await send({ mobileNum: number, countryDialingCode });
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
    <>
      <MobileNumberField
        label={mobileLabel}
        codeProps={register('countryDialingCode')}
        autoFocus={autoFocus}
        error={fieldError('mobileNum')}
        {...register('mobileNum')}
      />
      <SmsCodeField
        error={fieldError('verificationCode')}
        onSend={sendCode}
        canSend={isMobileLike(mobileNum)}
        {...register('verificationCode')}
      />
    </>
  );
}
