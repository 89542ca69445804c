import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import History from 'lucide-react/icons/history';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import UserRound from 'lucide-react/icons/user-round';
import type { LanguageCode, MemberInfo } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { trialAccountType, useSessionStore } from '../../../shared/stores/session-store.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatDateTimeWords } from '../../../shared/lib/format.ts';
import { useMemberInfo } from '../api/get-member-info.ts';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { VipRank } from './vip-rank.tsx';
import { ChangeEmailForm, ChangeMobileForm } from './contact-forms.tsx';
import { TwoFactorDisableForm, TwoFactorEnrolment } from './two-factor-settings.tsx';
import '../components/account-form.css';
import './password-forms.css';
import '../../../shared/ui/card.css';

/** The previous login in words, in the visitor's language, on the brand's clock (Intl). */
export function formatLoginTime(
  ms: number,
  language: LanguageCode,
  bengaliDigits: boolean,
  timeZone: string,
): string {
  return formatDateTimeWords(
    ms,
    { language, bengaliDigits, timeZone },
    { dateStyle: 'long', timeStyle: 'short' },
  );
}

/**
 * The member centre's default page, securityCenter ("my account", spec 2): who the account is, its
 * previous login, and the security settings — password, email, mobile number and the second step.
 * A trial account sees the register notice instead of the forms (the server refuses them too).
 */
export function SecurityCenter() {
  const { t } = useTranslation();
  const { data: member, error, isPending, refetch } = useMemberInfo();

  if (isPending) return <Spinner label={t('state_loading')} />;
  if (error || !member) {
    return (
      <div className="security">
        <FormAlert textKey={errorTextKey(error)} />
        <div>
          <button type="button" className="button button--outline" onClick={() => void refetch()}>
            {t('action_retry')}
          </button>
        </div>
      </div>
    );
  }
  const isTrial = member.type === trialAccountType;
  return (
    <div className="security">
      <Profile member={member} />
      {isTrial ? (
        <p className="form__notice" role="note">
          {t('in_need_true_account')}
        </p>
      ) : (
        <>
          {member.type === 0 && <VipRank />}
          <LoginSecurity member={member} />
          <TwoStep enabled={member.twoFactorEnabled} />
          <LoginHistory />
        </>
      )}
    </div>
  );
}

