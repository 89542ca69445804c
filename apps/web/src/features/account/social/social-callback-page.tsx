import { useEffect, useState } from 'react';
import { Link, useLocation } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  ApiError,
  type LoginValue,
  type SessionGrant,
  type socialCompleteValueSchema,
} from '@khela/contract';
import type { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { deviceIdField } from '../../../shared/lib/device-id.ts';
import { useFinishLogin } from '../lib/use-finish-login.ts';
import { LinkExistingForm, RegisterWithSocialForm } from './social-forms.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';
import '../components/account-form.css';
import '../security/password-forms.css';

type CompleteValue = z.infer<typeof socialCompleteValueSchema>;

/**
 * One completion per provider answer: the code in the query is single use, so React's strict-mode
 * double effects (and a remount of the route) must not send it twice.
 */
const completions = new Map<string, Promise<CompleteValue>>();
function completeOnce(callbackQuery: string): Promise<CompleteValue> {
  let completion = completions.get(callbackQuery);
  if (!completion) {
    completion = apiClient.call(apiRoutes.socialComplete, { body: { callbackQuery, ...deviceIdField() } });
    completions.set(callbackQuery, completion);
  }
  return completion;
}

type LinkTicket = Extract<CompleteValue, { linkRequired: true }>;

type State =
  | { kind: 'working' }
  | { kind: 'twoFactor'; challengeId: string }
  | { kind: 'link'; ticket: LinkTicket; choice: 'choose' | 'link' | 'register' }
  | { kind: 'failed'; messageKey: string };

/** Why a social sign-in failed, as a text key (spec 8: 'popup closed by user' for a cancel). */
function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'SOCIAL_LOGIN_FAILED') {
    const reason = (error.value as { reason?: unknown } | undefined)?.reason;
    return reason === 'access_denied' ? 'text_social_cancelled' : 'err_social_login_failed';
  }
  return errorTextKey(error);
}

/**
 * Where Google (or another OpenID Connect provider) sends the visitor back (/socialCallback): the
 * answer is completed once; a linked identity logs in (with its second step when on); a new one is
 * linked to an existing account or opens a new account — a link is permanent (spec 4).
 */
export function SocialCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('page_social_sign_in'));
  const { search } = useLocation();
  const finishLogin = useFinishLogin();
  const [state, setState] = useState<State>(() =>
    search.length > 1 ? { kind: 'working' } : { kind: 'failed', messageKey: 'err_social_login_failed' },
  );

  useEffect(() => {
    if (search.length <= 1) return;
    let isCurrent = true;
    completeOnce(search).then(
      (value) => {
        if (!isCurrent) return;
        if ('linkRequired' in value) setState({ kind: 'link', ticket: value, choice: 'choose' });
        else if (value.twoFactorRequired) setState({ kind: 'twoFactor', challengeId: value.challengeId });
        else void finishLogin({ grant: value, kind: 'social' });
      },
      (error: unknown) => {
        if (isCurrent) setState({ kind: 'failed', messageKey: failureKey(error) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [search, finishLogin]);

  /** The answer of a link or 2FA step: a session, or (link) the account's second step. */
  function onLoginValue(value: LoginValue | SessionGrant) {
    if (value.twoFactorRequired) setState({ kind: 'twoFactor', challengeId: value.challengeId });
    else void finishLogin({ grant: value, kind: 'social' });
  }
  const onFailed = (error: unknown) => setState({ kind: 'failed', messageKey: failureKey(error) });

  let content;
  switch (state.kind) {
    case 'working':
      content = (
        <div className="password-done">
          <Spinner label={t('state_signing_in')} />
          <p>{t('state_signing_in')}</p>
        </div>
      );
      break;
    case 'twoFactor':
      content = (
        <TwoFactorForm
          challengeId={state.challengeId}
          onGrant={(grant) => onLoginValue(grant)}
          onChallengeOver={() => setState({ kind: 'failed', messageKey: 'text_two_factor_restart' })}
        />
      );
      break;
    case 'link':
      content = (
        <LinkChoice
          ticket={state.ticket}
          choice={state.choice}
          onChoose={(choice) => setState({ ...state, choice })}
          onLoginValue={onLoginValue}
          onFailed={onFailed}
        />
      );
      break;
    case 'failed':
      content = <Failed messageKey={state.messageKey} />;
      break;
  }

  const titleKey = state.kind === 'twoFactor' ? 'title_two_factor' : 'page_social_sign_in';
  return (
    <section className="account-page" aria-labelledby="social-title">
      <h1 id="social-title" className="account-page__title">
        {t(titleKey)}
      </h1>
      {content}
    </section>
  );
}

const providerNames: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

function LinkChoice({
  ticket,
  choice,
  onChoose,
  onLoginValue,
  onFailed,
}: {
  ticket: LinkTicket;
  choice: 'choose' | 'link' | 'register';
  onChoose: (choice: 'choose' | 'link' | 'register') => void;
  onLoginValue: (value: LoginValue | SessionGrant) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const provider = providerNames[ticket.provider] ?? ticket.provider;
  const intro = (
    <>
      <p className="account-page__lead">{t('text_social_link_required', { provider })}</p>
      {ticket.email ? (
        <p className="account-page__lead">{t('text_social_email', { email: ticket.email })}</p>
      ) : null}
    </>
  );
  if (choice === 'link') {
    return (
      <div className="form">
        <p className="social-warning" role="note">
          {t('text_social_link_permanent')}
        </p>
        <LinkExistingForm
          linkTicket={ticket.linkTicket}
          onLoginValue={onLoginValue}
          onFailed={onFailed}
          onBack={() => onChoose('choose')}
        />
      </div>
    );
  }
  if (choice === 'register') {
    return (
      <div className="form">
        {intro}
        <RegisterWithSocialForm
          linkTicket={ticket.linkTicket}
          onGrant={onLoginValue}
          onFailed={onFailed}
          onBack={() => onChoose('choose')}
        />
      </div>
    );
  }
  return (
    <div className="form">
      {intro}
      <div className="social-choices">
        <button type="button" className="social-choice" onClick={() => onChoose('link')}>
          <strong>{t('action_link_existing')}</strong>
          <span>{t('text_link_existing')}</span>
        </button>
        <button type="button" className="social-choice" onClick={() => onChoose('register')}>
          <strong>{t('action_open_new_account')}</strong>
          <span>{t('text_open_new_account', { provider })}</span>
        </button>
      </div>
      <p className="social-warning" role="note">
        {t('text_social_link_permanent')}
      </p>
    </div>
  );
}

function Failed({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const openModal = useOverlayStore((state) => state.openModal);
  return (
    <div className="password-done">
      <TriangleAlert
        size={40}
        aria-hidden="true"
        className="password-done__icon password-done__icon--danger"
      />
      <FormAlert textKey={messageKey} />
      <button type="button" className="button button--primary" onClick={() => openModal('loginPopupModal')}>
        {t('action_back_to_login')}
      </button>
      <Link className="form__link" to={paths.home}>
        {t('action_go_home')}
      </Link>
    </div>
  );
}
