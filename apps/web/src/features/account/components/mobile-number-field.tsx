import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useCountries } from '../../../shared/api/get-countries.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';

export interface MobileNumberFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** The country dialing code select (react-hook-form `register('countryDialingCode')`). */
  codeProps: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> };
  after?: ReactNode;
}

/** A mobile number with its country dialing code (spec 3: country list loaded on start). */
export const MobileNumberField = forwardRef<HTMLInputElement, MobileNumberFieldProps>(
  function MobileNumberField({ label, error, codeProps, after, ...input }, ref) {
    const { t } = useTranslation();
    const { data: countries } = useCountries();
    const codes = [...new Set((countries ?? []).map((country) => country.countryDialingCode))];
    if (!codes.includes('+880')) codes.unshift('+880');
    return (
      <TextField
        ref={ref}
        label={label}
        error={error}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        isRequired
        placeholder={label}
        before={
          <select className="field__input field__select" aria-label={t('label_country_code')} {...codeProps}>
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        }
        after={after}
        {...input}
      />
    );
  },
);
