import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, type SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { TextField } from '../components/text-field.tsx';
import { errorTextKey } from '../lib/api-errors.ts';
import '../components/account-form.css';
import { FormAlert } from '../components/form-alert.tsx';

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'text_field_required')
    .regex(/^[0-9]{6}$/, 'text_code_six_digits'),
});
const recoverySchema = z.object({
  code: z.string().trim().min(1, 'text_field_required').max(32, 'text_too_long'),
});
type Values = z.infer<typeof codeSchema>;

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
  const [alert, setAlert] = useState<string | null>(null);
  const [isRecovery, setIsRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(isRecovery ? recoverySchema : codeSchema),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    setAlert(null);
    const isTotp = !isRecovery;
    try {
      const grant = await apiClient.call(apiRoutes.loginTwoFactor, {
        body: isTotp ? { challengeId, code } : { challengeId, recoveryCode: code },
      });
      onGrant(grant);
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((issue) => issue.field === 'challengeId')) {
        onChallengeOver(error);
      } else if (error instanceof ApiError && error.code === 'TWO_FACTOR_INVALID') {
        setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setAlert(errorTextKey(error));
      }
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
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
        error={errors.code?.message ? t(errors.code.message) : undefined}
        {...register('code')}
      />
      <FormAlert textKey={alert} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('state_logging_in') : t('action_verify')}
        </button>
        <button
          type="button"
          className="account-form__link"
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
