import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { ApiError } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { paths } from '../../../shared/config/paths.ts';

export interface AgreementCheckProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The brand's minimum age (18 or 21), from the registration settings. */
  minimumAge: number;
  error?: string | undefined;
}

/**
 * The age confirmation and terms agreement every new account gives (issue 42, spec 5: "age
 * confirmation 18 or 21 by variant", "terms agreement required"): one box, the terms a link that
 * opens beside the form so nothing typed is lost. The box is the form's `agreed` field (`register`).
 */
export const AgreementCheck = forwardRef<HTMLInputElement, AgreementCheckProps>(function AgreementCheck(
  { minimumAge, error, ...checkbox },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="register-agreement">
      <label className="form__check register-agreement__check">
        <input
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...checkbox}
        />
        <span>{t('text_register_agreement', { age: minimumAge })}</span>
      </label>
      <a
        className="form__link register-agreement__terms"
        href={paths.help('general-terms')}
        target="_blank"
        rel="noopener"
      >
        {t('action_read_terms')}
      </a>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/**
 * The server's refusal of the agreement (agreementIssues on the server), as the text under the box:
 * terms published after the page loaded ask for a new reading; otherwise the box was not ticked.
 * Null when the refusal is about something else.
 */
export function agreementRefusal(error: unknown): 'text_terms_changed' | 'text_agreement_required' | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const terms = error.issues.find((issue) => issue.field === 'termsVersion');
  if (terms && terms.reason !== 'Required') return 'text_terms_changed';
  if (terms || error.issues.some((issue) => issue.field === 'ageConfirmed')) return 'text_agreement_required';
  return null;
}
