import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

/** Spec 5 and 9: the captcha image refreshes at most once a second. */
export const captchaRefreshMs = 1000;

export interface CaptchaState {
  captchaId: string | null;
  image: string | null;
  isLoading: boolean;
  hasFailed: boolean;
  /** Fetches a new image (throttled); each image is single use on the server. */
  refresh: () => void;
}

/** The image captcha of GET /wps/captcha; fetched when `active` turns on and on every refresh. */
export function useCaptcha(active: boolean): CaptchaState {
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const lastFetch = useRef(0);
  const request = useRef(0);
  const queued = useRef<number | null>(null);

  const fetchNow = useCallback(() => {
    lastFetch.current = Date.now();
    const current = ++request.current;
    setIsLoading(true);
    apiClient.call(apiRoutes.captcha).then(
      (value) => {
        if (current !== request.current) return;
        setCaptchaId(value.captchaId);
        setImage(value.image);
        setHasFailed(false);
        setIsLoading(false);
      },
      () => {
        if (current !== request.current) return;
        // The old image may be used up: show "retry" rather than a captcha that cannot pass.
        setCaptchaId(null);
        setImage(null);
        setHasFailed(true);
        setIsLoading(false);
      },
    );
  }, []);

  // A refresh inside the one-second window is not dropped: it runs when the window ends, so a
  // used-up image is always replaced, however quickly the next attempt came.
  const load = useCallback(() => {
    if (queued.current !== null) return;
    const wait = lastFetch.current + captchaRefreshMs - Date.now();
    if (wait <= 0) {
      fetchNow();
      return;
    }
    setIsLoading(true);
    queued.current = window.setTimeout(() => {
      queued.current = null;
      fetchNow();
    }, wait);
  }, [fetchNow]);

  useEffect(
    () => () => {
      if (queued.current !== null) window.clearTimeout(queued.current);
    },
    [],
  );

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  return { captchaId, image, isLoading, hasFailed, refresh: load };
}

/** The captcha image as a button: a click fetches a new one (spec 2 "captcha image (click to refresh)"). */
export function CaptchaImage({ captcha }: { captcha: CaptchaState }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={captcha.refresh}
      aria-label={t('action_refresh_captcha')}
      title={t('action_refresh_captcha')}
      aria-busy={captcha.isLoading || undefined}
    >
      {captcha.image ? (
        <img src={captcha.image} alt={t('label_captcha_image')} width={136} height={44} />
      ) : (
        <span className="field__hint">{captcha.hasFailed ? t('action_retry') : t('state_loading')}</span>
      )}
    </button>
  );
}
