import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import { useOverlayStore } from '../stores/overlay-store.ts';
import './toast.css';

/** Long enough to read a short sentence twice; a press on the close button ends it sooner. */
export const toastDurationMs = 5000;

/**
 * The toast of the overlay store (`showToast(textKey)`): a short confirmation that something worked,
 * announced politely, above every dialog and the phone's bottom bar, gone after a few seconds.
 */
export function ToastHost() {
  const { t } = useTranslation();
  const toast = useOverlayStore((state) => state.toast);
  const dismiss = useOverlayStore((state) => state.dismissToast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismiss, toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);

  // The live region is always there, so a screen reader hears the text when it arrives.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div className="toast" key={toast.id}>
          <CircleCheck size={20} aria-hidden="true" className="toast__icon" />
          <span className="toast__text">{t(toast.textKey)}</span>
          <button
            type="button"
            className="toast__close icon-button"
            aria-label={t('action_close')}
            onClick={dismiss}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
