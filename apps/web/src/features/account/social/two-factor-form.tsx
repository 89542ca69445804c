import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { SessionGrant } from '@khela/contract';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useTwoFactorCode } from '../lib/use-two-factor-code.ts';

/**
 * The second step of a login (spec 1 "a second verification step"): the six-digit code of the
 * authenticator app, or one of the recovery codes. A challenge that ran out means logging in again.
 */
export function TwoFactorForm({
  challengeId,
  onGrant,
  onChallengeOver,
}: {
  challengeId: string;
  onGrant: (grant: SessionGrant) => void;
  onChallengeOver: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [isRecovery, setIsRecovery] = useState(false);
  const {
    form: {
      register,
      reset,
      formState: { isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useTwoFactorCode({ challengeId, isRecovery, onGrant, onChallengeOver });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="account-page__lead">{t(isRecovery ? 'text_two_factor_recovery' : 'text_two_factor')}</p>
      <TextField
        key={isRecovery ? 'recovery' : 'code'}
        label={t(isRecovery ? 'label_recovery_code' : 'label_two_factor_code')}
        placeholder={isRecovery ? t('label_recovery_code') : '123456'}
        isRequired
        inputMode={isRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoFocus
        maxLength={isRecovery ? 32 : 6}
        error={fieldError('code')}
        {...register('code')}
      />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_logging_in')}>
          {t('action_verify')}
        </SubmitButton>
        <button
          type="button"
          className="form__link"
          onClick={() => {
            reset({ code: '' });
            setIsRecovery((current) => !current);
          }}
        >
          {t(isRecovery ? 'action_use_authenticator' : 'action_use_recovery_code')}
        </button>
      </div>
    </form>
  );
}
