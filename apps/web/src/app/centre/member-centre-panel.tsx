import {
  memberCentreLabelKeys,
  visibleMemberCentrePages,
  type MemberCentrePageKey,
} from '../../shared/config/centre-pages.ts';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { useWhitelabel } from '../../shared/api/get-whitelabel.ts';
import { LogoutButton } from '../../features/account/index.ts';
import { useWaitingRewards } from '../../features/promotions/index.ts';
import { MemberCentrePage } from './member-centre-pages.tsx';
import { CentreFrame } from './centre-frame.tsx';

/** The member centre (spec 2), opened on demand with `openMemberCentre(pageKey)`. */
export function MemberCentrePanel() {
  const { data: whitelabel } = useWhitelabel();
  const isAgent = useSessionStore((state) => state.isAgent);
  const { open, page } = useOverlayStore((state) => state.memberCentre);
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const close = useOverlayStore((state) => state.closeMemberCentre);
  // Rewards waiting to be claimed, on the reward centre's entry (asked while the panel is open, for
  // a real member only).
  const waitingRewards = useWaitingRewards(open);
  if (!whitelabel) return null;

  const pages = visibleMemberCentrePages({ features: whitelabel.features, isAgent });
  const current: MemberCentrePageKey = pages.includes(page) ? page : 'securityCenter';

  return (
    <CentreFrame
      open={open}
      onClose={close}
      titleKey="member_centre"
      entries={pages.map((key) => ({
        key,
        labelKey: memberCentreLabelKeys[key],
        ...(key === 'rewardCenter' ? { badge: waitingRewards, badgeLabelKey: 'reward_badge_waiting' } : {}),
      }))}
      current={{ key: current, labelKey: memberCentreLabelKeys[current] }}
      onOpen={openMemberCentre}
      menuFooter={<LogoutButton className="centre__logout" />}
    >
      <MemberCentrePage page={current} />
    </CentreFrame>
  );
}
