import './skeleton.css';

/** Grey placeholders in the shape of what is loading (docs/design.md: skeletons, not spinners). */
export function Skeleton({
  rows = 3,
  height = '1rem',
  className,
}: {
  rows?: number;
  height?: string;
  className?: string;
}) {
  return (
    <div className={`skeleton-list${className ? ` ${className}` : ''}`} aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton" style={{ height }} />
      ))}
    </div>
  );
}
