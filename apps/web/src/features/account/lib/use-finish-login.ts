import { useCallback } from 'react';
import { useNavigate } from '../../../shared/router/router.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionGrant } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { rememberDeviceToken } from '../../../shared/lib/known-devices.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

/** Spec 9: the default password that forces a change at login. */
export const defaultPassword = '123456';

export type LoginKind = 'username' | 'sms' | 'social' | 'freePlay' | 'register' | 'reset';

export interface FinishLoginOptions {
  grant: SessionGrant;
  kind: LoginKind;
  /** The password the person typed, kept in memory for the change-password dialog (spec 3). */
  password?: string;
  /** Modals to close once the session is in (the dialog the login came from). */
  closes?: Parameters<ReturnType<typeof useOverlayStore.getState>['closeModal']>[0][];
}

/**
 * What happens after every successful login, registration or free play (spec 4): the token and the
 * account kind go to session storage; a first login runs the first-login call; a '123456' or an
 * expired password (not for an SMS or social login) opens the change-password dialog; otherwise
 * member info loads and the person lands on '/'.
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ grant, kind, password, closes = [] }: FinishLoginOptions) => {
      const session = useSessionStore.getState();
      const overlays = useOverlayStore.getState();
      session.setSession({ token: grant.token, isAgent: grant.isAgent, username: grant.username });
      rememberDeviceToken(grant.username, grant.deviceToken);
      session.setTypedPassword(password ?? null);
      for (const name of closes) overlays.closeModal(name);
      if (grant.firstTimeLogin) {
        // The first-login action is best effort: a failure must not stop the person logging in.
        await apiClient.call(apiRoutes.firstLogin).catch(() => undefined);
      }
      const byPassword = kind === 'username' || kind === 'register' || kind === 'reset';
      if (byPassword && (password === defaultPassword || grant.passwordExpired)) {
        overlays.openModal('changePassModal');
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      void navigate(paths.root);
    },
    [navigate, queryClient],
  );
}
