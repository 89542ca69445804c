import { Navigate } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../shared/stores/session-store.ts';
import { LoginForm } from '../login/login-form.tsx';
import '../components/account-form.css';

/** /login (spec 2): the sign-in form in a card; the target when loginedToHomePage needs a session. */
export function LoginPage() {
  const { t } = useTranslation();
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  useDocumentTitle(t('page_login'));
  if (isLoggedIn) return <Navigate replace to={paths.root} />;
  return (
    <div className="login-page">
      <section className="account-page" aria-labelledby="login-page-title">
        <h1 className="account-page__title" id="login-page-title">
          {t('page_login')}
        </h1>
        <LoginForm variant="page" />
      </section>
    </div>
  );
}
