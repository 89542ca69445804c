import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import './forms.css';

export interface FormAlertProps {
  /** A text key (or a sentence already translated, which reads back unchanged); nothing when null. */
  textKey?: string | null | undefined;
  /** Content of its own (a sentence already translated, or one with a link or a button) in place of `textKey`. */
  children?: ReactNode;
  /** `error` (the default): a failure, announced as an alert; `notice`: news, a polite status. */
  tone?: 'error' | 'notice';
  className?: string;
}

/**
 * A form's message that is not tied to one field: its general failure (role "alert", announced when
 * it appears) or a notice (role "status"). Renders nothing without a text or children.
 */
export function FormAlert({ textKey, children, tone = 'error', className }: FormAlertProps) {
  const { t } = useTranslation();
  const content = children ?? (textKey ? t(textKey) : null);
  if (content === null || content === undefined || content === false) return null;
  const classes = `${tone === 'error' ? 'form__alert' : 'form__notice'}${className ? ` ${className}` : ''}`;
  const role = tone === 'error' ? 'alert' : 'status';
  // A paragraph for a sentence; a block for content of its own, which may hold more than phrasing.
  return typeof content === 'string' ? (
    <p className={classes} role={role}>
      {content}
    </p>
  ) : (
    <div className={classes} role={role}>
      {content}
    </div>
  );
}
