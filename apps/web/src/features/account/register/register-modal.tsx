import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useBanners } from '../../banner/index.ts';
import { RegisterForm } from './register-form.tsx';
import './register-form.css';

/** The register banner (spec 2: banner group w_register): its first picture above the form. */
function RegisterBanner() {
  const { data: banners } = useBanners('w_register');
  const banner = banners?.[0];
  if (!banner) return null;
  return (
    <picture>
      {banner.mobileUrl ? <source media="(max-width: 767px)" srcSet={banner.mobileUrl} /> : null}
      <img className="register-modal__banner" src={banner.url} alt={banner.title} decoding="async" />
    </picture>
  );
}

/** registerModal (spec 2 Dialogs: Register), 600 px wide. */
export function RegisterModal() {
  const { t } = useTranslation();
  const closeModal = useOverlayStore((state) => state.closeModal);
  return (
    <Modal
      open
      onClose={() => closeModal('registerModal')}
      title={t('page_register')}
      closeLabel={t('action_close')}
      variant="modal"
      className="register-modal"
    >
      <RegisterBanner />
      <RegisterForm variant="modal" />
    </Modal>
  );
}
