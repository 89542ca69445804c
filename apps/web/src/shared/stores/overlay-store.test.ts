import { describe, expect, it } from 'vitest';
import { useOverlayStore } from './overlay-store.ts';

describe('overlay store', () => {
  it('opens and closes modals by name, the latest on top', () => {
    const { openModal, closeModal } = useOverlayStore.getState();
    openModal('chatModal');
    openModal('chatModal');
    expect(useOverlayStore.getState().openModals).toEqual(['chatModal']);
    closeModal('chatModal');
    expect(useOverlayStore.getState().openModals).toEqual([]);
  });

  it('opens the member centre on a page, securityCenter by default', () => {
    useOverlayStore.getState().openMemberCentre();
    expect(useOverlayStore.getState().memberCentre).toEqual({ open: true, page: 'securityCenter' });
    useOverlayStore.getState().openMemberCentre('withdraw');
    expect(useOverlayStore.getState().memberCentre).toEqual({ open: true, page: 'withdraw' });
  });

  it('opens the agent centre on agentTeamOverview by default, closing the member centre', () => {
    useOverlayStore.getState().openMemberCentre('depositv2');
    useOverlayStore.getState().openAgentCentre();
    const state = useOverlayStore.getState();
    expect(state.agentCentre).toEqual({ open: true, page: 'agentTeamOverview' });
    expect(state.memberCentre.open).toBe(false);
  });

  it('resolves a confirm request with the answer', async () => {
    const answer = useOverlayStore.getState().requestConfirm({ messageKey: 'confirm_logout' });
    expect(useOverlayStore.getState().pendingConfirm?.messageKey).toBe('confirm_logout');
    useOverlayStore.getState().settleConfirm(true);
    await expect(answer).resolves.toBe(true);
    expect(useOverlayStore.getState().pendingConfirm).toBeNull();
  });
});