function Profile({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const { language, bengaliDigits, timeZone } = useFormatOptions();
  const facts: [string, string][] = [
    [t('label_account_name'), member.account],
    [t('label_nickname'), member.nickname || member.account],
    [t('label_upline'), member.toUpline ?? t('label_none')],
    [t('label_club'), member.clubLabel.labelName || t('label_none')],
    [
      t('label_last_login'),
      member.lastLoginAt === null
        ? t('text_first_login')
        : formatLoginTime(member.lastLoginAt, language, bengaliDigits, timeZone),
    ],
  ];
  return (
    <section className="card" aria-labelledby="security-profile">
      <h3 id="security-profile" className="security__card-title">
        <UserRound size={20} aria-hidden="true" />
        {t('title_profile')}
      </h3>
      <dl className="security__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="security__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Editing = 'email' | 'mobile' | 'payment' | null;

function LoginSecurity({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const openModal = useOverlayStore((state) => state.openModal);
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<Editing>(null);

  async function onSaved(which: Exclude<Editing, null>) {
    setEditing(null);
    setSaved(which);
    await queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
  }
  function toggle(which: Exclude<Editing, null>) {
    setSaved(null);
    setEditing((current) => (current === which ? null : which));
  }

  return (
    <section className="card" aria-labelledby="security-login">
      <h3 id="security-login" className="security__card-title">
        <KeyRound size={20} aria-hidden="true" />
        {t('title_login_security')}
      </h3>
      <div className="security__row">
        <div className="security__row-text">
          <span className="security__row-label">{t('label_password')}</span>
          <span className="security__row-value" aria-hidden="true">
            ••••••••
          </span>
        </div>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => openModal('changePassModal')}
        >
          {t('action_change_password')}
        </button>
      </div>
      <div className="security__row">
        <div className="security__row-text">
          <span className="security__row-label">{t('label_email')}</span>
          <span className="security__row-value">{member.email ?? t('label_not_set')}</span>
        </div>
        <button
          type="button"
          className="button button--outline button--small"
          aria-expanded={editing === 'email'}
          onClick={() => toggle('email')}
        >
          {editing === 'email' ? t('action_cancel') : t('action_change_email')}
        </button>
      </div>
      {editing === 'email' ? <ChangeEmailForm onSaved={() => void onSaved('email')} /> : null}
      {saved === 'email' ? <FormAlert tone="notice" textKey="text_email_changed" /> : null}
      <div className="security__row">
        <div className="security__row-text">
          <span className="security__row-label">{t('label_mobile_number')}</span>
          <span className="security__row-value">{member.mobileNum ?? t('label_not_set')}</span>
        </div>
        <button
          type="button"
          className="button button--outline button--small"
          aria-expanded={editing === 'mobile'}
          onClick={() => toggle('mobile')}
        >
          {editing === 'mobile' ? t('action_cancel') : t('action_change_mobile')}
        </button>
      </div>
      {editing === 'mobile' ? <ChangeMobileForm onSaved={() => void onSaved('mobile')} /> : null}
      {saved === 'mobile' ? <FormAlert tone="notice" textKey="text_mobile_changed" /> : null}
      <div className="security__row">
        <div className="security__row-text">
          <span className="security__row-label">{t('title_payment_password')}</span>
          <span className="security__row-value">
            {member.hasPaymentPassword ? t('label_payment_password_set') : t('label_not_set')}
          </span>
        </div>
        <button
          type="button"
          className="button button--outline button--small"
          aria-expanded={editing === 'payment'}
          onClick={() => toggle('payment')}
        >
          {editing === 'payment'
            ? t('action_cancel')
            : member.hasPaymentPassword
              ? t('action_change_payment_password')
              : t('action_set_payment_password')}
        </button>
      </div>
      {editing === 'payment' ? <PaymentPasswordForm onSaved={() => void onSaved('payment')} /> : null}
      {saved === 'payment' ? <FormAlert tone="notice" textKey="text_payment_password_saved" /> : null}
    </section>
  );
}

function TwoStep({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Kept here, not derived from member info: the recovery codes stay on screen after enrolment
  // even though the account now reads twoFactorEnabled: true.
  const [mode, setMode] = useState<'enrol' | 'disable' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function finish(noticeKey: string) {
    setMode(null);
    setNotice(noticeKey);
    await queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
  }

  /**
   * The server ends every session of the account when the second step goes off (docs/accounts.md:
   * a weaker account must not keep sessions a thief may hold), this one included. Say so, end the
   * tab's session here before any call can meet a 401, and offer the login.
   */
  async function endSessionAfterDisable() {
    const overlays = useOverlayStore.getState();
    // "My account" is in the member centre and in the agent centre: whichever is open closes.
    overlays.closeMemberCentre();
    overlays.closeAgentCentre();
    useSessionStore.getState().clearSession();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    const logIn = await overlays.requestConfirm({
      titleKey: 'title_two_factor',
      messageKey: 'text_two_factor_off_log_in_again',
      confirmKey: 'action_login',
      cancelKey: 'action_close',
    });
    if (logIn) useOverlayStore.getState().openModal('loginPopupModal');
  }

  return (
    <section className="card" aria-labelledby="security-two-step">
      <h3 id="security-two-step" className="security__card-title">
        {enabled ? <ShieldCheck size={20} aria-hidden="true" /> : <ShieldOff size={20} aria-hidden="true" />}
        {t('title_two_factor')}
      </h3>
      {mode === 'enrol' ? (
        <TwoFactorEnrolment
          onDone={() => void finish('text_two_factor_now_on')}
          onCancel={() => setMode(null)}
        />
      ) : mode === 'disable' ? (
        <TwoFactorDisableForm onDone={() => void endSessionAfterDisable()} onCancel={() => setMode(null)} />
      ) : (
        <>
          {notice ? (
            <FormAlert tone="notice" textKey={notice} />
          ) : (
            <p className={`security__status${enabled ? ' security__status--on' : ''}`}>
              {t(enabled ? 'text_two_factor_on' : 'text_two_factor_off')}
            </p>
          )}
          <div className="security__actions">
            {enabled ? (
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  setNotice(null);
                  setMode('disable');
                }}
              >
                {t('action_disable_two_factor')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setNotice(null);
                  setMode('enrol');
                }}
              >
                {t('action_enable_two_factor')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** A browser's user agent in two words a person recognises ("Chrome · Android"); null when unknown. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  const words = [browser, system].filter(Boolean);
  return words.length > 0 ? words.join(' · ') : userAgent.slice(0, 40);
}

/** The account's last logins (memberLoginHistory): when, from where, which site; this one marked. */
function LoginHistory() {
  const { t } = useTranslation();
  const { language, bengaliDigits, timeZone } = useFormatOptions();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['member', 'logins'],
    queryFn: () => apiClient.call(apiRoutes.memberLoginHistory),
  });
  return (
    <section className="card" aria-labelledby="security-logins">
      <h3 id="security-logins" className="security__card-title">
        <History size={20} aria-hidden="true" />
        {t('title_login_history')}
      </h3>
      {isPending ? (
        <Spinner label={t('state_loading')} />
      ) : error || !data ? (
        <div>
          <FormAlert textKey={errorTextKey(error)} />
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => void refetch()}
          >
            {t('action_retry')}
          </button>
        </div>
      ) : data.logins.length === 0 ? (
        <p className="security__status">{t('text_no_logins')}</p>
      ) : (
        <ul className="security__logins">
          {data.logins.map((login) => (
            <li key={`${login.at}-${login.ip ?? ''}-${login.device ?? ''}`} className="security__login">
              <span className="security__row-label">
                {formatLoginTime(login.at, language, bengaliDigits, timeZone)}
                {login.current ? <Badge tone="blue">{t('label_this_session')}</Badge> : null}
              </span>
              <span className="security__row-value">
                {[
                  t(login.site === 'agent' ? 'label_site_agent' : 'label_site_member'),
                  login.ip ?? t('label_unknown_address'),
                  describeDevice(login.device),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
