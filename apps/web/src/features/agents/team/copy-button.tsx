import { useRef, useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Check from 'lucide-react/icons/check';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** Copies an affiliate address; "Copied" for two seconds after (announced politely). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small agent-copy"
      aria-label={t('action_copy_value', { value: label })}
      onClick={() => void copy()}
    >
      {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      <span aria-live="polite">{t(copied ? 'state_copied' : 'action_copy')}</span>
    </button>
  );
}
