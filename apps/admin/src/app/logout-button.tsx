import LogOut from 'lucide-react/icons/log-out';
import { operatorLogout } from '@khela/contract/call-routes';
import { callApi } from '../shared/api/client.ts';
import { endSession } from '../shared/api/session.ts';
import { t } from '../shared/i18n/i18n.ts';

/** Ends the session on the server, then here (here even if the server could not be reached). */
export function LogoutButton({ withLabel = false }: { withLabel?: boolean }) {
  const logout = async () => {
    await callApi(operatorLogout).catch(() => undefined);
    endSession('shell_logged_out');
  };
  return (
    <button
      type="button"
      className={withLabel ? 'button button--ghost button--small' : 'icon-button'}
      onClick={() => void logout()}
      aria-label={t('shell_logout')}
      title={t('shell_logout')}
    >
      <LogOut size={18} aria-hidden />
      {withLabel ? <span>{t('shell_logout')}</span> : null}
    </button>
  );
}
