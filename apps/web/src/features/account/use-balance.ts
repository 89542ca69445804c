import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceValue } from '@khela/contract';
import { apiClient } from '../../shared/api/api-client.ts';
import { apiRoutes } from '../../shared/api/api-routes.ts';
import { formatAmountText } from '../../shared/lib/format.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { useBrand } from '../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../shared/hooks/use-format-options.ts';
import { trailingThrottle } from '../../shared/lib/trailing-throttle.ts';
import { memberInfoQueryKey } from './api/get-member-info.ts';
import { vipProgressQueryKey } from './api/get-vip-progress.ts';

export const balanceQueryKey = ['wallet', 'balance'] as const;

/** After a balance push, the rank is read again at most this often (ms). */
const RANK_REFRESH_MS = 15_000;

export function getBalance(): Promise<BalanceValue> {
  return apiClient.call(apiRoutes.balance);
}

/**
 * The member's balance (spec 7: GET /wps/v2/wallets/balance, value.sumBalance), formatted for the
 * header. The server pushes every change over the realtime socket; a click refreshes it (spec 2).
 */
export function useBalance(): {
  balance: string | null;
  /** All the member's money with the game wallets (totalBalance), when game wallets hold some. */
  total: string | null;
  refresh: () => void;
  isRefreshing: boolean;
} {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();

  // Pushed balances (docs/design.md: real-time pushes over a WebSocket). The socket code is its own
  // small chunk, fetched once a member is logged in.
  useEffect(() => {
    if (token === null || typeof WebSocket === 'undefined') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Betting and deposits raise the VIP rank (docs/vip.md): member info (the header's clubLabel)
    // and the rank card are read again after money moved, at most every 15 s.
    const rank = trailingThrottle(() => {
      void queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: vipProgressQueryKey });
    }, RANK_REFRESH_MS);
    void import('./realtime-socket.ts').then(({ listenForBalance }) => {
      if (cancelled) return;
      stop = listenForBalance(token, (value) => {
        queryClient.setQueryData([...balanceQueryKey, token], value);
        // Money moved: the records shown elsewhere are stale too.
        void queryClient.invalidateQueries({ queryKey: ['wallet', 'record'] });
        rank.call();
      });
    });
    return () => {
      cancelled = true;
      rank.cancel();
      stop?.();
    };
  }, [token, queryClient]);

  const brand = useBrand();
  const formatOptions = useFormatOptions();
  const query = useQuery({
    queryKey: [...balanceQueryKey, token],
    queryFn: getBalance,
    enabled: token !== null,
    staleTime: 30_000,
  });
  const balance = query.data
    ? formatAmountText(query.data.sumBalance, formatOptions, brand.currencyPrecision)
    : null;
  const total =
    query.data && query.data.totalBalance !== query.data.sumBalance
      ? formatAmountText(query.data.totalBalance, formatOptions, brand.currencyPrecision)
      : null;
  return { balance, total, refresh: () => void query.refetch(), isRefreshing: query.isFetching };
}
