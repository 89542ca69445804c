import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useRegistrationKinds } from '../lib/use-registration-kinds.ts';

/**
 * Logged-out header buttons (spec 2): log in opens the loginPopupModal, register the registerModal
 * (only where this site takes registrations: not on the agent site).
 * Only the modal names are used here: the forms stay in their own chunks, out of the home bundle.
 */
export function AuthButtons({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const openModal = useOverlayStore((state) => state.openModal);
  const canRegister = useRegistrationKinds().length > 0;
  const size = compact ? ' button--small' : '';
  return (
    <div className="auth-buttons">
      <button
        type="button"
        className={`button button--outline${size}`}
        aria-haspopup="dialog"
        onClick={() => openModal('loginPopupModal')}
      >
        {t('action_login')}
      </button>
      {canRegister ? (
        <button
          type="button"
          className={`button button--gold${size}`}
          aria-haspopup="dialog"
          onClick={() => openModal('registerModal')}
        >
          {t('action_register')}
        </button>
      ) : null}
    </div>
  );
}
