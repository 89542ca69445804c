import './spinner.css';

interface SpinnerProps {
  label: string;
  /** `page` centres it in the viewport, `block` in its container, `inline` beside text. */
  size?: 'page' | 'block' | 'inline';
}

export function Spinner({ label, size = 'block' }: SpinnerProps) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
