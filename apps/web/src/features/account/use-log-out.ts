import { useCallback } from 'react';
import { useNavigate } from '../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/api/api-client.ts';
import { apiRoutes } from '../../shared/api/api-routes.ts';
import { paths } from '../../shared/config/paths.ts';
import { readStorage, writeStorage } from '../../shared/lib/storage.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';

/** The key of announcement-popups.tsx for a guest's start-up notices. */
const guestNoticeKey = 'noticePopupGuest';

/**
 * Everything this tab kept for the session (spec 4: logout clears session storage), except that the
 * guest's start-up notices were already shown in this browser session: they do not pop up again.
 */
function clearSessionStorage(): void {
  const guestNoticesSeen = readStorage('session', guestNoticeKey);
  try {
    window.sessionStorage.clear();
  } catch {
    // storage disabled by policy: nothing was kept there
  }
  if (guestNoticesSeen) writeStorage('session', guestNoticeKey, guestNoticesSeen);
}

/**
 * Spec 4: logout asks first, covers the page with a loader, ends the session on the server, clears
 * session storage and the login, agent and VIP state, and goes to '/'. One hook for every place that
 * offers it (account menu, side menu, member centre), so they cannot drift apart.
 */
export function useLogOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const overlays = useOverlayStore.getState();
    const confirmed = await overlays.requestConfirm({
      messageKey: 'confirm_logout',
      confirmKey: 'action_logout',
    });
    if (!confirmed) return;
    overlays.setLoggingOut(true);
    overlays.setSideMenuOpen(false);
    overlays.closeMemberCentre();
    overlays.closeAgentCentre();
    try {
      // Ends every session of the account on the server; a failure still logs this tab out.
      await apiClient.call(apiRoutes.logout);
    } catch {
      // offline or already expired: the local session goes anyway
    }
    useSessionStore.getState().clearSession();
    clearSessionStorage();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    useOverlayStore.getState().setLoggingOut(false);
    void navigate(paths.root);
  }, [navigate, queryClient]);
}
