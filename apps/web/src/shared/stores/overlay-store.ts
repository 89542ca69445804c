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
  'paymentPasswordSetupModal',
] as const;
export type ModalName = (typeof modalNames)[number];

export interface ConfirmRequest {
  titleKey?: string;
  /**
   * What the dialog is: a question (the default, titled "Please confirm"), a failure (titled as an
   * error) or a one-button notice. The title follows unless `titleKey` is given.
   */
  tone?: 'confirm' | 'error' | 'notice';
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
  /** A failure in a one-button dialog titled as an error (never "Please confirm"). */
  showError: (messageKey: string) => Promise<boolean>;

  /** Spec 4: the page is covered by a loader while a logout is under way. */
  isLoggingOut: boolean;
  setLoggingOut: (isLoggingOut: boolean) => void;

  /** A short confirmation that something worked (a toast), e.g. after a password change. */
  toast: Toast | null;
  showToast: (textKey: string) => void;
  dismissToast: () => void;
}

export interface Toast {
  textKey: string;
  /** Tells two equal toasts apart, so the second one restarts its timer. */
  id: number;
}

let toastCount = 0;

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
  showError: (messageKey) => get().requestConfirm({ messageKey, hideCancel: true, tone: 'error' }),

  isLoggingOut: false,
  setLoggingOut: (isLoggingOut) => set({ isLoggingOut }),

  toast: null,
  showToast: (textKey) => {
    toastCount += 1;
    set({ toast: { textKey, id: toastCount } });
  },
  dismissToast: () => set({ toast: null }),
}));

/** True while anything is layered over the page (used to pause background motion, e.g. sliders). */
export const selectHasOverlay = (state: OverlayState): boolean =>
  state.openModals.length > 0 ||
  state.memberCentre.open ||
  state.agentCentre.open ||
  state.sideMenuOpen ||
  state.pendingConfirm !== null;
