import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError, type LoginValue } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { CaptchaImage, useCaptcha } from '../components/captcha-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { errorTextKey } from '../lib/api-errors.ts';
import { applyIssueKeys } from '../lib/form-rules.ts';
import { solveHumanCheck } from '../lib/human-check.ts';
import { PasswordField } from '../components/password-field.tsx';
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

function lockedUntilOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_LOCKED') return null;
  const value = error.value as { lockedUntil?: unknown } | undefined;
  return typeof value?.lockedUntil === 'number' ? value.lockedUntil : null;
}

interface LoginAlert {
  key: string;
  lockedUntil: number | null;
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
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const [phase, setPhase] = useState<'idle' | 'checking' | 'sending'>('idle');
  const [alert, setAlert] = useState<LoginAlert | null>(null);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<UsernameLoginValues>({
    resolver: zodResolver(usernameLoginSchema),
    defaultValues: { username: defaultUsername, password: '', captcha: '', needsCaptcha: false },
  });

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

  function showError(error: unknown) {
    if (asksForCaptcha(error)) showCaptcha();
    if (
      error instanceof ApiError &&
      (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID')
    ) {
      setError('captcha', { type: 'server', message: error.message });
      window.setTimeout(() => setFocus('captcha'), 0);
      return;
    }
    const lockedUntil = lockedUntilOf(error);
    if (lockedUntil !== null) {
      setAlert({ key: 'err_account_locked', lockedUntil });
      return;
    }
    if (applyIssueKeys(error, setError, ['username', 'password'])) return;
    const key = error instanceof ApiError ? errorTextKey(error) : 'err_human_verification_failed';
    setAlert({ key, lockedUntil: null });
  }

  async function submit(values: UsernameLoginValues) {
    setAlert(null);
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
        },
      });
      await onSuccess(value, { username, password: values.password });
    } catch (error) {
      showError(error);
    } finally {
      setPhase('idle');
    }
  }

  const isBusy = phase !== 'idle';
  const digits = i18n.language === 'bn' && brand.bengaliDigits ? 'beng' : 'latn';
  const lockedText =
    alert?.lockedUntil != null
      ? t('text_locked_until', {
          time: new Intl.DateTimeFormat(`${i18n.language}-u-nu-${digits}`, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(alert.lockedUntil)),
        })
      : null;

  return (
    <form className="account-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <TextField
        label={t('label_username')}
        placeholder={t('label_username')}
        isRequired
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message ? t(errors.username.message) : undefined}
        {...register('username')}
      />
      <PasswordField
        label={t('label_password')}
        placeholder={t('label_password')}
        isRequired
        autoComplete="current-password"
        error={errors.password?.message ? t(errors.password.message) : undefined}
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
          error={errors.captcha?.message ? t(errors.captcha.message) : undefined}
          after={<CaptchaImage captcha={captcha} />}
          {...register('captcha')}
        />
      ) : null}
      {rememberRow}
      {alert ? (
        <div className="account-form__alert" role="alert">
          <p className="login-form__alert-text">{t(alert.key)}</p>
          {lockedText ? <p className="login-form__alert-text">{lockedText}</p> : null}
          {alert.lockedUntil !== null ? (
            <button type="button" className="account-form__link" onClick={onForgotPassword}>
              {t('action_forgot_password')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="account-form__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={isBusy}
          aria-busy={isBusy || undefined}
        >
          {isBusy ? <span className="login-form__spinner" aria-hidden="true" /> : null}
          {phase === 'checking'
            ? t('state_checking_human')
            : phase === 'sending'
              ? t('state_logging_in')
              : t('action_login')}
        </button>
      </div>
    </form>
  );
}
