import Crown from 'lucide-react/icons/crown';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { isAccountCentreType, useSessionStore } from '../../../shared/stores/session-store.ts';
import { useMemberInfo } from '../api/get-member-info.ts';
import './rank-badge.css';

/**
 * The member's VIP rank in the header (member info's clubLabel, docs/vip.md): the level's name with
 * a crown, its level for screen readers. Players only: agents hold no rank.
 */
export function RankBadge() {
  const { t } = useTranslation();
  const isAgent = useSessionStore((state) => state.isAgent);
  const { data: member } = useMemberInfo();
  if (!member || isAccountCentreType(isAgent) || member.type !== 0) return null;
  const { labelName, rankLevel } = member.clubLabel;
  return (
    <span
      className={`rank-badge rank-badge--level-${Math.min(rankLevel, 6)}`}
      title={t('vip_rank_of', { name: labelName, level: rankLevel })}
      aria-label={t('vip_rank_of', { name: labelName, level: rankLevel })}
      data-testid="rank-badge"
    >
      <Crown size={14} aria-hidden="true" />
      <span className="rank-badge__name" aria-hidden="true">
        {labelName}
      </span>
    </span>
  );
}
