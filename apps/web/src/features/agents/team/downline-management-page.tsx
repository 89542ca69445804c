import { useState } from 'react';
import Users from 'lucide-react/icons/users';
import Search from 'lucide-react/icons/search';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { FilterSelect } from '../../../shared/ui/record-filters.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { DownlineDetailView } from './downline-detail.tsx';
import { AccountStatusBadge, Breadcrumbs, useAccountTypeLabel } from './team-labels.tsx';
import { useDownlines, type DownlineList } from './team-api.ts';
import '../../../shared/forms/forms.css';
import '../../../shared/ui/record-list.css';
import './team.css';

const pageSize = 20;
type Kind = '' | 'member' | 'agent';
type Status = '' | 'active' | 'disabled';

/**
 * downlineManagmentView: the agent's direct downlines, a downline's own downlines (breadcrumbs back
 * up), a search over the whole team, and one account's detail with its actions.
 */
export function DownlineManagementPage() {
  const [selected, setSelected] = useState<string | null>(null);
  const [parent, setParent] = useState<string | undefined>(undefined);
  // The list stays mounted under the detail, so its filters and page are there on the way back.
  return (
    <>
      {selected !== null ? (
        <DownlineDetailView
          username={selected}
          onBack={() => setSelected(null)}
          onTeam={(name) => {
            setParent(name);
            setSelected(null);
          }}
        />
      ) : null}
      <div hidden={selected !== null}>
        {/* Another parent is a new list: its search and page start afresh. */}
        <DownlineList key={parent ?? ''} parent={parent} onParent={setParent} onDetail={setSelected} />
      </div>
    </>
  );
}

function DownlineList({
  parent,
  onParent,
  onDetail,
}: {
  parent: string | undefined;
  onParent: (name: string | undefined) => void;
  onDetail: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<Kind>('');
  const [status, setStatus] = useState<Status>('');
  const [pageNo, setPageNo] = useState(1);
  const downlines = useDownlines({
    // A search covers the whole team, wherever the list was.
    ...(search ? { username: search } : parent ? { parent } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    pageNo,
    pageSize,
  });
  const goTo = (name: string | undefined) => {
    setSearch('');
    setTyped('');
    setPageNo(1);
    onParent(name);
  };

  return (
    <div className="agent-team">
      <form
        className="record-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
          setPageNo(1);
        }}
      >
        <div className="agent-search">
          <label className="record-filter record-filter--fill">
            <span>{t('agt_search_username')}</span>
            <input
              type="search"
              className="field__input"
              value={typed}
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" aria-label={t('agt_search')}>
            <Search size={18} aria-hidden="true" />
          </button>
        </div>
        <FilterSelect
          fills
          label={t('agt_account_kind')}
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setPageNo(1);
          }}
        >
          <option value="">{t('label_all')}</option>
          <option value="member">{t('label_player')}</option>
          <option value="agent">{t('agt_kind_agent')}</option>
        </FilterSelect>
        <FilterSelect
          fills
          label={t('agt_status')}
          value={status}
          onChange={(value) => {
            setStatus(value as Status);
            setPageNo(1);
          }}
        >
          <option value="">{t('label_all')}</option>
          <option value="active">{t('agt_status_active')}</option>
          <option value="disabled">{t('agt_status_disabled')}</option>
        </FilterSelect>
      </form>

      {search ? (
        <p className="agent-team__note agent-team__note--search">
          {t('agt_search_result', { value: search })}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => goTo(parent)}>
            {t('agt_search_clear')}
          </button>
        </p>
      ) : downlines.data ? (
        <Breadcrumbs path={downlines.data.path} onGo={(name, isRoot) => goTo(isRoot ? undefined : name)} />
      ) : null}

      {downlines.isPending ? (
        <Skeleton rows={5} height="4.5rem" />
      ) : downlines.isError ? (
        <FormAlert textKey="err_network" />
      ) : downlines.data.list.length === 0 ? (
        <EmptyState icon={Users} title={t(search ? 'agt_search_empty' : 'agt_team_empty')} />
      ) : (
        <>
          <ul className="record-list" aria-busy={downlines.isFetching || undefined}>
            {downlines.data.list.map((downline) => (
              <DownlineLine
                key={downline.id}
                downline={downline}
                onDetail={() => onDetail(downline.account)}
                onTeam={() => goTo(downline.account)}
              />
            ))}
          </ul>
          <Pager pageNo={pageNo} totalPages={downlines.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </div>
  );
}

function DownlineLine({
  downline,
  onDetail,
  onTeam,
}: {
  downline: DownlineList['list'][number];
  onDetail: () => void;
  onTeam: () => void;
}) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const { money } = useMoney();
  const typeLabel = useAccountTypeLabel();
  return (
    <li className="record-line agent-downline">
      <div className="record-line__main">
        <span className="agent-downline__name">
          {downline.account}
          {downline.nickname ? ` (${downline.nickname})` : ''}
        </span>
        <span className="agent-downline__meta">
          {typeLabel(downline.type)} · {t('agt_level_value', { value: downline.level })} ·{' '}
          {t('agt_team_size_value', { value: formatNumber(downline.teamSize, formatOptions) })}
        </span>
        <span>
          <AccountStatusBadge status={downline.status} />
        </span>
      </div>
      <div className="record-line__money">
        <strong>{money(downline.balance)}</strong>
        <span className="agent-downline__buttons">
          {downline.directCount > 0 ? (
            <button type="button" className="button button--ghost button--small" onClick={onTeam}>
              {t('agt_open_team', { value: formatNumber(downline.directCount, formatOptions) })}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={t('agt_details_of', { name: downline.account })}
            onClick={onDetail}
          >
            {t('agt_details')}
          </button>
        </span>
      </div>
    </li>
  );
}
