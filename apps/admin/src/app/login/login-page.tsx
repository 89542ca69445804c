import { useState } from 'react';
import { z } from 'zod';
import { ApiError, loginBodySchema, operatorCalls, type LoginValue } from '@khela/contract';
import { loginTwoFactor, operatorLogin } from '@khela/contract/call-routes';
import { callApi } from '../../shared/api/client.ts';
import { bodySchema } from '../../shared/api/schemas.ts';
import { clearNotice, startSession, useSession } from '../../shared/api/session.ts';
import { FormAlert, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { errorText } from '../../shared/forms/api-errors.ts';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { ThemeToggle } from '../theme-toggle.tsx';
import { readDeviceToken, rememberDeviceToken } from './device-token.ts';
import { solveHumanCheck } from './human-check.ts';

// The login's own fields of the contract's body (operatorLogin's is the username login without its
// `type`; the proof of work and device token are added on submit). Only these schemas are imported,
// not `calls`: every other call's schema stays out of the start-up script.
const passwordStepSchema = loginBodySchema.options[0].pick({ username: true, password: true });
type PasswordStep = z.infer<typeof passwordStepSchema>;

// loginTwoFactor's fields: the same six digits as the enrolment's code; a recovery code up to 32 characters.
const twoFactorFields = {
  code: bodySchema(operatorCalls.operatorTwoFactorConfirm).shape.code,
  recoveryCode: z.string().trim().min(1, 'text_field_required').max(32),
};
const codeStepSchema = z
  .object({
    useRecovery: z.boolean(),
    code: z.string().max(6),
    recoveryCode: z.string().max(32),
  })
  .superRefine((values, context) => {
    const field = values.useRecovery ? 'recoveryCode' : 'code';
    const schema = values.useRecovery ? twoFactorFields.recoveryCode : twoFactorFields.code;
    const value = values[field].trim();
    if (!value) {
      context.addIssue({ code: 'custom', path: [field], message: 'text_field_required' });
      return;
    }
    const checked = schema.safeParse(value);
    if (!checked.success) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: checked.error.issues[0]?.message ?? 'text_field_rule',
      });
    }
  });
type CodeStep = z.infer<typeof codeStepSchema>;

interface Challenge {
  challengeId: string;
  account: string;
}

/** The back office's login: account and password (after the ALTCHA proof of work), then the second step. */
export function LoginPage() {
  const { notice } = useSession();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  return (
    <div className="login">
      <div className="login__theme">
        <ThemeToggle />
      </div>
      <div className="login__card">
        <p className="login__brand">{t('shell_brand')}</p>
        <h1 className="login__title">{t(challenge ? 'shell_login_code_title' : 'shell_login_title')}</h1>
        {notice ? <FormAlert tone="notice">{t(notice)}</FormAlert> : null}
        {challenge ? (
          <CodeForm challenge={challenge} onBack={() => setChallenge(null)} />
        ) : (
          <PasswordForm onChallenge={setChallenge} />
        )}
      </div>
    </div>
  );
}

function finish(value: Extract<LoginValue, { twoFactorRequired: false }>, account: string): void {
  rememberDeviceToken(account, value.deviceToken);
  startSession(value.token);
}

function PasswordForm({ onChallenge }: { onChallenge: (challenge: Challenge) => void }) {
  const [phase, setPhase] = useState<'idle' | 'checking' | 'sending'>('idle');
  const { form, alert, submit, fieldError } = useServerForm<PasswordStep>({
    schema: passwordStepSchema,
    defaultValues: { username: '', password: '' },
    fields: ['username', 'password'],
    action: async ({ username, password }) => {
      try {
        clearNotice();
        setPhase('checking');
        const altcha = await solveHumanCheck().catch(() => {
          throw new ApiError({
            code: 'HUMAN_VERIFICATION_FAILED',
            message: 'err_human_verification_failed',
            status: 0,
          });
        });
        setPhase('sending');
        const deviceToken = readDeviceToken(username);
        const value = await callApi(operatorLogin, {
          body: { username, password, altcha, ...(deviceToken ? { deviceToken } : {}) },
        });
        if (value.twoFactorRequired) onChallenge({ challengeId: value.challengeId, account: username });
        else finish(value, username);
      } finally {
        setPhase('idle');
      }
    },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('shell_login_account')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        isRequired
        error={fieldError('username')}
        {...form.register('username')}
      />
      <TextField
        label={t('shell_login_password')}
        type="password"
        autoComplete="current-password"
        isRequired
        error={fieldError('password')}
        {...form.register('password')}
      />
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <SubmitButton
          isBusy={phase !== 'idle'}
          busyLabel={t(phase === 'checking' ? 'shell_login_checking' : 'shell_login_sending')}
        >
          {t('shell_login_submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

function CodeForm({ challenge, onBack }: { challenge: Challenge; onBack: () => void }) {
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<CodeStep>({
    schema: codeStepSchema,
    defaultValues: { useRecovery: false, code: '', recoveryCode: '' },
    fields: ['code', 'recoveryCode'],
    codeFields: { TWO_FACTOR_INVALID: 'code' },
    action: async ({ useRecovery, code, recoveryCode }) => {
      const value = await callApi(loginTwoFactor, {
        body: {
          challengeId: challenge.challengeId,
          ...(useRecovery ? { recoveryCode: recoveryCode.trim() } : { code: code.trim() }),
        },
      });
      finish(value, challenge.account);
    },
    onError: (error, currentForm) => {
      if (
        error instanceof ApiError &&
        error.code === 'TWO_FACTOR_INVALID' &&
        currentForm.getValues('useRecovery')
      ) {
        currentForm.setError(
          'recoveryCode',
          { type: 'server', message: errorText(error) },
          { shouldFocus: true },
        );
        return true;
      }
      return false;
    },
  });
  const useRecovery = form.watch('useRecovery');
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="form__lead">{t(useRecovery ? 'shell_login_recovery_lead' : 'shell_login_code_lead')}</p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('shell_login_recovery_code')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          isRequired
          error={fieldError('recoveryCode')}
          {...form.register('recoveryCode')}
        />
      ) : (
        <TextField
          key="code"
          label={t('shell_login_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isRequired
          autoFocus
          error={fieldError('code')}
          {...form.register('code')}
        />
      )}
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions form__actions--spread">
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            form.clearErrors();
            form.setValue('useRecovery', !useRecovery);
          }}
        >
          {t(useRecovery ? 'shell_login_use_code' : 'shell_login_use_recovery')}
        </button>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onBack}>
            {t('shell_back')}
          </button>
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_login_sending')}>
            {t('shell_login_verify')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
