import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import type { LoginValue, SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { FirstBanner } from '../components/first-banner.tsx';
import { useStatus } from '../../../shared/api/get-status.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { useFinishLogin, type LoginKind } from '../lib/use-finish-login.ts';
import { clearRememberedLogin, readRememberedLogin, saveRememberedLogin } from './remember-me.ts';
import { defaultDialingCode, SmsLogin } from './sms-login.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';
import { UsernameLogin } from './username-login.tsx';
import '../components/account-form.css';
import './login.css';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useRegistrationKinds } from '../lib/use-registration-kinds.ts';

type LoginTab = 'username' | 'sms';

interface PendingSecondStep {
  challengeId: string;
  kind: LoginKind;
  password: string | undefined;
}

export interface LoginFormProps {
  /** `dialog`: the loginPopupModal (closed on success, links swap dialogs); `page`: the /login page. */
  variant: 'dialog' | 'page';
}

/**
 * The sign-in form of spec 2 and 4, shared by the login dialog and the /login page: username or SMS
 * tab (the strip only with the smsLogin flag), remember me, forgot and register links, social and
 * free-play buttons by flag, and the second step when the account has one.
 */
export function LoginForm({ variant }: LoginFormProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { features } = brand;
  const finishLogin = useFinishLogin();
  const openModal = useOverlayStore((state) => state.openModal);
  const closeModal = useOverlayStore((state) => state.closeModal);
  const idPrefix = useId();
  const [remembered] = useState(readRememberedLogin);
  const [remember, setRemember] = useState(remembered !== null);
  const [tab, setTab] = useState<LoginTab>('username');
  const [secondStep, setSecondStep] = useState<PendingSecondStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busyAction, setBusyAction] = useState<'google' | 'facebook' | 'freePlay' | null>(null);
  const closes = variant === 'dialog' ? (['loginPopupModal'] as const) : ([] as const);
  const activeTab: LoginTab = features.smsLogin ? tab : 'username';
  // Free play makes a member trial account: never on the agent site (the server refuses it there).
  const isAgentSite = useStatus().data?.site === 'agent';
  const canRegister = useRegistrationKinds().length > 0;
  const offersFreePlay = features.freePlay && !isAgentSite;

  function switchTo(name: 'forgetPassModal' | 'registerModal') {
    if (variant === 'dialog') closeModal('loginPopupModal');
    openModal(name);
  }

  function onRememberChange(checked: boolean) {
    setRemember(checked);
    // Unchecking forgets at once (spec 4: remember-me saves or clears).
    if (!checked) clearRememberedLogin();
  }

  async function finish(grant: SessionGrant, kind: LoginKind, password: string | undefined) {
    await finishLogin({ grant, kind, password, closes: [...closes] });
  }

  async function afterLogin(
    value: LoginValue,
    kind: LoginKind,
    typed: { username?: string; password?: string; mobileNum?: string; countryDialingCode?: string },
  ) {
    if (remember) {
      saveRememberedLogin({
        username: typed.username ?? null,
        mobileNum: typed.mobileNum ?? null,
        countryDialingCode: typed.countryDialingCode ?? null,
      });
    } else {
      clearRememberedLogin();
    }
    if (value.twoFactorRequired) {
      setNotice(null);
      setSecondStep({ challengeId: value.challengeId, kind, password: typed.password });
      return;
    }
    await finish(value, kind, typed.password);
  }

  async function startSocial(provider: 'google' | 'facebook') {
    setAlert(null);
    setBusyAction(provider);
    try {
      const { authorizationUrl } = await apiClient.call(apiRoutes.socialStart, { body: { provider } });
      window.location.assign(authorizationUrl);
    } catch (error) {
      setAlert(errorTextKey(error));
      setBusyAction(null);
    }
  }

  async function freePlay() {
    setAlert(null);
    setBusyAction('freePlay');
    try {
      const grant = await apiClient.call(apiRoutes.freePlay, { body: {} });
      await finish(grant, 'freePlay', undefined);
    } catch (error) {
      setAlert(errorTextKey(error));
    } finally {
      setBusyAction(null);
    }
  }

  if (secondStep) {
    return (
      <div className="login-form">
        <TwoFactorStep
          challengeId={secondStep.challengeId}
          onSuccess={(grant) => finish(grant, secondStep.kind, secondStep.password)}
          onRestart={(messageKey) => {
            setSecondStep(null);
            setNotice(messageKey ?? null);
          }}
        />
      </div>
    );
  }

  const rememberRow = (
    <div className="form__row">
      <label className="form__check">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => onRememberChange(event.target.checked)}
        />
        {t('label_remember_me')}
      </label>
      <button type="button" className="form__link" onClick={() => switchTo('forgetPassModal')}>
        {t('action_forgot_password')}
      </button>
    </div>
  );

  const tabs: { name: LoginTab; labelKey: string }[] = [
    { name: 'username', labelKey: 'label_login_by_username' },
    { name: 'sms', labelKey: 'label_login_by_sms' },
  ];
  const hasSocial = features.googleLogin || features.facebookLogin;
  const panelId = `${idPrefix}-panel`;

  return (
    <div className="login-form">
      <FirstBanner group="w_login" className="login-form__banner" />
      {features.smsLogin ? (
        <div className="form__tabs" role="tablist" aria-label={t('label_login_methods')}>
          {tabs.map(({ name, labelKey }) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${name}`}
              className="form__tab"
              aria-selected={activeTab === name}
              aria-controls={panelId}
              tabIndex={activeTab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const next = name === 'username' ? 'sms' : 'username';
                setTab(next);
                document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
              }}
            >
              {t(labelKey)}
            </button>
          ))}
        </div>
      ) : null}
      {notice ? <FormAlert tone="notice" textKey={notice} /> : null}
      <div
        id={panelId}
        role={features.smsLogin ? 'tabpanel' : undefined}
        aria-labelledby={features.smsLogin ? `${idPrefix}-tab-${activeTab}` : undefined}
      >
        {activeTab === 'username' ? (
          <UsernameLogin
            defaultUsername={remembered?.username ?? ''}
            rememberRow={rememberRow}
            onForgotPassword={() => switchTo('forgetPassModal')}
            onSuccess={(value, typed) => afterLogin(value, 'username', typed)}
          />
        ) : (
          <SmsLogin
            defaultMobileNum={remembered?.mobileNum ?? ''}
            defaultCountryDialingCode={remembered?.countryDialingCode ?? defaultDialingCode}
            rememberRow={rememberRow}
            onSuccess={(value, typed) => afterLogin(value, 'sms', typed)}
          />
        )}
      </div>
      <FormAlert textKey={alert} />
      {hasSocial || offersFreePlay ? (
        <>
          <div className="form__divider">{t('label_or')}</div>
          <div className="login-form__alternatives">
            {features.googleLogin ? (
              <button
                type="button"
                className="button button--outline login-form__social"
                disabled={busyAction !== null}
                onClick={() => void startSocial('google')}
              >
                <span className="login-form__social-mark login-form__social-mark--google" aria-hidden="true">
                  G
                </span>
                {t('action_login_google')}
              </button>
            ) : null}
            {features.facebookLogin ? (
              <button
                type="button"
                className="button button--outline login-form__social"
                disabled={busyAction !== null}
                onClick={() => void startSocial('facebook')}
              >
                <span
                  className="login-form__social-mark login-form__social-mark--facebook"
                  aria-hidden="true"
                >
                  f
                </span>
                {t('action_login_facebook')}
              </button>
            ) : null}
            {offersFreePlay ? (
              <button
                type="button"
                className="button button--gold login-form__free-play"
                disabled={busyAction !== null}
                aria-busy={busyAction === 'freePlay' || undefined}
                onClick={() => void freePlay()}
              >
                <Gamepad2 size={18} aria-hidden="true" />
                {t('action_free_play')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {canRegister ? (
        <p className="login-form__register">
          {t('text_no_account')}{' '}
          <button type="button" className="form__link" onClick={() => switchTo('registerModal')}>
            {t('action_register')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
