import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSearchParams } from '../../../shared/router/router.tsx';
import type { z } from 'zod';
import { ApiError, type RegisterBody, type RegisterFieldName, type RegisterSetting } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useCountries } from '../../../shared/api/get-countries.ts';
import { useRegisterSetting } from '../../../shared/api/get-register-setting.ts';
import { CaptchaImage, useCaptcha } from '../components/captcha-field.tsx';
import { SmsCodeButton } from '../components/sms-code-button.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { PasswordField } from '../../../shared/forms/password-field.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useServerForm } from '../../../shared/forms/use-server-form.ts';
import { deviceIdField } from '../../../shared/lib/device-id.ts';
import { solveHumanCheck } from '../lib/human-check.ts';
import { useFinishLogin } from '../lib/use-finish-login.ts';
import { rememberAffiliateCode, storedAffiliateCode } from './affiliate-code.ts';
import { AgreementCheck, agreementRefusal } from './agreement-check.tsx';
import {
  bodyField,
  formField,
  isSendableMobile,
  issueMessage,
  normalised,
  registerPlan,
  registerSchema,
  ruleMessage,
  shows,
  type RegisterFormValues,
  type RegisterTab,
  type ShownField,
} from './register-rules.ts';
import '../components/account-form.css';
import './register-form.css';
import { useRegistrationKinds } from '../lib/use-registration-kinds.ts';
import { useStatus } from '../../../shared/api/get-status.ts';

const defaultDialingCode = '+880';

const labelKeys: Record<RegisterFieldName, string> = {
  username: 'label_username',
  password: 'label_password',
  checkPass: 'label_confirm_password',
  mobileNum: 'label_mobile_number',
  verificationCode: 'label_verification_code',
  payeeName: 'label_payee_name',
  paymentPassword: 'label_payment_password',
  qqNum: 'label_qq',
  line: 'label_line',
  whatsapp: 'label_whatsapp',
  facebook: 'label_facebook',
  wechat: 'label_wechat',
  idNumber: 'label_id_number',
  email: 'label_email',
  recommenderId: 'label_recommender_id',
  affiliateCode: 'label_affiliate_code',
  captcha: 'label_captcha',
};

const inputProps: Partial<
  Record<RegisterFieldName, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' }>
> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  checkPass: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
  mobileNum: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  verificationCode: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  payeeName: { autoComplete: 'name' },
  captcha: { autoComplete: 'off' },
};

const emptyValues: RegisterFormValues = {
  username: '',
  password: '',
  checkPass: '',
  mobileNum: '',
  verificationCode: '',
  payeeName: '',
  paymentPassword: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  email: '',
  recommenderId: '',
  affiliateCode: '',
  captcha: '',
  countryDialingCode: defaultDialingCode,
  agreed: false,
};

/**
 * The codes a link brought (spec 2: referralCode read on load). An affiliate code in the URL is kept
 * in localStorage so that a later registration still carries it (spec 3).
 */
function useLinkCodes() {
  const [searchParams] = useSearchParams();
  const [codes] = useState(() => {
    const referralCode = searchParams.get('referralCode')?.trim() || null;
    const fromUrl = rememberAffiliateCode(searchParams.toString());
    return { referralCode, affiliateFromUrl: fromUrl };
  });
  return codes;
}

export interface RegisterFormProps {
  /** Where the form lives: the modal closes itself after a registration. */
  variant: 'modal' | 'page';
}

/** The registration form of registerModal and /register (spec 2, 3, 4, 5). */
export function RegisterForm({ variant }: RegisterFormProps) {
  const { t } = useTranslation();
  const settings = useRegisterSetting();
  const brand = useBrand();
  const features = brand.features;
  const kinds = useRegistrationKinds();
  const isAgentSite = useStatus().data?.site === 'agent';
  const tabs = kinds.map((kind): RegisterTab => (kind === 'username' ? 'register' : 'registerMobile'));
  const flags = useMemo(
    () => ({
      mobileRegistrationWithPassword: features.mobileRegistrationWithPassword,
      registerMobileVerification: features.registerMobileVerification,
    }),
    [features.mobileRegistrationWithPassword, features.registerMobileVerification],
  );
  const [tab, setTab] = useState<RegisterTab | null>(null);
  const activeTab = tab && tabs.includes(tab) ? tab : (tabs[0] ?? null);

  if (settings.isPending) {
    return <FormAlert tone="notice" textKey="state_loading" />;
  }
  if (settings.isError) {
    return (
      <div className="form">
        <FormAlert textKey={errorTextKey(settings.error)} />
        <button type="button" className="button button--outline" onClick={() => void settings.refetch()}>
          {t('action_retry')}
        </button>
      </div>
    );
  }
  if (!activeTab) {
    const text = isAgentSite ? 'text_register_agent_site' : 'text_register_unavailable';
    return <p className="form__notice">{t(text)}</p>;
  }

  return (
    <div className="register">
      {tabs.length > 1 ? <TabStrip tabs={tabs} active={activeTab} onChange={setTab} /> : null}
      <div
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`register-panel-${activeTab}`}
        aria-labelledby={tabs.length > 1 ? `register-tab-${activeTab}` : undefined}
      >
        <TabForm key={activeTab} tab={activeTab} settings={settings.data} flags={flags} variant={variant} />
      </div>
    </div>
  );
}

