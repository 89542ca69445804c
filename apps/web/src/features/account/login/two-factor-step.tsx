import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { SessionGrant } from '@khela/contract';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useTwoFactorCode } from '../lib/use-two-factor-code.ts';

type CodeKind = 'code' | 'recoveryCode';

export interface TwoFactorStepProps {
  challengeId: string;
  onSuccess: (grant: SessionGrant) => Promise<void>;
  /** Back to the first step; with a text key when the challenge is over (log in again). */
  onRestart: (messageKey?: string) => void;
}

/** The second step of a login (spec 1): a TOTP code from the app, or one recovery code. */
export function TwoFactorStep({ challengeId, onSuccess, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CodeKind>('code');
  return (
    <div className="login-form__two-factor">
      <div className="login-form__step-head">
        <ShieldCheck size={28} aria-hidden="true" className="login-form__step-icon" />
        <h3 className="login-form__step-title">{t('title_two_factor')}</h3>
      </div>
      <p className="field__hint">{t(kind === 'code' ? 'text_two_factor' : 'text_two_factor_recovery')}</p>
      <CodeForm
        key={kind}
        kind={kind}
        challengeId={challengeId}
        onSuccess={onSuccess}
        onRestart={onRestart}
      />
      <div className="form__row">
        <button
          type="button"
          className="form__link"
          onClick={() => setKind((current) => (current === 'code' ? 'recoveryCode' : 'code'))}
        >
          {t(kind === 'code' ? 'action_use_recovery_code' : 'action_use_authenticator')}
        </button>
        <button type="button" className="form__link" onClick={() => onRestart()}>
          {t('action_back_to_login')}
        </button>
      </div>
    </div>
  );
}

function CodeForm({ kind, challengeId, onSuccess, onRestart }: TwoFactorStepProps & { kind: CodeKind }) {
  const { t } = useTranslation();
  const focused = useRef(false);
  const {
    form: {
      register,
      setFocus,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useTwoFactorCode({
    challengeId,
    isRecovery: kind === 'recoveryCode',
    onGrant: onSuccess,
    onChallengeOver: () => onRestart('text_two_factor_restart'),
  });

  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    setFocus('code');
  }, [setFocus]);

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t(kind === 'code' ? 'label_two_factor_code' : 'label_recovery_code')}
        placeholder={kind === 'code' ? '000000' : t('label_recovery_code')}
        isRequired
        inputMode={kind === 'code' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={kind === 'code' ? 6 : 32}
        className={kind === 'code' ? 'login-form__otp' : undefined}
        error={fieldError('code')}
        {...register('code')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} isLarge hasSpinner busyLabel={t('state_verifying')}>
          {t('action_verify')}
        </SubmitButton>
      </div>
    </form>
  );
}
