import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

// Placeholder while issue 14's page is written.
export function RegisterCenterPage() {
  return <ComingSoon />;
}
