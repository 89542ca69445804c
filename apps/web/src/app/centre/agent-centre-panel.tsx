import {
  defaultAgentCentrePage,
  isAgentWalletPage,
  visibleAgentCentreMenu,
} from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { isAccountCentreType, useSessionStore } from '../../shared/stores/session-store.ts';
import { AgentCentrePage, useAgentRequestBadges } from '../../features/agents/index.ts';
import { MemberCentrePage } from './member-centre-pages.tsx';
import { useWhitelabel } from '../../shared/api/get-whitelabel.ts';
import { CentreFrame } from './centre-frame.tsx';
import { LogoutButton } from '../../features/account/index.ts';

/** The agent centre (spec 2 menu table), opened on demand with `openAgentCentre(pageKey)`. */
export function AgentCentrePanel() {
  const { data: whitelabel } = useWhitelabel();
  const { open, page } = useOverlayStore((state) => state.agentCentre);
  const openAgentCentre = useOverlayStore((state) => state.openAgentCentre);
  const close = useOverlayStore((state) => state.closeAgentCentre);
  const isAgent = useSessionStore((state) => state.isAgent);
  // Contract requests waiting for my answer, on their wage pages' entries (asked while the panel is open).
  const badges = useAgentRequestBadges(open && isAccountCentreType(isAgent));
  if (!whitelabel) return null;

  const menu = visibleAgentCentreMenu({ features: whitelabel.features });
  const current =
    menu.find((entry) => entry.page === page) ?? menu.find((entry) => entry.page === defaultAgentCentrePage);
  if (!current) return null;

  return (
    <CentreFrame
      open={open}
      onClose={close}
      titleKey="agent_centre"
      entries={menu.map((entry) => ({
        key: entry.page,
        labelKey: entry.labelKey,
        badge: badges[entry.page] ?? 0,
      }))}
      current={{ key: current.page, labelKey: current.labelKey }}
      onOpen={openAgentCentre}
      menuFooter={<LogoutButton className="centre__logout" />}
    >
      {/* An agent's own money: the member centre's wallet pages; the rest are the team's pages. */}
      {isAgentWalletPage(current.page) ? (
        <MemberCentrePage page={current.page} />
      ) : (
        <AgentCentrePage page={current.page} />
      )}
    </CentreFrame>
  );
}
