import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useDepositReturn } from '../../features/wallet/index.ts';
import { ChunkError } from '../../shared/ui/chunk-error.tsx';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { ToastHost } from '../../shared/ui/toast.tsx';
import { useCentreUrl } from '../centre/use-centre-url.ts';
import './overlay-host.css';

// Every overlay is its own chunk, fetched the first time it opens: none of them (nor the dialog
// library) weighs on the home route's first load.
const ModalLayer = lazy(() =>
  loadChunk(() => import('./modal-layer.tsx')).then((module) => ({ default: module.ModalLayer })),
);
const ConfirmDialog = lazy(() =>
  loadChunk(() => import('../../shared/ui/confirm-dialog.tsx')).then((module) => ({
    default: module.ConfirmDialog,
  })),
);
const MemberCentrePanel = lazy(() =>
  loadChunk(() => import('../centre/member-centre-panel.tsx')).then((module) => ({
    default: module.MemberCentrePanel,
  })),
);
const AgentCentrePanel = lazy(() =>
  loadChunk(() => import('../centre/agent-centre-panel.tsx')).then((module) => ({
    default: module.AgentCentrePanel,
  })),
);
const SideMenu = lazy(() =>
  loadChunk(() => import('../shell/side-menu.tsx')).then((module) => ({ default: module.SideMenu })),
);

function OverlayLoading() {
  const { t } = useTranslation();
  return (
    <div className="overlay-loading">
      <Spinner label={t('state_loading')} size="inline" />
    </div>
  );
}

/** Spec 4: the loader that covers the page while a logout is under way. */
function LogoutOverlay() {
  const { t } = useTranslation();
  return (
    <div className="logout-overlay">
      <Spinner size="inline" label={t('state_logging_out')} />
      <span aria-hidden="true">{t('state_logging_out')}</span>
    </div>
  );
}

export function OverlayHost() {
  // Back from the payment gateway: the member centre opens on the deposit page.
  useDepositReturn();
  // The centres have addresses: ?centre=<page> and ?agentCentre=<page> (apps/web/README.md).
  useCentreUrl();
  const hasModals = useOverlayStore((state) => state.openModals.length > 0);
  const hasConfirm = useOverlayStore((state) => state.pendingConfirm !== null);
  const isMemberCentreOpen = useOverlayStore((state) => state.memberCentre.open);
  const isAgentCentreOpen = useOverlayStore((state) => state.agentCentre.open);
  const isSideMenuOpen = useOverlayStore((state) => state.sideMenuOpen);
  const isLoggingOut = useOverlayStore((state) => state.isLoggingOut);

  return (
    <>
      {isLoggingOut ? <LogoutOverlay /> : null}
      <ToastHost />
      <ErrorBoundary
        fallback={(error, reset) => (
          <div className="overlay-error">
            <ChunkError error={error} onRetry={reset} />
          </div>
        )}
      >
        <Suspense fallback={<OverlayLoading />}>
          {isSideMenuOpen ? <SideMenu /> : null}
          {isMemberCentreOpen ? <MemberCentrePanel /> : null}
          {isAgentCentreOpen ? <AgentCentrePanel /> : null}
          {hasModals ? <ModalLayer /> : null}
          {hasConfirm ? <ConfirmDialog /> : null}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
