import { useTranslation } from 'react-i18next';
import {
  defaultAgentCentrePage,
  isAgentWalletPage,
  visibleAgentCentreMenu,
} from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { ComingSoon } from '../../shared/ui/coming-soon.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { MemberCentrePage } from './member-centre-pages.tsx';
import { useWhitelabel } from '../../shared/api/get-whitelabel.ts';
import { revealInStrip } from '../../shared/lib/reveal-in-strip.ts';
import '../../shared/ui/centre-panel.css';

/** The agent centre (spec 2 menu table), opened on demand with `openAgentCentre(pageKey)`. */
export function AgentCentrePanel() {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const { open, page } = useOverlayStore((state) => state.agentCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);
  const close = useOverlayStore((state) => state.closeAgentCentre);
  if (!whitelabel) return null;

  const menu = visibleAgentCentreMenu({ features: whitelabel.features });
  const current =
    menu.find((entry) => entry.page === page) ?? menu.find((entry) => entry.page === defaultAgentCentrePage);
  if (!current) return null;

  return (
    <Modal
      open={open}
      onClose={close}
      variant="panel"
      title={t('agent_centre')}
      closeLabel={t('action_close')}
    >
      <div className="centre">
        <nav className="centre__menu" aria-label={t('agent_centre')}>
          <ul>
            {menu.map((entry) => (
              <li key={entry.page}>
                <button
                  type="button"
                  className="centre__link"
                  aria-current={entry.page === current.page ? 'page' : undefined}
                  ref={entry.page === current.page ? revealInStrip : undefined}
                  onClick={() => openAgentCentre(entry.page)}
                >
                  {t(entry.labelKey)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="centre__page" aria-labelledby="centre-page-title" data-page={current.page}>
          <h2 id="centre-page-title" className="centre__title">
            {t(current.labelKey)}
          </h2>
          {/* The wallet pages work for agents now; the team pages come with the agent centre issue. */}
          {isAgentWalletPage(current.page) ? <MemberCentrePage page={current.page} /> : <ComingSoon />}
        </section>
      </div>
    </Modal>
  );
}
