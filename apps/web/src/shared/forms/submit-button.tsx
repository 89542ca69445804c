import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './forms.css';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The form is being sent: the button is disabled, says `busyLabel` and is marked busy. */
  isBusy: boolean;
  /** What the button says while busy ("Sending…"); its children otherwise. */
  busyLabel: ReactNode;
  /** The button's colour (the design's button variants). */
  tone?: 'primary' | 'gold' | 'outline';
  /** The larger button of the sign-in dialogs. */
  isLarge?: boolean;
  /** A turning ring before the busy label (the sign-in dialogs, where a wait is felt). */
  hasSpinner?: boolean;
  children: ReactNode;
}

/** A form's submit button: one busy state for every form (disabled, aria-busy, the busy label). */
export function SubmitButton({
  isBusy,
  busyLabel,
  tone = 'primary',
  isLarge = false,
  hasSpinner = false,
  disabled,
  className,
  children,
  ...button
}: SubmitButtonProps) {
  const classes = `button button--${tone}${isLarge ? ' button--large' : ''}${className ? ` ${className}` : ''}`;
  return (
    <button
      type="submit"
      className={classes}
      disabled={isBusy || disabled}
      aria-busy={isBusy || undefined}
      {...button}
    >
      {isBusy ? (
        <>
          {hasSpinner ? <span className="form__spinner" aria-hidden="true" /> : null}
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
