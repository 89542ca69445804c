import { useState } from 'react';
import type { AgentContract, WageKind } from '@khela/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useAgentContracts, useConsolidated, useContractAction } from './agent-api.ts';
import { ContractSummary } from './contract-view.tsx';

/**
 * The contract half of a wage page: my contract of the kind and any request waiting for my answer
 * (accept / reject), then the contracts I offered to my team (terminate).
 */

type Answer = 'accept' | 'reject' | 'terminate';

/** One contract action with its failure shown beside the buttons; a toast when it went through. */
function useAnswer(kind: WageKind) {
  const action = useContractAction();
  const showToast = useOverlayStore((state) => state.showToast);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (answer: Answer, contract: AgentContract) => {
    setFailure(null);
    try {
      if (answer === 'terminate') {
        await action.mutateAsync({ kind, body: { action: 'terminate', contractId: contract.id } });
      } else if (contract.pendingRequest) {
        await action.mutateAsync({ kind, body: { action: answer, requestNo: contract.pendingRequest.id } });
      }
      showToast(answer === 'terminate' ? 'agw_termination_sent' : 'agw_answer_sent');
    } catch (error) {
      setFailure(errorTextKey(error));
    }
  };
  return { run, failure, isBusy: action.isPending };
}

/** My contract of this kind (consolidated info) and the requests waiting for my answer. */
export function MyContractPanel({ kind }: { kind: WageKind }) {
  const { t } = useTranslation();
  const consolidated = useConsolidated();
  const mine = useAgentContracts({ scope: 'mine', kind, pageSize: 20 });
  const answer = useAnswer(kind);
  const waiting = (mine.data?.list ?? []).filter(
    (contract) => contract.awaitingMe && contract.pendingRequest,
  );
  // An active contract whose termination waits for me is shown once, with its answer buttons.
  const active = consolidated.data?.contracts[kind] ?? null;
  const shownActive = active && !waiting.some((contract) => contract.id === active.id) ? active : null;

  return (
    <section className="agent-section" aria-labelledby={`my-contract-${kind}`}>
      <h3 id={`my-contract-${kind}`} className="agent-section__title">
        {t('agw_my_contract')}
      </h3>
      {waiting.map((contract) => (
        <div key={contract.id} className="agent-request" role="group" aria-label={t('agw_request_waiting')}>
          <p className="agent-request__title">
            {t(
              contract.pendingRequest?.kind === 'termination'
                ? 'agw_request_termination_text'
                : 'agw_request_new_text',
              { name: contract.upline ?? t('agw_platform') },
            )}
          </p>
          <ContractSummary contract={contract} side="mine" />
          <div className="agent-actions">
            <button
              type="button"
              className="button button--primary button--small"
              disabled={answer.isBusy}
              onClick={() => void answer.run('accept', contract)}
            >
              {t('agw_accept')}
            </button>
            <button
              type="button"
              className="button button--outline button--small"
              disabled={answer.isBusy}
              onClick={() => void answer.run('reject', contract)}
            >
              {t('agw_reject')}
            </button>
          </div>
        </div>
      ))}
      <FormAlert textKey={answer.failure} />
      {consolidated.isPending ? (
        <Skeleton rows={1} height="6rem" />
      ) : consolidated.isError ? (
        <FormAlert textKey="err_network" />
      ) : shownActive ? (
        <ContractSummary contract={shownActive} side="mine" />
      ) : active ? null : (
        <p className="agent-muted">{t('agw_no_contract')}</p>
      )}
    </section>
  );
}

/** The contracts of this kind I offered to my team, newest first, with terminate on the active ones. */
export function TeamContractsPanel({ kind }: { kind: WageKind }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const contracts = useAgentContracts({ scope: 'team', kind, pageNo, pageSize: 10 });
  const answer = useAnswer(kind);
  const requestConfirm = useOverlayStore((state) => state.requestConfirm);

  return (
    <section className="agent-section" aria-labelledby={`team-contracts-${kind}`}>
      <h3 id={`team-contracts-${kind}`} className="agent-section__title">
        {t('agw_team_contracts')}
      </h3>
      {contracts.isPending ? (
        <Skeleton rows={2} height="4rem" />
      ) : contracts.isError ? (
        <FormAlert textKey="err_network" />
      ) : contracts.data.total === 0 ? (
        <p className="agent-muted">{t('agw_no_team_contracts')}</p>
      ) : (
        <>
          <ul className="agent-cards">
            {contracts.data.list.map((contract) => (
              <li key={contract.id} className="agent-card">
                <ContractSummary contract={contract} side="team" />
                {contract.status === 'active' && !contract.pendingRequest ? (
                  <div className="agent-actions">
                    <button
                      type="button"
                      className="button button--outline button--small"
                      disabled={answer.isBusy}
                      onClick={() =>
                        void requestConfirm({
                          messageKey: 'agw_terminate_confirm',
                          confirmKey: 'agw_terminate',
                        }).then((confirmed) => (confirmed ? answer.run('terminate', contract) : undefined))
                      }
                    >
                      {t('agw_terminate')}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <FormAlert textKey={answer.failure} />
          <Pager pageNo={pageNo} totalPages={contracts.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}
