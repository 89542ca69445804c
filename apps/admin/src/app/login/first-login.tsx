import { useState } from 'react';
import type { z } from 'zod';
import { operatorCalls, passwordChangeBodySchema, type OperatorSelf } from '@khela/contract';
import {
  operatorChangePassword,
  operatorTwoFactorConfirm,
  operatorTwoFactorSetup,
} from '@khela/contract/call-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { bodySchema } from '../../shared/api/schemas.ts';
import { startSession } from '../../shared/api/session.ts';
import { FormAlert, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { errorText } from '../../shared/forms/api-errors.ts';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Loading } from '../../shared/ui/states.tsx';
import { LogoutButton } from '../logout-button.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';

/** The frame of a first-login step: the brand, the step's heading, a way out. */
function StepFrame({ title, step, children }: { title: string; step: string; children: React.ReactNode }) {
  return (
    <div className="login">
      <div className="login__theme">
        <ThemeToggle />
        <LogoutButton />
      </div>
      <div className="login__card">
        <p className="login__brand">{t('shell_brand')}</p>
        <p className="login__step">{step}</p>
        <h1 className="login__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

// The contract's body, with "the two new passwords match" checked before sending.
const passwordSchema = passwordChangeBodySchema.refine(
  (values) => values.newPassword === values.confirmNewPassword,
  { path: ['confirmNewPassword'], message: 'text_password_mismatch' },
);
type PasswordValues = z.infer<typeof passwordSchema>;

/** First login (or after a reset): a new password before anything else; it answers a new token. */
export function ChangePasswordStep({ operator }: { operator: OperatorSelf }) {
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<PasswordValues>({
    schema: passwordSchema,
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    fields: ['oldPassword', 'newPassword', 'confirmNewPassword'],
    codeFields: { WRONG_PASSWORD: 'oldPassword' },
    action: async (body) => {
      const { token } = await callApi(operatorChangePassword, { body });
      startSession(token);
    },
  });
  return (
    <StepFrame
      title={t('shell_password_title')}
      step={t('shell_first_login_step', { account: operator.account })}
    >
      <p className="form__lead">{t('shell_password_lead')}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('shell_password_old')}
          type="password"
          autoComplete="current-password"
          isRequired
          error={fieldError('oldPassword')}
          {...form.register('oldPassword')}
        />
        <TextField
          label={t('shell_password_new')}
          type="password"
          autoComplete="new-password"
          isRequired
          error={fieldError('newPassword')}
          {...form.register('newPassword')}
        />
        <TextField
          label={t('shell_password_confirm')}
          type="password"
          autoComplete="new-password"
          isRequired
          error={fieldError('confirmNewPassword')}
          {...form.register('confirmNewPassword')}
        />
        <FormAlert>{alert}</FormAlert>
        <div className="form__actions">
          <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
            {t('shell_password_submit')}
          </SubmitButton>
        </div>
      </form>
    </StepFrame>
  );
}

const codeSchema = bodySchema(operatorCalls.operatorTwoFactorConfirm);
type CodeValues = z.infer<typeof codeSchema>;

/**
 * The second step is required for every operator: scan the QR code (or type the secret), confirm
 * with a code; the recovery codes are shown once, then the new token opens the back office.
 */
export function TwoFactorStep({ operator }: { operator: OperatorSelf }) {
  const setup = useMutation({ mutationFn: () => callApi(operatorTwoFactorSetup) });
  const [done, setDone] = useState<{ recoveryCodes: string[]; token: string } | null>(null);
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<CodeValues>({
    schema: codeSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    codeFields: { TWO_FACTOR_INVALID: 'code' },
    action: async (body) => {
      setDone(await callApi(operatorTwoFactorConfirm, { body }));
    },
  });
  const step = t('shell_first_login_step', { account: operator.account });

  if (done) {
    return (
      <StepFrame title={t('shell_recovery_title')} step={step}>
        <p className="form__lead">{t('shell_recovery_lead')}</p>
        <ul className="recovery-codes" data-testid="recovery-codes">
          {done.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={() => startSession(done.token)}>
            {t('shell_recovery_done')}
          </button>
        </div>
      </StepFrame>
    );
  }

  return (
    <StepFrame title={t('shell_totp_title')} step={step}>
      <p className="form__lead">{t('shell_totp_lead')}</p>
      {setup.data ? (
        <div className="totp">
          <img
            className="totp__qr"
            src={setup.data.qrCode}
            alt={t('shell_totp_qr_alt')}
            width={200}
            height={200}
          />
          <div className="totp__secret">
            <p className="field__label">{t('shell_totp_secret')}</p>
            <code data-testid="totp-secret">{setup.data.secret}</code>
          </div>
        </div>
      ) : setup.isPending ? (
        <Loading rows={2} />
      ) : (
        <>
          {setup.error ? <FormAlert>{errorText(setup.error)}</FormAlert> : null}
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={() => setup.mutate()}>
              {t('shell_totp_start')}
            </button>
          </div>
        </>
      )}
      {setup.data ? (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('shell_login_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            isRequired
            error={fieldError('code')}
            {...form.register('code')}
          />
          <FormAlert>{alert}</FormAlert>
          <div className="form__actions">
            <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
              {t('shell_totp_confirm')}
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </StepFrame>
  );
}
