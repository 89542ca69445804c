import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ApiError, type LoginValue } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useCountries } from '../../../shared/api/get-countries.ts';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { deviceIdField } from '../../../shared/lib/device-id.ts';
import { solveHumanCheck } from '../lib/human-check.ts';

export const defaultDialingCode = '+880';

/** A possible mobile number: digits (spaces and dashes allowed), 6 to 15 digits. */
export function isPossibleMobile(value: string): boolean {
  const trimmed = value.trim();
  if (!/^[0-9 -]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/[^0-9]/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Spec 5: mobile number required and valid; SMS code required. */
const smsLoginSchema = z.object({
  countryDialingCode: z.string().regex(/^\+?[0-9]{1,4}$/),
  mobileNum: z
    .string()
    .trim()
    .min(1, 'text_field_required')
    .refine((value) => isPossibleMobile(value), 'err_invalid_phone'),
  verificationCode: z.string().trim().min(1, 'text_field_required').max(255),
});
type SmsLoginValues = z.input<typeof smsLoginSchema>;

export interface SmsLoginProps {
  defaultMobileNum: string;
  defaultCountryDialingCode: string;
  rememberRow: ReactNode;
  onSuccess: (value: LoginValue, typed: { mobileNum: string; countryDialingCode: string }) => Promise<void>;
}

/** SMS tab (spec 2, 4): dialing code + number, get-code with its countdown, then the code. */
export function SmsLogin({
  defaultMobileNum,
  defaultCountryDialingCode,
  rememberRow,
  onSuccess,
}: SmsLoginProps) {
  const { t } = useTranslation();
  const { data: countries = [] } = useCountries();
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);
  const {
    form: {
      register,
      getValues,
      control,
      formState: { isSubmitting },
    },
    alert,
    setAlert,
    submit,
    fieldError,
  } = useServerForm<SmsLoginValues>({
    schema: smsLoginSchema,
    defaultValues: {
      countryDialingCode: defaultCountryDialingCode,
      mobileNum: defaultMobileNum,
      verificationCode: '',
    },
    fields: ['mobileNum', 'verificationCode'],
    codeFields: {
      VERIFICATION_CODE_INVALID: 'verificationCode',
      VERIFICATION_CODE_EXPIRED: 'verificationCode',
      MOBILE_NOT_REGISTERED: 'mobileNum',
    },
    action: async (values) => {
      const typed = { mobileNum: values.mobileNum.trim(), countryDialingCode: values.countryDialingCode };
      const value = await apiClient.call(apiRoutes.login, {
        body: {
          type: 'sms',
          ...typed,
          verificationCode: values.verificationCode.trim(),
          ...deviceIdField(),
        },
      });
      await onSuccess(value, typed);
    },
  });
  const mobileNum = useWatch({ control, name: 'mobileNum' });

  const dialingCodes = [
    ...new Set([defaultCountryDialingCode, ...countries.map((c) => c.countryDialingCode)]),
  ];
  const namesByCode = new Map<string, string>();
  for (const country of countries) {
    if (!namesByCode.has(country.countryDialingCode))
      namesByCode.set(country.countryDialingCode, country.name);
  }

  async function sendCode(): Promise<number> {
    const { mobileNum: number, countryDialingCode } = getValues();
    setAlert(null);
    try {
      const altcha = await solveHumanCheck();
      const sent = await apiClient.call(apiRoutes.smsNoLogin, {
        body: { mobileNum: number.trim(), countryDialingCode, purpose: 'login', altcha },
      });
      return sent.expiredMinutes;
    } catch (error) {
      // Spec 8: a failed send shows the server's message in a warning popup with a confirm button.
      void requestConfirm({
        messageKey: error instanceof ApiError ? errorTextKey(error) : 'err_human_verification_failed',
        confirmKey: 'action_confirm',
        hideCancel: true,
        tone: 'error',
      });
      throw error;
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('label_mobile_number')}
        placeholder={t('label_mobile_number')}
        isRequired
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        error={fieldError('mobileNum')}
        before={
          <select
            className="field__input field__select"
            aria-label={t('label_country_code')}
            {...register('countryDialingCode')}
          >
            {dialingCodes.map((code) => (
              <option key={code} value={code} title={namesByCode.get(code)}>
                {code}
              </option>
            ))}
          </select>
        }
        {...register('mobileNum')}
      />
      <SmsCodeField
        error={fieldError('verificationCode')}
        canSend={isPossibleMobile(mobileNum)}
        onSend={sendCode}
        {...register('verificationCode')}
      />
      {rememberRow}
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} isLarge hasSpinner busyLabel={t('state_logging_in')}>
          {t('action_login')}
        </SubmitButton>
      </div>
    </form>
  );
}
