import { HelpContent } from './help-content.tsx';

export function HelpPage() {
  return <HelpContent basePath="/help" />;
}
