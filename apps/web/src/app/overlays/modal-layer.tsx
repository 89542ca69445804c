import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../shared/lib/chunk-load.ts';
import { useOverlayStore, type ModalName } from '../../shared/stores/overlay-store.ts';

/** Each named modal (spec 4 "modals open and close by name") and the chunk it lives in. */
const modals: Record<ModalName, LazyExoticComponent<ComponentType>> = {
  chatModal: lazy(() =>
    loadChunk(() => import('../../features/chat/chat-modal.tsx')).then((module) => ({
      default: module.ChatModal,
    })),
  ),
  noticeModal: lazy(() =>
    loadChunk(() => import('../../features/notices/notice-modal.tsx')).then((module) => ({
      default: module.NoticeModal,
    })),
  ),
  loginPopupModal: lazy(() =>
    loadChunk(() => import('../../features/account/login/login-modal.tsx')).then((module) => ({
      default: module.LoginModal,
    })),
  ),
  registerModal: lazy(() =>
    loadChunk(() => import('../../features/account/register/register-modal.tsx')).then((module) => ({
      default: module.RegisterModal,
    })),
  ),
  forgetPassModal: lazy(() =>
    loadChunk(() => import('../../features/account/password/forget-pass-modal.tsx')).then((module) => ({
      default: module.ForgetPassModal,
    })),
  ),
  changePassModal: lazy(() =>
    loadChunk(() => import('../../features/account/password/change-pass-modal.tsx')).then((module) => ({
      default: module.ChangePassModal,
    })),
  ),
  paymentPasswordSetupModal: lazy(() =>
    loadChunk(() => import('../../features/account/password/payment-password-setup-modal.tsx')).then(
      (module) => ({ default: module.PaymentPasswordSetupModal }),
    ),
  ),
};

export function ModalLayer() {
  const openModals = useOverlayStore((state) => state.openModals);
  return (
    <>
      {openModals.map((name) => {
        const NamedModal = modals[name];
        return <NamedModal key={name} />;
      })}
    </>
  );
}
