import type { MemberStatusValue } from '@khela/contract';
import { t } from '../../shared/i18n/i18n.ts';

const tones: Record<MemberStatusValue, string> = {
  active: 'badge badge--ok',
  locked: 'badge badge--muted',
  disabled: 'badge badge--danger',
  self_excluded: 'badge badge--muted',
};

/** A member's status as a badge (its word, so colour is never the only sign). */
export function StatusBadge({ status }: { status: MemberStatusValue }) {
  return <span className={tones[status]}>{t(`players_status_${status}`)}</span>;
}
