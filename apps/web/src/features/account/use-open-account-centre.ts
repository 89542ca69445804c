import { useCallback } from 'react';
import type { AgentCentrePageKey, MemberCentrePageKey } from '../../shared/config/centre-pages.ts';
import { useLoginCheck } from '../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../shared/stores/session-store.ts';

/**
 * Opens the right centre for the account: agents (types 1, 2, 41, 42) the agent centre, everyone else
 * the member centre; after the login check (a visitor goes to log in, a trial account is warned).
 */
export function useOpenAccountCentre() {
  const loginCheck = useLoginCheck();
  const isAgent = useSessionStore((state) => state.isAgent);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);

  return useCallback(
    (pages: { member?: MemberCentrePageKey; agent?: AgentCentrePageKey } = {}) =>
      loginCheck(() => {
        if (isAccountCentreType(isAgent)) openAgentCentre(pages.agent);
        else openMemberCentre(pages.member);
      }),
    [loginCheck, isAgent, openMemberCentre, openAgentCentre],
  );
}
