import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ApiError, type LoginValue } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatMomentWithZone } from '../../../shared/lib/format.ts';
import { CaptchaImage, useCaptcha } from '../components/captcha-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { AccountHelp } from '../components/account-help.tsx';
import { PasswordField } from '../../../shared/forms/password-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { UsernameField } from '../components/username-field.tsx';
import { solveHumanCheck } from '../lib/human-check.ts';
import { deviceIdField } from '../../../shared/lib/device-id.ts';
import { readDeviceToken } from '../../../shared/lib/known-devices.ts';

/** Spec 5: username and password required (trimmed); the captcha too once it is shown. */
const usernameLoginSchema = z
  .object({
    username: z.string().trim().min(1, 'text_field_required').max(64),
    password: z
      .string()
      .max(128)
      .refine((password) => password.trim().length > 0, 'text_field_required'),
    captcha: z.string().trim().max(16),
    needsCaptcha: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.needsCaptcha && values.captcha.length === 0) {
      context.addIssue({ code: 'custom', path: ['captcha'], message: 'err_captcha_required' });
    }
  });
type UsernameLoginValues = z.input<typeof usernameLoginSchema>;

/** The codes whose failure asks for the image captcha (`value.captcha: true`). */
function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value as { captcha?: unknown } | undefined;
  return value?.captcha === true;
}

/** Accounts that cannot log in whatever the password: the form says where to get help. */
const closedCodes: ReadonlySet<string> = new Set(['ACCOUNT_ON_HOLD', 'ACCOUNT_DISABLED']);

function lockedUntilOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_LOCKED') return null;
  const value = error.value as { lockedUntil?: unknown } | undefined;
  return typeof value?.lockedUntil === 'number' ? value.lockedUntil : null;
}

export interface UsernameLoginProps {
  defaultUsername: string;
  /** The remember-me row (checkbox and forgot link), shared with the SMS tab. */
  rememberRow: ReactNode;
  onForgotPassword: () => void;
  onSuccess: (value: LoginValue, typed: { username: string; password: string }) => Promise<void>;
}

/** Username tab (spec 2, 4): ALTCHA on submit, the image captcha once the server asks for it. */
export function UsernameLogin({
  defaultUsername,
  rememberRow,
  onForgotPassword,
  onSuccess,
}: UsernameLoginProps) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const [phase, setPhase] = useState<'idle' | 'checking' | 'sending'>('idle');
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [closed, setClosed] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const { form, alert, setAlert, submit, fieldError } = useServerForm<UsernameLoginValues>({
    schema: usernameLoginSchema,
    defaultValues: { username: defaultUsername, password: '', captcha: '', needsCaptcha: false },
    fields: ['username', 'password'],
    action: async (values) => {
      setLockedUntil(null);
      const username = values.username.trim();
      try {
        setPhase('checking');
        // A new proof for every submit: each answer is accepted once (spec 4 "human-verification step").
        const altcha = await solveHumanCheck();
        setPhase('sending');
        const withCaptcha =
          values.needsCaptcha && captcha.captchaId
            ? { captcha: values.captcha.trim(), captchaId: captcha.captchaId }
            : {};
        const deviceToken = readDeviceToken(username);
        const value = await apiClient.call(apiRoutes.login, {
          body: {
            type: 'username',
            username,
            password: values.password,
            altcha,
            ...withCaptcha,
            ...(deviceToken ? { deviceToken } : {}),
            ...deviceIdField(),
          },
        });
        await onSuccess(value, { username, password: values.password });
      } finally {
        setPhase('idle');
      }
    },
    onError: (error) => {
      if (asksForCaptcha(error)) showCaptcha();
      if (
        error instanceof ApiError &&
        (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID')
      ) {
        form.setError('captcha', { type: 'server', message: error.message });
        // The field may mount with this render: focus it after.
        window.setTimeout(() => form.setFocus('captcha'), 0);
        return true;
      }
      // An account on hold or closed: what happened, and where to get help.
      setClosed(error instanceof ApiError && closedCodes.has(error.code));
      const until = lockedUntilOf(error);
      if (until !== null) {
        setLockedUntil(until);
        setAlert('err_account_locked');
        return true;
      }
      // The human check failed before any call.
      if (!(error instanceof ApiError)) {
        setAlert('err_human_verification_failed');
        return true;
      }
      return false;
    },
  });
  const { register, setValue } = form;

  function showCaptcha() {
    setValue('captcha', '');
    setValue('needsCaptcha', true);
    if (!needsCaptcha) {
      setNeedsCaptcha(true);
      return;
    }
    // Each image is single use: a shown captcha gets a new one after every failed try.
    captcha.refresh();
  }

  const isBusy = phase !== 'idle';
  const lockedText =
    alert && lockedUntil !== null
      ? t('text_locked_until', {
          // The brand's clock, with its zone named (GMT+6): the form has no zone line of its own.
          time: formatMomentWithZone(lockedUntil, formatOptions),
        })
      : null;

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <UsernameField spellCheck={false} error={fieldError('username')} {...register('username')} />
      <PasswordField
        label={t('label_password')}
        placeholder={t('label_password')}
        isRequired
        autoComplete="current-password"
        error={fieldError('password')}
        {...register('password')}
      />
      {needsCaptcha ? (
        <TextField
          label={t('label_captcha')}
          placeholder={t('label_captcha')}
          isRequired
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={16}
          error={fieldError('captcha')}
          after={<CaptchaImage captcha={captcha} />}
          {...register('captcha')}
        />
      ) : null}
      {rememberRow}
      {alert ? (
        <FormAlert>
          <p className="login-form__alert-text">{t(alert)}</p>
          {lockedText ? <p className="login-form__alert-text">{lockedText}</p> : null}
          {closed ? <AccountHelp /> : null}
          {lockedUntil !== null ? (
            <button type="button" className="form__link" onClick={onForgotPassword}>
              {t('action_forgot_password')}
            </button>
          ) : null}
        </FormAlert>
      ) : null}
      <div className="form__actions">
        <SubmitButton
          isBusy={isBusy}
          isLarge
          hasSpinner
          busyLabel={t(phase === 'checking' ? 'state_checking_human' : 'state_logging_in')}
        >
          {t('action_login')}
        </SubmitButton>
      </div>
    </form>
  );
}
