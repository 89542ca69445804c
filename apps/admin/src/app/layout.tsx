import { Suspense, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import type { OperatorSelf } from '@khela/contract';
import { areas } from '../areas/index.ts';
import { t } from '../shared/i18n/i18n.ts';
import { Loading } from '../shared/ui/states.tsx';
import { Page } from '../shared/ui/page.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { LogoutButton } from './logout-button.tsx';
import { Link, pathMatches, useLocation } from './router.tsx';
import { allows, findRoute, navFor } from './routes.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/**
 * The signed-in frame: a top bar (menu button on a phone, the brand, the operator and role, theme,
 * logout), the nav of what this role may open (a drawer under 900 px), and the page of the address.
 */
export function Layout({ operator }: { operator: OperatorSelf }) {
  const location = useLocation();
  // The drawer (under 900 px) is open on the address it was opened at: going to a page closes it.
  const [navOpenAt, setNavOpenAt] = useState<string | null>(null);
  const navOpen = navOpenAt === location.pathname;
  const setNavOpen = (open: boolean) => setNavOpenAt(open ? location.pathname : null);
  const nav = navFor(areas, operator.permissions);
  const route = findRoute(areas, location.pathname);
  const allowed = route ? allows(operator.permissions, route.entry.permission) : false;
  const RoutePage = route?.entry.page;

  return (
    <div className={`shell${navOpen ? ' shell--nav-open' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label={t('shell_menu')}
          aria-expanded={navOpen}
          aria-controls="admin-nav"
          onClick={() => setNavOpen(!navOpen)}
        >
          <Menu size={20} aria-hidden />
        </button>
        <Link to="/" className="topbar__brand">
          {t('shell_brand')}
        </Link>
        <div className="topbar__operator" data-testid="operator-badge">
          <span className="topbar__account">{operator.account}</span>
          <span className="badge">{t(`shell_role_${operator.role}`)}</span>
        </div>
        <ThemeToggle />
        <LogoutButton />
      </header>
      <nav id="admin-nav" className="sidenav" aria-label={t('shell_nav_label')}>
        {nav.map((area) => (
          <div key={area.id} className="sidenav__group">
            {area.labelKey ? <p className="sidenav__heading">{t(area.labelKey)}</p> : null}
            <ul>
              {area.navEntries.map((entry) => {
                const Icon = entry.icon;
                const isCurrent =
                  route?.entry === entry ||
                  (entry.path !== '/' && pathMatches(entry.path, location.pathname));
                return (
                  <li key={entry.path}>
                    <Link
                      to={entry.path}
                      className="sidenav__link"
                      aria-current={isCurrent ? 'page' : undefined}
                      data-nav={entry.path}
                    >
                      {Icon ? <Icon size={18} aria-hidden /> : null}
                      <span>{t(entry.labelKey)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <button
        type="button"
        className="shell__scrim"
        aria-label={t('shell_close')}
        tabIndex={-1}
        onClick={() => setNavOpen(false)}
      />
      <main className="main" id="main">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loading rows={5} />}>
            {!route || !RoutePage ? (
              <Page title={t('shell_not_found_title')}>
                <p>{t('shell_not_found')}</p>
                <Link to="/">{t('shell_nav_home')}</Link>
              </Page>
            ) : !allowed ? (
              <Page title={t('shell_forbidden_title')}>
                <p role="alert">{t('shell_forbidden_permission', { permission: route.entry.permission })}</p>
              </Page>
            ) : (
              <RoutePage />
            )}
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
