import { useEffect } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import {
  isAccountCentreType,
  selectIsLoggedIn,
  useSessionStore,
} from '../../../shared/stores/session-store.ts';

/**
 * Back from the payment gateway (/index?depositOrder=<id>): opens the centre the account pays from
 * on depositv2 (an agent's agent centre, everyone else's member centre), where the deposit page
 * shows that order's status. Tiny on purpose (no form code), so the shell
 * can mount it eagerly: `useDepositReturn()` in a component that is always rendered.
 */
export function useDepositReturn() {
  const [searchParams] = useSearchParams();
  const hasOrder = searchParams.has('depositOrder');
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const isAgent = isAccountCentreType(useSessionStore((state) => state.isAgent));
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);
  useEffect(() => {
    if (!hasOrder || !isLoggedIn) return;
    if (isAgent) openAgentCentre('depositv2');
    else openMemberCentre('depositv2');
  }, [hasOrder, isLoggedIn, isAgent, openMemberCentre, openAgentCentre]);
}
