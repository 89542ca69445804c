import { areas } from '../../areas/index.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { useOperator } from '../operator.ts';
import { Link } from '../router.tsx';
import { navFor } from '../routes.ts';

/** After login: who is here, with which role, and the pages this role may open. */
export default function HomePage() {
  const operator = useOperator();
  const groups = navFor(areas, operator.permissions)
    .map((area) => ({ ...area, navEntries: area.navEntries.filter((entry) => entry.path !== '/') }))
    .filter((area) => area.navEntries.length > 0);
  return (
    <Page title={t('shell_home_title', { name: operator.nickname || operator.account })}>
      <Section>
        <dl className="meta-list">
          <dt>{t('shell_home_account')}</dt>
          <dd>{operator.account}</dd>
          <dt>{t('shell_home_role')}</dt>
          <dd>
            <span className="badge">{t(`shell_role_${operator.role}`)}</span>
          </dd>
          <dt>{t('shell_home_idle')}</dt>
          <dd>{t('shell_home_idle_minutes', { minutes: operator.idleMinutes })}</dd>
        </dl>
      </Section>
      {groups.length === 0 ? (
        <Section>
          <p className="muted">{t('shell_home_nothing')}</p>
        </Section>
      ) : (
        <div className="tiles" data-testid="home-links">
          {groups.flatMap((area) =>
            area.navEntries.map((entry) => {
              const Icon = entry.icon;
              return (
                <Link key={entry.path} to={entry.path} className="tile">
                  <span className="tile__icon">{Icon ? <Icon size={18} aria-hidden /> : null}</span>
                  <span>
                    {area.labelKey ? <span className="tile__group">{t(area.labelKey)}</span> : null}
                    {t(entry.labelKey)}
                  </span>
                </Link>
              );
            }),
          )}
        </div>
      )}
    </Page>
  );
}
