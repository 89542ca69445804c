import { useEffect } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { selectIsLoggedIn, useSessionStore } from '../../../shared/stores/session-store.ts';

/**
 * Back from the payment gateway (/index?depositOrder=<id>): opens the member centre on depositv2,
 * where the deposit page shows that order's status. Tiny on purpose (no form code), so the shell
 * can mount it eagerly: `useDepositReturn()` in a component that is always rendered.
 */
export function useDepositReturn() {
  const [searchParams] = useSearchParams();
  const hasOrder = searchParams.has('depositOrder');
  const isLoggedIn = useSessionStore(selectIsLoggedIn);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  useEffect(() => {
    if (hasOrder && isLoggedIn) openMemberCentre('depositv2');
  }, [hasOrder, isLoggedIn, openMemberCentre]);
}
