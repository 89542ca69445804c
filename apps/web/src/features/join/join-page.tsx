import { Link } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Languages from 'lucide-react/icons/languages';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import Users from 'lucide-react/icons/users';
import { paths } from '../../shared/config/paths.ts';
import { Page } from '../../shared/ui/page.tsx';
import { useRegistrationKinds } from '../account/index.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import './join-page.css';

const reasons = [
  { icon: Gamepad2, titleKey: 'join_reason_games_title', textKey: 'join_reason_games_text' },
  { icon: Languages, titleKey: 'join_reason_language_title', textKey: 'join_reason_language_text' },
  { icon: ShieldCheck, titleKey: 'join_reason_safe_title', textKey: 'join_reason_safe_text' },
  { icon: Smartphone, titleKey: 'join_reason_phone_title', textKey: 'join_reason_phone_text' },
];

/** /join: why to join, how to register, and the way in for agents and affiliates. */
export function JoinPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const canRegister = useRegistrationKinds().length > 0;
  return (
    <Page title={t('page_join')}>
      <section className="join-hero">
        <h2 className="join-hero__title">{t('join_title', { brand: brand.brandName })}</h2>
        <p className="join-hero__text">{t('join_lead')}</p>
        <div className="join-hero__actions">
          {canRegister ? (
            <Link className="button button--gold button--large" to={paths.register}>
              {t('action_register')}
            </Link>
          ) : null}
          <Link className="button button--outline join-hero__secondary" to={paths.login}>
            {t('action_login')}
          </Link>
        </div>
      </section>
      <ul className="join-reasons">
        {reasons.map((reason) => {
          const Icon = reason.icon;
          return (
            <li key={reason.titleKey} className="join-reason">
              <span className="join-reason__icon" aria-hidden="true">
                <Icon size={24} />
              </span>
              <h3>{t(reason.titleKey)}</h3>
              <p>{t(reason.textKey)}</p>
            </li>
          );
        })}
      </ul>
      <section className="join-agents" aria-labelledby="join-agents-title">
        <span className="join-reason__icon" aria-hidden="true">
          <Users size={24} />
        </span>
        <div>
          <h2 id="join-agents-title">{t('join_agents_title')}</h2>
          <p>{t('join_agents_text')}</p>
          <Link to={`${paths.help()}?page=affiliates`}>{t('join_agents_link')}</Link>
        </div>
      </section>
      <p className="join-age">{t('join_age_note')}</p>
    </Page>
  );
}
