import { ApiError } from '@khela/contract';
import { useOverlayStore } from '../stores/overlay-store.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * A session whose password must change first (a '123456' or expired password) is served nothing
 * else by the server (PASSWORD_CHANGE_REQUIRED): whichever page, reload or action asked, the
 * change-password dialog opens, so skipping it gets the person nowhere.
 */
export function askPasswordChangeOn(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'PASSWORD_CHANGE_REQUIRED') return;
  if (useSessionStore.getState().token === null) return;
  const overlays = useOverlayStore.getState();
  if (!overlays.openModals.includes('changePassModal')) overlays.openModal('changePassModal');
}
