import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';

/** Unknown paths, inside the shell. */
export function NotFoundPage() {
  return <NotFoundContent />;
}
