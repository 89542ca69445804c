import { useEffect } from 'react';
import { Link, useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import LogIn from 'lucide-react/icons/log-in';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { ApiError } from '@khela/contract';
import { paths } from '../../../shared/config/paths.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useLaunchGame } from '../api/launch-game.ts';
import './game-launch-view.css';

/** Only a path of this site is a place to come back to (no open redirect through `from`). */
export function safeReturnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
    ? from
    : paths.home;
}

/** A positive node id from the query, or null. */
export function nodeIdOf(text: string | null): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= 2_147_483_647 ? value : null;
}

/**
 * Launches the game of `?nodeId=` and shows it: `/game` embeds the vendor's URL in a full-height
 * frame (or follows it when the vendor wants the whole page), `/seamless` always follows it. Each
 * visit launches afresh: a launch URL carries a one-time token. A visitor is asked to log in first.
 */
export function GameLaunchView({ page }: { page: 'game' | 'seamless' }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const nodeId = nodeIdOf(searchParams.get('nodeId'));
  const back = safeReturnPath(searchParams.get('from'));
  const token = useSessionStore((state) => state.token);
  const language = useLanguageStore((state) => state.language);
  const theme = useThemeStore((state) => state.theme);
  const openModal = useOverlayStore((state) => state.openModal);
  const title = page === 'game' ? t('page_game') : t('page_seamless');
  useDocumentTitle(title);

  const launch = useLaunchGame(
    nodeId !== null && token !== null
      ? { nodeId, language, theme, lobbyUrl: `${window.location.origin}${back}` }
      : null,
  );
  const answer = launch.data;
  const isRedirect = answer !== undefined && (page === 'seamless' || answer.launchKind === 'redirect');
  useEffect(() => {
    if (answer && isRedirect) window.location.assign(answer.content);
  }, [answer, isRedirect]);

  function body() {
    if (nodeId === null) return <EmptyState icon={Gamepad2} title={t('err_game_unavailable')} />;
    if (token === null)
      return (
        <EmptyState
          icon={LogIn}
          title={t('game_login_title')}
          text={t('game_login_text')}
          action={
            <button
              type="button"
              className="button button--primary"
              onClick={() => openModal('loginPopupModal')}
            >
              {t('action_login')}
            </button>
          }
        />
      );
    if (launch.isError) {
      const messageKey = launch.error instanceof ApiError ? launch.error.message : 'err_unknown';
      return (
        <EmptyState
          icon={TriangleAlert}
          title={t(messageKey)}
          action={
            <button type="button" className="button button--outline" onClick={() => void launch.refetch()}>
              {t('action_retry')}
            </button>
          }
        />
      );
    }
    if (!answer || isRedirect)
      return (
        <div className="game-launch__loading">
          <Spinner label={t('state_starting_game')} />
          <p aria-hidden="true">{t('state_starting_game')}</p>
        </div>
      );
    return (
      <iframe
        className="game-launch__frame"
        src={answer.content}
        title={title}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="origin"
      />
    );
  }

  return (
    <section className="game-launch">
      <div className="game-launch__bar">
        <Link className="button button--ghost button--small" to={back}>
          <ArrowLeft size={16} aria-hidden="true" />
          <span>{t('action_back_to_lobby')}</span>
        </Link>
        <h1 className="game-launch__title">{title}</h1>
      </div>
      <div className="game-launch__stage">{body()}</div>
    </section>
  );
}
