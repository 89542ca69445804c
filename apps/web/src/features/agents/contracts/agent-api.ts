import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, calls, ConsolidatedValue, QueryOf, WageKind } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';
import { isAccountCentreType, useSessionStore } from '../../../shared/stores/session-store.ts';

/**
 * The agent centre's calls (issue 14) for the report, wage and contract pages. Types only from the
 * contract: the routes come from `@khela/contract/call-routes`, so no zod schema reaches the chunk.
 */
type Calls = typeof calls;
export type AgentQuery<Name extends keyof Calls> = QueryOf<Calls[Name]>;

/** Every agent query's key starts here: one invalidation refreshes the pages after a contract action. */
const agentKey = 'agents';

/** A paged agent query: kept while the next page loads, only with a session, per language. */
export function useAgentQuery<T>(key: readonly unknown[], fetch: () => Promise<T>, enabled = true) {
  const token = useSessionStore((state) => state.token);
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: [agentKey, token, language, ...key],
    queryFn: fetch,
    placeholderData: keepPreviousData,
    enabled: enabled && token !== null,
  });
}

/** Spec 3 consolidated contract info: the requests waiting for my answer, and my active contracts. */
export function useConsolidated(enabled = true) {
  const isAgent = useSessionStore((state) => state.isAgent);
  return useAgentQuery(
    ['consolidated'],
    () => apiClient.call(apiRoutes.agentConsolidated),
    enabled && isAccountCentreType(isAgent),
  );
}

export function useAgentContracts(query: AgentQuery<'agentContracts'>) {
  return useAgentQuery(['contracts', query], () => apiClient.call(apiRoutes.agentContracts, { query }));
}

/** The request field of the consolidated info for each kind (spec 3 names). */
export const requestTypeFields = {
  daily: 'dailysalreqtype',
  hourly: 'contracthoursalreq',
  realtime: 'realtimesalreqtype',
  dividend: 'divtypereq',
} as const satisfies Record<WageKind, keyof ConsolidatedValue>;

type ContractAction<Kind extends WageKind> = {
  daily: Calls['dailyContract'];
  hourly: Calls['hourlyContract'];
  realtime: Calls['realtimeContract'];
  dividend: Calls['dividendContract'];
}[Kind];
export type ContractBody<Kind extends WageKind> = BodyOf<ContractAction<Kind>>;
/** Any kind's body: an answer or a termination has the same shape for every kind. */
export type AnyContractBody = { [Kind in WageKind]: { kind: Kind; body: ContractBody<Kind> } }[WageKind];

/** One call per kind (spec 7): offer, accept / reject (`requestNo`), terminate. */
export function callContract(action: AnyContractBody) {
  switch (action.kind) {
    case 'daily':
      return apiClient.call(apiRoutes.dailyContract, { body: action.body });
    case 'hourly':
      return apiClient.call(apiRoutes.hourlyContract, { body: action.body });
    case 'realtime':
      return apiClient.call(apiRoutes.realtimeContract, { body: action.body });
    case 'dividend':
      return apiClient.call(apiRoutes.dividendContract, { body: action.body });
  }
}

/** A contract action; afterwards every agent page (contracts, badge, wages) asks again. */
export function useContractAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [agentKey] }),
  });
}
