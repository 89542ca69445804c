import { lazy, Suspense, type ReactNode } from 'react';
import { operatorMe, whitelabel } from '@khela/contract/call-routes';
import { useCall } from '../shared/api/hooks.ts';
import { useSession } from '../shared/api/session.ts';
import { t } from '../shared/i18n/i18n.ts';
import { setBrandZone } from '../shared/lib/format.ts';
import { ErrorState, Loading } from '../shared/ui/states.tsx';
import { useIdleLogout } from './idle.ts';
import { Layout } from './layout.tsx';
import { OperatorContext } from './operator.ts';
import type { OperatorSelf } from '@khela/contract';

// The login and the first-login steps are chunks of their own: a signed-in operator (nearly every
// load of the back office) never downloads the login's forms, proof of work and their schemas.
const LoginPage = lazy(() =>
  import('./login/login-page.tsx').then((module) => ({ default: module.LoginPage })),
);
const ChangePasswordStep = lazy(() =>
  import('./login/first-login.tsx').then((module) => ({ default: module.ChangePasswordStep })),
);
const TwoFactorStep = lazy(() =>
  import('./login/first-login.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

function Boot({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="boot">
          <Loading rows={3} label={t('shell_loading')} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** No session: the login. A session: who it is (operatorMe), its first-login steps, then the back office. */
export function App() {
  const { token } = useSession();
  return token ? (
    <SignedIn key={token} />
  ) : (
    <Boot>
      <LoginPage />
    </Boot>
  );
}

function SignedIn() {
  const me = useCall(operatorMe, undefined, { staleTime: Infinity });
  // The brand's time zone, before any page formats a time (format.ts setBrandZone).
  const brand = useCall(whitelabel, undefined, { staleTime: Infinity });
  if (me.isPending || brand.isPending) {
    return (
      <div className="boot">
        <Loading rows={3} label={t('shell_loading')} />
      </div>
    );
  }
  if (me.error || brand.error) {
    return (
      <div className="boot">
        <ErrorState
          error={me.error ?? brand.error}
          onRetry={() => void (me.error ? me.refetch() : brand.refetch())}
        />
      </div>
    );
  }
  setBrandZone(brand.data.timeZone);
  return <Operator operator={me.data} />;
}

function Operator({ operator }: { operator: OperatorSelf }) {
  useIdleLogout(operator.idleMinutes);
  if (operator.passwordChangeRequired) {
    return (
      <Boot>
        <ChangePasswordStep operator={operator} />
      </Boot>
    );
  }
  if (operator.twoFactorSetupRequired) {
    return (
      <Boot>
        <TwoFactorStep operator={operator} />
      </Boot>
    );
  }
  return (
    <OperatorContext.Provider value={operator}>
      <Layout operator={operator} />
    </OperatorContext.Provider>
  );
}
