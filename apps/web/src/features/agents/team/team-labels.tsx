import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Badge } from '../../../shared/ui/badge.tsx';

/** Spec 6: the agent types an agent may open (1, 2, 41, 42); 0 is a player. */
export const openableAgentTypes = [1, 2, 41, 42] as const;
export type OpenableAgentType = (typeof openableAgentTypes)[number];

/**
 * "Player" or "Agent". The agent kinds (1, 2, 41, 42) name no difference in what an agent may do
 * (docs/agents.md), so the site does not show a bare number for them (issue 38).
 */
export function useAccountTypeLabel() {
  const { t } = useTranslation();
  return (type: number) => (type === 0 ? t('label_player') : t('agt_kind_agent'));
}

export function AccountStatusBadge({ status }: { status: 'active' | 'disabled' }) {
  const { t } = useTranslation();
  return status === 'active' ? (
    <Badge tone="blue">{t('agt_status_active')}</Badge>
  ) : (
    <Badge tone="danger">{t('agt_status_disabled')}</Badge>
  );
}

/** From the agent down to the account whose downlines are listed; the last one is where we are. */
export function Breadcrumbs({
  path,
  onGo,
}: {
  path: readonly string[];
  onGo: (name: string, isRoot: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('agt_breadcrumbs')}>
      <ol className="agent-crumbs">
        {path.map((name, index) => (
          <li key={name}>
            {index === path.length - 1 ? (
              <span aria-current="page">{name}</span>
            ) : (
              <button type="button" onClick={() => onGo(name, index === 0)}>
                {name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
