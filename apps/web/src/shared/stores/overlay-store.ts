import { create } from 'zustand';
import {
  defaultAgentCentrePage,
  defaultMemberCentrePage,
  type AgentCentrePageKey,
  type MemberCentrePageKey,
} from '../config/centre-pages.ts';

/**
 * Modals open and close by name (spec 4). Names join this list as their issues land (login, register,
 * forgot and change password, notices); the app's overlay host maps each name to a lazy component.
 */
export const modalNames = [
  'chatModal',
  'noticeModal',
  'loginPopupModal',
  'registerModal',
  'forgetPassModal',
  'changePassModal',
] as const;
export type ModalName = (typeof modalNames)[number];

export interface ConfirmRequest {
  titleKey?: string;
  messageKey: string;
  confirmKey?: string;
  cancelKey?: string;
  /** A warning with one button (e.g. the trial-account notice). */
  hideCancel?: boolean;
}

interface PendingConfirm extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

interface OverlayState {
  /** Open modals in the order they opened; the last is on top. */
  openModals: ModalName[];
  openModal: (name: ModalName) => void;
  closeModal: (name: ModalName) => void;

  memberCentre: { open: boolean; page: MemberCentrePageKey };
  openMemberCentre: (page?: MemberCentrePageKey) => void;
  closeMemberCentre: () => void;

  agentCentre: { open: boolean; page: AgentCentrePageKey };
  openAgentCentre: (page?: AgentCentrePageKey) => void;
  closeAgentCentre: () => void;

  sideMenuOpen: boolean;
  setSideMenuOpen: (open: boolean) => void;

  pendingConfirm: PendingConfirm | null;
  requestConfirm: (request: ConfirmRequest) => Promise<boolean>;
  settleConfirm: (confirmed: boolean) => void;
}

export const useOverlayStore = create<OverlayState>()((set, get) => ({
  openModals: [],
  openModal: (name) =>
    set((state) => ({ openModals: [...state.openModals.filter((open) => open !== name), name] })),
  closeModal: (name) => set((state) => ({ openModals: state.openModals.filter((open) => open !== name) })),

  memberCentre: { open: false, page: defaultMemberCentrePage },
  openMemberCentre: (page = defaultMemberCentrePage) =>
    set({
      memberCentre: { open: true, page },
      agentCentre: { ...get().agentCentre, open: false },
      sideMenuOpen: false,
    }),
  closeMemberCentre: () => set((state) => ({ memberCentre: { ...state.memberCentre, open: false } })),

  agentCentre: { open: false, page: defaultAgentCentrePage },
  openAgentCentre: (page = defaultAgentCentrePage) =>
    set({
      agentCentre: { open: true, page },
      memberCentre: { ...get().memberCentre, open: false },
      sideMenuOpen: false,
    }),
  closeAgentCentre: () => set((state) => ({ agentCentre: { ...state.agentCentre, open: false } })),

  sideMenuOpen: false,
  setSideMenuOpen: (open) => set({ sideMenuOpen: open }),

  pendingConfirm: null,
  requestConfirm: (request) =>
    new Promise<boolean>((resolve) => {
      // A newer question replaces an unanswered one, which counts as cancelled.
      get().pendingConfirm?.resolve(false);
      set({ pendingConfirm: { ...request, resolve } });
    }),
  settleConfirm: (confirmed) => {
    const pending = get().pendingConfirm;
    set({ pendingConfirm: null });
    pending?.resolve(confirmed);
  },
}));

/** True while anything is layered over the page (used to pause background motion, e.g. sliders). */
export const selectHasOverlay = (state: OverlayState): boolean =>
  state.openModals.length > 0 ||
  state.memberCentre.open ||
  state.agentCentre.open ||
  state.sideMenuOpen ||
  state.pendingConfirm !== null;
