import { useEffect, useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Check from 'lucide-react/icons/check';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * Copies a text (a bank account number, an affiliate address) to the clipboard and says "Copied"
 * for two seconds after, announced politely. The two seconds are an effect of `copied`: a button
 * that goes away (a closed dialog, the end of a test) leaves no timer behind to set its state.
 */
export function CopyButton({
  text,
  label,
  className,
  iconSize,
}: {
  text: string;
  label: string;
  className: string;
  iconSize: number;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      className={className}
      aria-label={t('action_copy_value', { value: label })}
      onClick={() => {
        // No clipboard (an insecure context) or a refusal: nothing was copied, nothing is said.
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      <Icon size={iconSize} aria-hidden="true" />
      <span aria-live="polite">{t(copied ? 'state_copied' : 'action_copy')}</span>
    </button>
  );
}
