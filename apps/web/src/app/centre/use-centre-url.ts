import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../shared/router/router.tsx';
import {
  centreQuery,
  isAgentCentrePageKey,
  isMemberCentrePageKey,
  type AgentCentrePageKey,
  type MemberCentrePageKey,
} from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../shared/stores/session-store.ts';

export type CentreTarget =
  { kind: 'member'; page: MemberCentrePageKey } | { kind: 'agent'; page: AgentCentrePageKey } | null;

/** The centre page an address names (`?centre=withdraw`, `?agentCentre=agentDailyWages2`), if any. */
export function centreInSearch(search: string): CentreTarget {
  const params = new URLSearchParams(search);
  const agent = params.get(centreQuery.agent);
  if (isAgentCentrePageKey(agent)) return { kind: 'agent', page: agent };
  const member = params.get(centreQuery.member);
  if (isMemberCentrePageKey(member)) return { kind: 'member', page: member };
  return null;
}

/** The query with the centre set to `target` (or removed); every other parameter stays. */
export function searchWithCentre(search: string, target: CentreTarget): string {
  const params = new URLSearchParams(search);
  params.delete(centreQuery.member);
  params.delete(centreQuery.agent);
  if (target) params.set(centreQuery[target.kind], target.page);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const keyOf = (target: CentreTarget): string => (target ? `${target.kind}:${target.page}` : '');

/** Marks the history entry pushed when a panel opened: closing it then goes Back over that entry. */
interface CentreHistoryState {
  centreOpened?: boolean;
}

/**
 * Keeps the member and agent centre panels and the address in step, both ways:
 * - the address decides when it changes (a link, a reload, Back or Forward): `?centre=<page>` opens
 *   the member centre on that page, `?agentCentre=<page>` the agent centre, neither closes them;
 *   a visitor gets the login first (the page opens once logged in); a member on an agent centre
 *   address gets nothing (the parameter is dropped); a trial account's pages say what they allow;
 * - the panels decide when they change (menus, buttons, logout): opening pushes a history entry (so
 *   Back closes the panel), changing page replaces it, closing goes Back over the pushed entry.
 * Mounted once, eagerly (OverlayHost), and tiny: the panels themselves stay lazy chunks.
 */
export function useCentreUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  const memberCentre = useOverlayStore((state) => state.memberCentre);
  const agentCentre = useOverlayStore((state) => state.agentCentre);
  const seen = useRef<{
    location: string | null;
    session: string | null;
    store: string | null;
    /** A centre address followed before logging in, opened again where the login lands. */
    pending: CentreTarget;
  }>({ location: null, session: null, store: null, pending: null });

  const fromUrl = centreInSearch(location.search);
  const fromStore: CentreTarget = agentCentre.open
    ? { kind: 'agent', page: agentCentre.page }
    : memberCentre.open
      ? { kind: 'member', page: memberCentre.page }
      : null;
  const storeKey = keyOf(fromStore);
  const sessionKey = `${token !== null}|${isAgent ?? ''}`;

  useEffect(() => {
    const last = seen.current;
    // A panel opened before this hook was mounted (e.g. while the brand settings loaded) stays open:
    // on the first run an address without a centre does not close it; the address follows instead.
    const firstRun = last.location === null;
    const locationChanged = last.location !== location.key;
    const sessionChanged = last.session !== sessionKey;
    last.location = location.key;
    last.session = sessionKey;

    const allowed = (target: CentreTarget): boolean =>
      target !== null && token !== null && (target.kind === 'member' || isAccountCentreType(isAgent));
    const show = (target: CentreTarget): void => {
      last.store = keyOf(target);
      if (keyOf(target) === storeKey) return;
      const overlays = useOverlayStore.getState();
      if (target === null) {
        if (memberCentre.open) overlays.closeMemberCentre();
        if (agentCentre.open) overlays.closeAgentCentre();
      } else if (target.kind === 'member') overlays.openMemberCentre(target.page);
      else overlays.openAgentCentre(target.page);
    };
    const go = (target: CentreTarget, options: { replace?: boolean; state?: unknown }): void => {
      void navigate(
        { pathname: location.pathname, search: searchWithCentre(location.search, target) },
        options,
      );
    };

    if (firstRun && fromUrl === null) {
      last.store = '';
    } else if (locationChanged) {
      // 1. The address changed: it decides.
      if (fromUrl === null && last.pending && allowed(last.pending)) {
        const pending = last.pending;
        last.pending = null;
        last.store = keyOf(fromStore);
        go(pending, { state: { centreOpened: true } satisfies CentreHistoryState });
        return;
      }
      if (fromUrl !== null && !allowed(fromUrl)) {
        show(null);
        if (token === null) {
          last.pending = fromUrl;
          useOverlayStore.getState().openModal('loginPopupModal');
        } else go(null, { replace: true });
        return;
      }
      if (fromUrl === null) last.pending = null;
      show(fromUrl);
      return;
    } else if (sessionChanged && fromUrl !== null && allowed(fromUrl)) {
      // 2. Logged in on a centre address: it opens (and again where the login lands, if elsewhere).
      last.pending = fromUrl;
      show(fromUrl);
      return;
    }
    if (last.store !== storeKey) {
      // 3. A panel opened, changed page or closed: the address follows.
      const wasOpen = Boolean(last.store);
      last.store = storeKey;
      if (keyOf(fromUrl) === storeKey) return;
      const state = location.state as CentreHistoryState | null;
      if (fromStore === null) {
        if (state?.centreOpened) void navigate(-1);
        else go(null, { replace: true });
      } else if (wasOpen && fromUrl !== null) go(fromStore, { replace: true, state });
      else go(fromStore, { state: { centreOpened: true } satisfies CentreHistoryState });
    }
  });
}
