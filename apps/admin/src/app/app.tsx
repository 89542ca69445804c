import { operatorMe } from '@khela/contract/call-routes';
import { useCall } from '../shared/api/hooks.ts';
import { useSession } from '../shared/api/session.ts';
import { t } from '../shared/i18n/i18n.ts';
import { ErrorState, Loading } from '../shared/ui/states.tsx';
import { useIdleLogout } from './idle.ts';
import { Layout } from './layout.tsx';
import { ChangePasswordStep, TwoFactorStep } from './login/first-login.tsx';
import { LoginPage } from './login/login-page.tsx';
import { OperatorContext } from './operator.ts';
import type { OperatorSelf } from '@khela/contract';

/** No session: the login. A session: who it is (operatorMe), its first-login steps, then the back office. */
export function App() {
  const { token } = useSession();
  return token ? <SignedIn key={token} /> : <LoginPage />;
}

function SignedIn() {
  const me = useCall(operatorMe, undefined, { staleTime: Infinity });
  if (me.isPending) {
    return (
      <div className="boot">
        <Loading rows={3} label={t('shell_loading')} />
      </div>
    );
  }
  if (me.error) {
    return (
      <div className="boot">
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return <Operator operator={me.data} />;
}

function Operator({ operator }: { operator: OperatorSelf }) {
  useIdleLogout(operator.idleMinutes);
  if (operator.passwordChangeRequired) return <ChangePasswordStep operator={operator} />;
  if (operator.twoFactorSetupRequired) return <TwoFactorStep operator={operator} />;
  return (
    <OperatorContext.Provider value={operator}>
      <Layout operator={operator} />
    </OperatorContext.Provider>
  );
}
