import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import LogOut from 'lucide-react/icons/log-out';
import { useLogOut } from '../use-log-out.ts';

interface LogoutButtonProps {
  className?: string;
  /** Runs first (e.g. closing the menu the button sits in). */
  onBeforeLogOut?: () => void;
}

/** The log-out button of the side menu and the member centre; the confirmation comes from useLogOut. */
export function LogoutButton({ className = 'button button--ghost', onBeforeLogOut }: LogoutButtonProps) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onBeforeLogOut?.();
        void logOut();
      }}
    >
      <LogOut size={18} aria-hidden="true" />
      <span>{t('action_logout')}</span>
    </button>
  );
}