function TabStrip({
  tabs,
  active,
  onChange,
}: {
  tabs: RegisterTab[];
  active: RegisterTab;
  onChange: (tab: RegisterTab) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<RegisterTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const index = tabs.indexOf(active);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="form__tabs" role="tablist" aria-label={t('label_register_methods')} onKeyDown={onKeyDown}>
      {tabs.map((name) => (
        <button
          key={name}
          ref={(element) => {
            refs.current[name] = element;
          }}
          type="button"
          role="tab"
          id={`register-tab-${name}`}
          aria-controls={`register-panel-${name}`}
          aria-selected={name === active}
          tabIndex={name === active ? 0 : -1}
          className="form__tab"
          onClick={() => onChange(name)}
        >
          {t(name === 'register' ? 'label_username' : 'label_mobile_number')}
        </button>
      ))}
    </div>
  );
}

type Phase = 'idle' | 'checkingHuman' | 'registering';

function TabForm({
  tab,
  settings,
  flags,
  variant,
}: {
  tab: RegisterTab;
  settings: RegisterSetting;
  flags: { mobileRegistrationWithPassword: boolean; registerMobileVerification: boolean };
  variant: 'modal' | 'page';
}) {
  const { t, i18n } = useTranslation();
  const plan = useMemo(() => registerPlan(settings, tab, flags), [settings, tab, flags]);
  // The schema's messages are texts: rebuild it when the language changes. Its fields are optional
  // strings built from the plan; the form's values have them all (as empty strings), hence the cast.
  const schema = useMemo(
    () => registerSchema(plan, t) as unknown as z.ZodType<RegisterFormValues, RegisterFormValues>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes with the language
    [plan, t, i18n.language],
  );
  const { referralCode, affiliateFromUrl } = useLinkCodes();
  // A referral link's code is an agent's invitation code: it fills the invitation field, so the
  // person sees the upline they register under and it is checked before the registration.
  const initialValues = useMemo(
    () => ({ ...emptyValues, affiliateCode: affiliateFromUrl ?? referralCode ?? '' }),
    [affiliateFromUrl, referralCode],
  );
  const captchaField = shows(plan, 'captcha');
  const captcha = useCaptcha(Boolean(captchaField));
  const countries = useCountries();
  const finishLogin = useFinishLogin();
  const registerSetting = useRegisterSetting();
  const [phase, setPhase] = useState<Phase>('idle');
  const {
    form: { register, control, reset, setError, setValue, getValues },
    alert,
    setAlert,
    submit: onSubmit,
    fieldError,
  } = useServerForm<RegisterFormValues>({
    schema,
    defaultValues: initialValues,
    mode: 'onTouched',
    // The plan maps the server's issues (showServerError): their field names are the body's.
    fields: [],
    action: sendRegistration,
    onError: (error) => {
      // The captcha is used up by any attempt: a new image for the next one.
      if (captchaField) newCaptcha();
      return showServerError(error);
    },
  });
  const mobileNum = useWatch({ control, name: 'mobileNum' }) ?? '';
  const mobileField = shows(plan, 'mobileNum');
  const mobileGiven = mobileNum.trim().length > 0;
  const smsShown =
    plan.smsAlways || (plan.smsWhenMobileGiven && (mobileGiven || Boolean(mobileField?.required)));
  const canSend = Boolean(mobileField?.rule && isSendableMobile(mobileField.rule, mobileNum));

  const dialingCodes = useMemo(() => {
    const list = countries.data ?? [];
    const codes = [...new Set(list.map((country) => country.countryDialingCode))];
    return codes.length > 0 ? codes : [defaultDialingCode];
  }, [countries.data]);

  async function sendCode(): Promise<number> {
    setAlert(null);
    try {
      const altcha = await solveHumanCheck();
      const sent = await apiClient.call(apiRoutes.smsRegister, {
        body: {
          regType: tab === 'registerMobile' ? 'mobile' : 'username',
          mobileNum: mobileNum.trim(),
          countryDialingCode: getValues('countryDialingCode') || defaultDialingCode,
          altcha,
        },
      });
      return sent.expiredMinutes;
    } catch (error) {
      // Spec 8: a failed send shows the server's message in a warning popup.
      void useOverlayStore
        .getState()
        .requestConfirm({ messageKey: errorTextKey(error), hideCancel: true, tone: 'error' });
      throw error;
    }
  }

  /**
   * A new image after any attempt (each is single use on the server). The refresh is throttled to
   * once a second: the effect above asks again if the used image is still there.
   */
  function newCaptcha() {
    setValue('captcha', '');
    captcha.refresh();
  }

  /** Puts a failure where it belongs; false leaves it to the form's alert. */
  function showServerError(error: unknown): boolean {
    const refusal = agreementRefusal(error);
    if (refusal) {
      // New terms were published since the page loaded: the box is cleared and the settings (with
      // the new version) read again, so the next tick accepts what the link now shows.
      if (refusal === 'text_terms_changed') {
        setValue('agreed', false);
        void registerSetting.refetch();
      }
      setError('agreed', { type: 'server', message: t(refusal) }, { shouldFocus: true });
      return true;
    }
    if (error instanceof ApiError) {
      if (error.code === 'INVALID_AFFILIATE_CODE') {
        void useOverlayStore
          .getState()
          .requestConfirm({ messageKey: 'invitation_code_error', hideCancel: true, tone: 'error' });
        return true;
      }
      if (error.code === 'CAPTCHA_INVALID' || error.code === 'CAPTCHA_REQUIRED') {
        if (captchaField) {
          setError('captcha', { type: 'server', message: t(error.message) }, { shouldFocus: true });
          return true;
        }
      }
      if (error.code === 'VERIFICATION_CODE_INVALID' || error.code === 'VERIFICATION_CODE_EXPIRED') {
        setError('verificationCode', { type: 'server', message: t(error.message) }, { shouldFocus: true });
        return true;
      }
      let landed = false;
      for (const issue of error.issues) {
        const name = formField(issue.field);
        if (!name || name === 'countryDialingCode' || !shows(plan, name)) continue;
        const message =
          error.code === 'VALIDATION_FAILED' ? issueMessage(plan, name, issue, t) : t(errorTextKey(error));
        setError(name, { type: 'server', message }, { shouldFocus: !landed });
        landed = true;
      }
      if (landed) return true;
    }
    return false;
  }

  async function sendRegistration(values: RegisterFormValues) {
    const read = (name: RegisterFieldName) => normalised(name, values[name]);
    const affiliateTyped = shows(plan, 'affiliateCode') ? read('affiliateCode') : '';
    try {
      // Spec 4: the affiliate code is checked before the human check and the registration.
      if (affiliateTyped) {
        try {
          await apiClient.call(apiRoutes.affiliateCheck, {
            query: { code: affiliateTyped, domain: window.location.host },
          });
        } catch (error) {
          if (error instanceof ApiError && error.code === 'INVALID_AFFILIATE_CODE') {
            void useOverlayStore
              .getState()
              .requestConfirm({ messageKey: 'invitation_code_error', hideCancel: true, tone: 'error' });
            return;
          }
          throw error;
        }
      }
      setPhase('checkingHuman');
      const altcha = await solveHumanCheck();
      setPhase('registering');
      const body: RegisterBody = {
        registerUrl: window.location.href,
        domain: window.location.host,
        countryDialingCode: values.countryDialingCode || defaultDialingCode,
        registerMethod: 'WEB',
        login: true,
        altcha,
        ...deviceIdField(),
        ageConfirmed: values.agreed,
        termsVersion: settings.termsVersion,
      };
      const fields: Partial<Record<string, string>> = {};
      for (const field of plan.fields) {
        const value = read(field.name);
        if (value) fields[bodyField(field.name)] = value;
      }
      if (!smsShown) delete fields.verificationCode;
      const stored = storedAffiliateCode();
      if (!fields.affiliateCode && stored) fields.affiliateCode = stored;
      if (referralCode) fields.referralCode = referralCode;
      if (captchaField && captcha.captchaId) fields.captchaId = captcha.captchaId;
      const route = tab === 'registerMobile' ? apiRoutes.registerMobile : apiRoutes.register;
      const result = await apiClient.call(route, { body: { ...body, ...fields } });
      if (!result.session) {
        if (variant === 'modal') useOverlayStore.getState().closeModal('registerModal');
        useOverlayStore.getState().openModal('loginPopupModal');
        return;
      }
      await finishLogin({
        grant: result.session,
        kind: 'register',
        ...(values.password ? { password: values.password } : {}),
        closes: ['registerModal'],
      });
    } finally {
      setPhase('idle');
    }
  }

  function onReset() {
    reset(initialValues);
    setAlert(null);
    if (captchaField) newCaptcha();
  }

  function openLogin() {
    useOverlayStore.getState().closeModal('registerModal');
    useOverlayStore.getState().openModal('loginPopupModal');
  }

  const busy = phase !== 'idle';

  function field(shown: ShownField) {
    const { name } = shown;
    const required =
      name === 'verificationCode'
        ? smsShown && (plan.smsAlways || mobileGiven || shown.required)
        : shown.required;
    // The label as the placeholder ('＊' when required, spec 5) and the rule under the field, where
    // it has room to be read in full; an error takes its place.
    const error = fieldError(name);
    const hint =
      error !== undefined
        ? undefined
        : name === 'verificationCode'
          ? plan.smsAlways
            ? undefined
            : t('text_sms_code_for_mobile')
          : name === 'checkPass'
            ? t('text_enter_password_again')
            : shown.rule
              ? ruleMessage(shown.rule, t)
              : undefined;
    const placeholder = name === 'verificationCode' ? t('text_enter_sms_code') : t(labelKeys[name]);
    const common = {
      label: t(labelKeys[name]),
      error,
      hint,
      isRequired: required,
      placeholder,
      ...inputProps[name],
      ...register(name),
    };
    if (name === 'password' || name === 'checkPass' || name === 'paymentPassword') {
      return <PasswordField key={name} {...common} />;
    }
    if (name === 'mobileNum') {
      return (
        <TextField
          key={name}
          {...common}
          before={
            <select
              className="field__input field__select"
              aria-label={t('label_country_code')}
              {...register('countryDialingCode')}
            >
              {dialingCodes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          }
        />
      );
    }
    if (name === 'verificationCode') {
      if (!smsShown) return null;
      return (
        <TextField
          key={name}
          {...common}
          maxLength={255}
          after={<SmsCodeButton canSend={canSend} onSend={sendCode} />}
        />
      );
    }
    if (name === 'captcha') {
      return <TextField key={name} {...common} after={<CaptchaImage captcha={captcha} />} />;
    }
    return <TextField key={name} {...common} />;
  }

  return (
    <form
      className="form register-form"
      noValidate
      aria-label={t('page_register')}
      onSubmit={(event) => void onSubmit(event)}
    >
      {referralCode ? (
        <p className="form__notice">{t('text_referral_code', { code: referralCode })}</p>
      ) : null}
      <div className={`register-form__fields register-form__fields--${variant}`}>
        {plan.fields.map((shown) => field(shown))}
      </div>
      <AgreementCheck minimumAge={settings.minimumAge} error={fieldError('agreed')} {...register('agreed')} />
      <FormAlert textKey={alert} />
      {busy ? (
        <FormAlert
          tone="notice"
          textKey={phase === 'checkingHuman' ? 'state_checking_human' : 'state_registering'}
        />
      ) : null}
      <div className="form__actions register-form__actions">
        <SubmitButton
          tone="gold"
          isBusy={busy}
          busyLabel={t(phase === 'checkingHuman' ? 'state_checking_human' : 'state_registering')}
        >
          {t('action_register')}
        </SubmitButton>
        <button type="button" className="button button--outline" disabled={busy} onClick={onReset}>
          {t('action_reset')}
        </button>
      </div>
      <p className="form__row register-form__login">
        <span>{t('text_have_account')}</span>
        <button type="button" className="form__link" onClick={openLogin}>
          {t('action_login')}
        </button>
      </p>
    </form>
  );
}
