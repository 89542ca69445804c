import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from '../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useStatus } from '../shared/api/get-status.ts';
import { useWhitelabel } from '../shared/api/get-whitelabel.ts';
import { countriesQueryOptions } from '../shared/api/get-countries.ts';
import { SystemNoticePage } from '../features/system/index.ts';
import { rememberAffiliateCode } from '../features/account/index.ts';
import { LanguageMenu } from '../features/preferences/index.ts';
import { paths, publicPathsWhenLoginRequired } from '../shared/config/paths.ts';
import { setDocumentBrandName } from '../shared/hooks/use-document-title.ts';
import { changeLanguage } from '../shared/i18n/i18n.ts';
import { storedApiLanguage, useLanguageStore } from '../shared/i18n/languages.ts';
import { selectIsLoggedIn, useSessionStore } from '../shared/stores/session-store.ts';
import { loadChunk } from '../shared/lib/chunk-load.ts';
import { Spinner } from '../shared/ui/spinner.tsx';
import { OverlayHost } from './overlays/overlay-host.tsx';

// Shown only while the site is closed: kept out of the first load.
const MaintenancePage = lazy(() =>
  loadChunk(() => import('../features/system/components/maintenance-page.tsx')).then((module) => ({
    default: module.MaintenancePage,
  })),
);
const RegionBlockedPage = lazy(() =>
  loadChunk(() => import('../features/system/components/region-blocked-page.tsx')).then((module) => ({
    default: module.RegionBlockedPage,
  })),
);

/**
 * Everything above the pages: the system status (spec 4: 0 normal, 1 maintenance, 2 region-blocked),
 * the brand settings, the `loginedToHomePage` rule and the overlays (modals, panels, side menu).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const status = useStatus();
  const whitelabel = useWhitelabel();
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const activeLanguage = useLanguageStore((state) => state.language);

  // Spec 2 "On start: loads the country code list".
  useEffect(() => {
    void queryClient.prefetchQuery(countriesQueryOptions());
  }, [queryClient]);

  // An agent's invitation link (?affiliateCode=…) may land on any page: keep the code for the
  // registration form, which sends it when its field is empty (spec 3).
  useEffect(() => {
    rememberAffiliateCode(window.location.search);
  }, []);

  const brand = whitelabel.data;
  useEffect(() => {
    if (!brand) return;
    setDocumentBrandName(brand.brandName);
    // The brand's default language applies until the visitor picks one.
    if (storedApiLanguage() === null && brand.defaultLanguage !== activeLanguage) {
      void changeLanguage(brand.defaultLanguage, { remember: false });
    }
  }, [brand, activeLanguage]);

  const languageMenu = brand ? <LanguageMenu languages={brand.languages} align="start" /> : null;

  // Status first: a closed site shows its page whatever else failed. A failed status check does not
  // close the site (the server enforces maintenance on its own calls).
  if (status.isPending) return <Spinner size="page" label={t('state_loading')} />;
  if (status.data?.status === 1) {
    return (
      <Suspense fallback={<Spinner size="page" label={t('state_loading')} />}>
        <MaintenancePage
          maintenance={status.data.maintenance}
          whitelabel={brand}
          languageMenu={languageMenu}
        />
      </Suspense>
    );
  }
  if (status.data?.status === 2) {
    return (
      <Suspense fallback={<Spinner size="page" label={t('state_loading')} />}>
        <RegionBlockedPage ip={status.data.ip} whitelabel={brand} languageMenu={languageMenu} />
      </Suspense>
    );
  }

  if (whitelabel.isPending) return <Spinner size="page" label={t('state_loading')} />;
  if (!brand) {
    return (
      <SystemNoticePage icon={CircleAlert} tone="blocked" title={t('error_title')} text={t('err_network')}>
        <div className="system-notice__actions">
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => void whitelabel.refetch()}
          >
            <RotateCw size={20} aria-hidden="true" />
            {t('action_retry')}
          </button>
        </div>
      </SystemNoticePage>
    );
  }

  // Spec 2: with loginedToHomePage on, only a few paths are open without a session.
  if (brand.features.loginedToHomePage && !isLoggedIn && !publicPathsWhenLoginRequired.includes(pathname)) {
    return <Navigate replace to={paths.login} />;
  }

  return (
    <>
      <Outlet />
      <OverlayHost />
    </>
  );
}
