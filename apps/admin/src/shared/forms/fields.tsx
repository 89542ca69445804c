import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * The form kit's fields: a label, the control, a hint and the error under it (role alert). Each
 * works with react-hook-form's `register` (ref + events): `<TextField label=… error={fieldError('x')}
 * {...form.register('x')} />`.
 */
interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, isRequired, children }: FieldFrameProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isRequired ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

interface CommonProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
}

export type TextFieldProps = CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, isRequired, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} isRequired={isRequired ?? false}>
      <input
        ref={ref}
        id={inputId}
        className={`field__control${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        aria-required={isRequired || undefined}
        {...input}
      />
    </FieldFrame>
  );
});

/** A number typed as text (inputMode numeric): zod coerces it, the browser's spinner stays out of it. */
export const NumberField = forwardRef<HTMLInputElement, TextFieldProps>(function NumberField(props, ref) {
  return <TextField ref={ref} inputMode="decimal" autoComplete="off" {...props} />;
});

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = CommonProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
    options: readonly SelectOption[];
    /** A first option with an empty value ("Any"). */
    emptyLabel?: string;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, isRequired, id, className, options, emptyLabel, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} isRequired={isRequired ?? false}>
      <select
        ref={ref}
        id={selectId}
        className={`field__control field__select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        {...select}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export type TextAreaFieldProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, isRequired, id, className, rows = 3, ...textarea },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <FieldFrame id={areaId} label={label} error={error} hint={hint} isRequired={isRequired ?? false}>
      <textarea
        ref={ref}
        id={areaId}
        rows={rows}
        className={`field__control field__textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        aria-required={isRequired || undefined}
        {...textarea}
      />
    </FieldFrame>
  );
});

/** A form's message not tied to one field: a failure (role alert) or a notice (role status). */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'notice' }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div
      className={tone === 'error' ? 'form-alert' : 'form-notice'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export interface SubmitButtonProps {
  isBusy: boolean;
  busyLabel: string;
  children: ReactNode;
  tone?: 'primary' | 'danger';
  disabled?: boolean;
}

export function SubmitButton({ isBusy, busyLabel, children, tone = 'primary', disabled }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--${tone}`}
      disabled={isBusy || disabled}
      aria-busy={isBusy || undefined}
    >
      {isBusy ? busyLabel : children}
    </button>
  );
}
