import { HelpContent } from './help-content.tsx';
import './help-bare-page.css';

/** /helpmc: the help centre without the shell (spec 2), e.g. inside an app's web view. */
export function HelpBarePage() {
  return (
    <main className="help-bare helpmc">
      <HelpContent basePath="/helpmc" />
    </main>
  );
}
