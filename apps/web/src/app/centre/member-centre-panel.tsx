import { useTranslation } from 'react-i18next';
import {
  memberCentreLabelKeys,
  visibleMemberCentrePages,
  type MemberCentrePageKey,
} from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { useWhitelabel } from '../../shared/api/get-whitelabel.ts';
import { LogoutButton } from '../../features/account/index.ts';
import { MemberCentrePage } from './member-centre-pages.tsx';
import { revealInStrip } from '../../shared/lib/reveal-in-strip.ts';
import '../../shared/ui/centre-panel.css';

/** The member centre (spec 2), opened on demand with `openMemberCentre(pageKey)`. */
export function MemberCentrePanel() {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const isAgent = useSessionStore((state) => state.isAgent);
  const { open, page } = useOverlayStore((state) => state.memberCentre);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const close = useOverlayStore((state) => state.closeMemberCentre);
  if (!whitelabel) return null;

  const pages = visibleMemberCentrePages({ features: whitelabel.features, isAgent });
  const current: MemberCentrePageKey = pages.includes(page) ? page : 'securityCenter';

  return (
    <Modal
      open={open}
      onClose={close}
      variant="panel"
      title={t('member_centre')}
      closeLabel={t('action_close')}
    >
      <div className="centre">
        <nav className="centre__menu" aria-label={t('member_centre')}>
          <ul>
            {pages.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  className="centre__link"
                  aria-current={key === current ? 'page' : undefined}
                  ref={key === current ? revealInStrip : undefined}
                  onClick={() => openMemberCentre(key)}
                >
                  {t(memberCentreLabelKeys[key])}
                </button>
              </li>
            ))}
          </ul>
          {/* Outside the list: on phones the list scrolls sideways, the way out stays in view. */}
          <LogoutButton className="centre__logout" />
        </nav>
        <section className="centre__page" aria-labelledby="centre-page-title" data-page={current}>
          <h2 id="centre-page-title" className="centre__title">
            {t(memberCentreLabelKeys[current])}
          </h2>
          <MemberCentrePage page={current} />
        </section>
      </div>
    </Modal>
  );
}
