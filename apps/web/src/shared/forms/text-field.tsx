import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './forms.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** The error under the field (spec 5: errors show under each field). */
  error?: string | undefined;
  hint?: string | undefined;
  /** Required fields get the spec's '＊' before their placeholder. */
  isRequired?: boolean;
  /** Something beside the input: a captcha image, a get-code button, a country code select. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A labelled input with its error under it; works with react-hook-form's `register` (ref + events). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, isRequired = false, before, after, placeholder, id, className, ...input },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const shownPlaceholder = placeholder === undefined ? undefined : `${isRequired ? '＊' : ''}${placeholder}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__row">
        {before}
        <input
          ref={ref}
          id={inputId}
          className={`field__input${className ? ` ${className}` : ''}`}
          placeholder={shownPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={isRequired || undefined}
          {...input}
        />
        {after}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
