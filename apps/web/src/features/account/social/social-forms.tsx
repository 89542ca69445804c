import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, type FieldRule, type LoginValue, type SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRegisterSetting } from '../../../shared/api/get-register-setting.ts';
import { CaptchaImage, useCaptcha } from '../components/captcha-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { errorTextKey } from '../lib/api-errors.ts';
import { solveHumanCheck } from '../lib/human-check.ts';
import { applyIssueKeys, requiredText } from '../lib/form-rules.ts';
import '../components/account-form.css';
import { FormAlert } from '../components/form-alert.tsx';

/** Codes that end the sign-in: the ticket ran out or was used (start again from the login). */
function endsSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SOCIAL_LOGIN_FAILED';
}

const linkSchema = z.object({
  username: requiredText.max(64, 'text_too_long'),
  password: z.string().min(1, 'text_field_required').max(128, 'text_too_long'),
  captcha: z.string().trim().max(16, 'text_too_long'),
});
type LinkValues = z.infer<typeof linkSchema>;

/** Link the new identity to an existing account: its password proves it (with the login protections). */
export function LinkExistingForm({
  linkTicket,
  onLoginValue,
  onFailed,
  onBack,
}: {
  linkTicket: string;
  onLoginValue: (value: LoginValue) => void;
  onFailed: (error: unknown) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkValues>({
    resolver: zodResolver(linkSchema),
    defaultValues: { username: '', password: '', captcha: '' },
  });

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    if (needsCaptcha && !values.captcha) {
      setError('captcha', { type: 'required', message: 'err_captcha_required' }, { shouldFocus: true });
      return;
    }
    try {
      setIsVerifying(true);
      const altcha = await solveHumanCheck();
      setIsVerifying(false);
      const value = await apiClient.call(apiRoutes.socialLink, {
        body: {
          linkTicket,
          username: values.username,
          password: values.password,
          altcha,
          ...(needsCaptcha && captcha.captchaId
            ? { captcha: values.captcha, captchaId: captcha.captchaId }
            : {}),
        },
      });
      onLoginValue(value);
    } catch (error) {
      setIsVerifying(false);
      if (endsSignIn(error)) {
        onFailed(error);
        return;
      }
      if (error instanceof ApiError && (error.value as { captcha?: unknown } | undefined)?.captcha === true) {
        if (needsCaptcha) captcha.refresh();
        setNeedsCaptcha(true);
      }
      if (!applyIssueKeys(error, setError, ['username', 'password', 'captcha']))
        setAlert(errorTextKey(error));
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('label_username')}
        placeholder={t('label_username')}
        isRequired
        autoComplete="username"
        autoCapitalize="none"
        error={errors.username?.message ? t(errors.username.message) : undefined}
        {...register('username')}
      />
      <TextField
        label={t('label_password')}
        placeholder={t('label_password')}
        isRequired
        type="password"
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
          error={errors.captcha?.message ? t(errors.captcha.message) : undefined}
          after={<CaptchaImage captcha={captcha} />}
          {...register('captcha')}
        />
      ) : null}
      <FormAlert textKey={alert} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isVerifying
            ? t('state_verifying')
            : isSubmitting
              ? t('state_logging_in')
              : t('action_link_account')}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('action_back')}
        </button>
      </div>
    </form>
  );
}

/** The text key of a registration rule (spec 5: built from the pattern id, min and max substituted). */
function ruleTextKey(rule: FieldRule | undefined): string {
  const base = rule ? `rule_${rule.patternId}` : 'rule_any';
  return rule && rule.minLength === rule.maxLength ? `${base}_exact` : base;
}

/** The brand's username rule (registration settings), as a zod string with text-key messages. */
function usernameRule(rule: FieldRule | undefined) {
  const min = rule?.minLength ?? 1;
  const max = rule?.maxLength || 64;
  const pattern = rule ? new RegExp(rule.acceptedPattern === '*' ? '.*' : rule.acceptedPattern, 'u') : /.*/u;
  const message = ruleTextKey(rule);
  return requiredText
    .refine((value) => [...value].length >= min && [...value].length <= max, message)
    .refine((value) => pattern.test(value), message);
}

/** Open a new account for the identity: only a username (no password; social or SMS sign-in later). */
export function RegisterWithSocialForm(props: RegisterWithSocialProps) {
  const { t } = useTranslation();
  const { data: setting, isPending } = useRegisterSetting();
  // The rule shapes the form's schema, which react-hook-form takes once: wait for it.
  if (isPending) return <Spinner label={t('state_loading')} />;
  return <RegisterWithSocialFields {...props} rule={setting?.username} />;
}

interface RegisterWithSocialProps {
  linkTicket: string;
  onGrant: (grant: SessionGrant) => void;
  onFailed: (error: unknown) => void;
  onBack: () => void;
}

function RegisterWithSocialFields({
  linkTicket,
  onGrant,
  onFailed,
  onBack,
  rule,
}: RegisterWithSocialProps & { rule: FieldRule | undefined }) {
  const { t } = useTranslation();
  const [schema] = useState(() => z.object({ username: usernameRule(rule) }));
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ username: string }>({ resolver: zodResolver(schema), defaultValues: { username: '' } });

  const submit = handleSubmit(async ({ username }) => {
    setAlert(null);
    try {
      onGrant(await apiClient.call(apiRoutes.socialRegister, { body: { linkTicket, username } }));
    } catch (error) {
      if (endsSignIn(error)) {
        onFailed(error);
        return;
      }
      if (!applyIssueKeys(error, setError, ['username'])) setAlert(errorTextKey(error));
    }
  });

  const ruleParams = { min: rule?.minLength ?? 1, max: rule?.maxLength ?? 64 };
  const lengthHint = rule ? t(ruleTextKey(rule), ruleParams) : undefined;
  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('label_choose_username')}
        placeholder={t('label_username')}
        isRequired
        autoComplete="username"
        autoCapitalize="none"
        hint={errors.username ? undefined : lengthHint}
        error={errors.username?.message ? t(errors.username.message, ruleParams) : undefined}
        {...register('username')}
      />
      <FormAlert textKey={alert} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('state_saving') : t('action_create_account')}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('action_back')}
        </button>
      </div>
    </form>
  );
}
