import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** Spec 5: sending is throttled to once a second. */
const sendThrottleMs = 1000;

export interface SmsCodeButtonProps {
  /** Sends the code; resolves with the code's lifetime in minutes (the countdown is that × 60 s). */
  onSend: () => Promise<number>;
  /** False while the mobile number is not valid (spec 5: send only with a valid number). */
  canSend: boolean;
}

/** The get-code button with its countdown (spec 4: expiredMinutes × 60 s). */
export function SmsCodeButton({ onSend, canSend }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const lastClick = useRef(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  async function send() {
    const now = Date.now();
    if (now - lastClick.current < sendThrottleMs || isSending || secondsLeft > 0) return;
    lastClick.current = now;
    setIsSending(true);
    try {
      const minutes = await onSend();
      setSecondsLeft(Math.max(1, minutes) * 60);
    } catch {
      // The caller shows the server's message; the button is ready again.
    } finally {
      setIsSending(false);
    }
  }

  const isCounting = secondsLeft > 0;
  return (
    <button
      type="button"
      className="button button--outline field__side-button"
      disabled={!canSend || isSending || isCounting}
      onClick={() => void send()}
    >
      {isCounting
        ? t('label_resend_in', { seconds: secondsLeft })
        : isSending
          ? t('state_sending')
          : t('action_get_code')}
    </button>
  );
}
