import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { ApiError, type FieldRule, type LoginValue, type SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useRegisterSetting } from '../../../shared/api/get-register-setting.ts';
import { CaptchaImage, useCaptcha } from '../components/captcha-field.tsx';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { requiredText } from '../../../shared/forms/form-rules.ts';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { deviceIdField } from '../../../shared/lib/device-id.ts';
import { UsernameField } from '../components/username-field.tsx';
import { AgreementCheck, agreementRefusal } from '../register/agreement-check.tsx';
import { solveHumanCheck } from '../lib/human-check.ts';

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
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const captcha = useCaptcha(needsCaptcha);
  const { form, alert, submit, fieldError } = useServerForm<LinkValues>({
    schema: linkSchema,
    defaultValues: { username: '', password: '', captcha: '' },
    fields: ['username', 'password', 'captcha'],
    action: async (values) => {
      if (needsCaptcha && !values.captcha) {
        form.setError(
          'captcha',
          { type: 'required', message: 'err_captcha_required' },
          { shouldFocus: true },
        );
        return;
      }
      setIsVerifying(true);
      const altcha = await solveHumanCheck();
      setIsVerifying(false);
      const value = await apiClient.call(apiRoutes.socialLink, {
        body: {
          linkTicket,
          username: values.username,
          password: values.password,
          altcha,
          ...deviceIdField(),
          ...(needsCaptcha && captcha.captchaId
            ? { captcha: values.captcha, captchaId: captcha.captchaId }
            : {}),
        },
      });
      onLoginValue(value);
    },
    onError: (error) => {
      setIsVerifying(false);
      if (endsSignIn(error)) {
        onFailed(error);
        return true;
      }
      if (error instanceof ApiError && (error.value as { captcha?: unknown } | undefined)?.captcha === true) {
        if (needsCaptcha) captcha.refresh();
        setNeedsCaptcha(true);
      }
      return false;
    },
  });
  const { register } = form;
  const { isSubmitting } = form.formState;

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <UsernameField error={fieldError('username')} {...register('username')} />
      <TextField
        label={t('label_password')}
        placeholder={t('label_password')}
        isRequired
        type="password"
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
          error={fieldError('captcha')}
          after={<CaptchaImage captcha={captcha} />}
          {...register('captcha')}
        />
      ) : null}
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton
          isBusy={isSubmitting}
          busyLabel={isVerifying ? t('state_verifying') : t('state_logging_in')}
        >
          {t('action_link_account')}
        </SubmitButton>
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
  const { data: setting, isPending, refetch } = useRegisterSetting();
  // The rule shapes the form's schema, which react-hook-form takes once: wait for it.
  if (isPending) return <Spinner label={t('state_loading')} />;
  return (
    <RegisterWithSocialFields
      {...props}
      rule={setting?.username}
      minimumAge={setting?.minimumAge ?? 18}
      termsVersion={setting?.termsVersion ?? ''}
      onTermsChanged={() => void refetch()}
    />
  );
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
  minimumAge,
  termsVersion,
  onTermsChanged,
}: RegisterWithSocialProps & {
  rule: FieldRule | undefined;
  minimumAge: number;
  termsVersion: string;
  onTermsChanged: () => void;
}) {
  const { t } = useTranslation();
  const [schema] = useState(() =>
    z.object({
      username: usernameRule(rule),
      agreed: z.boolean().refine((agreed) => agreed, 'text_agreement_required'),
    }),
  );
  const {
    form: {
      register,
      setError,
      setValue,
      formState: { errors, isSubmitting },
    },
    alert,
    submit,
    fieldError,
  } = useServerForm<{ username: string; agreed: boolean }>({
    schema,
    defaultValues: { username: '', agreed: false },
    fields: ['username'],
    action: async ({ username, agreed }) => {
      onGrant(
        await apiClient.call(apiRoutes.socialRegister, {
          body: { linkTicket, username, ...deviceIdField(), ageConfirmed: agreed, termsVersion },
        }),
      );
    },
    onError: (error) => {
      const refusal = agreementRefusal(error);
      if (refusal) {
        if (refusal === 'text_terms_changed') {
          setValue('agreed', false);
          onTermsChanged();
        }
        setError('agreed', { type: 'server', message: refusal }, { shouldFocus: true });
        return true;
      }
      if (!endsSignIn(error)) return false;
      onFailed(error);
      return true;
    },
  });

  const ruleParams = { min: rule?.minLength ?? 1, max: rule?.maxLength ?? 64 };
  const lengthHint = rule ? t(ruleTextKey(rule), ruleParams) : undefined;
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <UsernameField
        label={t('label_choose_username')}
        hint={errors.username ? undefined : lengthHint}
        error={fieldError('username', ruleParams)}
        {...register('username')}
      />
      <AgreementCheck minimumAge={minimumAge} error={fieldError('agreed')} {...register('agreed')} />
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={isSubmitting} busyLabel={t('state_saving')}>
          {t('action_create_account')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('action_back')}
        </button>
      </div>
    </form>
  );
}
