import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { RegisterForm } from '../register/register-form.tsx';
import '../components/account-form.css';
import '../../../shared/ui/page.css';
import '../register/register-form.css';

/** /register and /register.html in the home layout (spec 2): the registration form in a card. */
export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('page_register'));
  return (
    <div className="page">
      <section className="account-page register-page" aria-labelledby="register-page-title">
        <h1 className="account-page__title" id="register-page-title">
          {t('page_register')}
        </h1>
        <RegisterForm variant="page" />
      </section>
    </div>
  );
}
