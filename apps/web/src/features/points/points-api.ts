import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointKind } from '@khela/contract';
import { apiClient } from '../../shared/api/api-client.ts';
import { apiRoutes } from '../../shared/api/api-routes.ts';
import { isAccountCentreType, isTrialAccount, useSessionStore } from '../../shared/stores/session-store.ts';
import { balanceQueryKey } from '../account/index.ts';

/** Loyalty points (issue 40 item 2): the config, the member's balance and detail, the conversion. */
const pointsKey = ['points'] as const;

/** Whether the visitor is a player (not a guest, a trial account or an agent): only they have points. */
export function useCanHavePoints() {
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  return {
    token,
    canHavePoints: token !== null && !isTrialAccount(isAgent) && !isAccountCentreType(isAgent),
  };
}

/** MCS2_getPointConfig: rates per category, the ratio, the minimum and step of a conversion. */
export function usePointConfig() {
  return useQuery({
    queryKey: [...pointsKey, 'config'],
    queryFn: () => apiClient.call(apiRoutes.pointConfig),
    staleTime: 60_000,
  });
}

/** MCS2_getPointBalance. */
export function usePointBalance() {
  const { token, canHavePoints } = useCanHavePoints();
  return useQuery({
    queryKey: [...pointsKey, 'balance', token],
    queryFn: () => apiClient.call(apiRoutes.pointBalance),
    enabled: canHavePoints,
  });
}

/** ODSFE2_MemTransDet: one page of the member's points detail, newest first. */
export function usePointDetail(pageNo: number, type?: PointKind) {
  const { token, canHavePoints } = useCanHavePoints();
  return useQuery({
    queryKey: [...pointsKey, 'detail', token, pageNo, type ?? 'all'],
    queryFn: () =>
      apiClient.call(apiRoutes.pointDetail, {
        query: { pageNo, pageSize: 10, ...(type === undefined ? {} : { type }) },
      }),
    enabled: canHavePoints,
    placeholderData: keepPreviousData,
  });
}

export interface ConvertPointBody {
  points: string;
  paymentPassword: string;
  requestId: string;
}

/** passwordCheck/MCS2_convertPoint; the points and the wallet balances are read again after it. */
export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertPointBody) => apiClient.call(apiRoutes.convertPoint, { body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsKey }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}

/**
 * The cash `points` are worth, as a decimal string of major units: points × 10^precision ÷ points
 * per unit of cash, floored (the server takes only whole steps, so it is exact there).
 */
export function cashOfPoints(points: bigint, pointsPerCash: bigint, precision: number): string {
  const minor = (points * 10n ** BigInt(precision)) / pointsPerCash;
  if (precision === 0) return minor.toString();
  const text = minor.toString().padStart(precision + 1, '0');
  return `${text.slice(0, -precision)}.${text.slice(-precision)}`;
}
