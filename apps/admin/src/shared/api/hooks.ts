import {
  QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { type BodyOf, type QueryOf, type ValueOf } from '@khela/contract';
import { shouldRetry } from '@khela/contract/client-kit';
import { callApi, type AdminCall, type CallInput } from './client.ts';

export { shouldRetry };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The query key of a call with its query: `[call.id, query]` (invalidate by `[call.id]`). */
export function callKey(call: AdminCall, query?: unknown): readonly unknown[] {
  return query === undefined ? [call.id] : [call.id, query];
}

type QueryExtras<C extends AdminCall> = Omit<
  UseQueryOptions<ValueOf<C>, Error, ValueOf<C>, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** A read call as a query: `useCall(operatorList)`, `useCall(operatorAudit, { q: 'x' })`. */
export function useCall<C extends AdminCall>(call: C, query?: QueryOf<C>, options?: QueryExtras<C>) {
  return useQuery({
    queryKey: callKey(call, query),
    queryFn: () => callApi(call, { query } as CallInput<C>),
    ...options,
  });
}

export interface MutationCallOptions<C extends AdminCall> extends Omit<
  UseMutationOptions<ValueOf<C>, Error, CallInput<C>>,
  'mutationFn'
> {
  /** Calls whose cached answers this one makes stale (refetched after success). */
  invalidates?: readonly AdminCall[];
}

/**
 * A call that changes something: `const create = useMutationCall(operatorCreate, { invalidates:
 * [operatorList] }); await create.mutateAsync({ body })`.
 */
export function useMutationCall<C extends AdminCall>(call: C, options: MutationCallOptions<C> = {}) {
  const queryClient = useQueryClient();
  const { invalidates, onSuccess, ...rest } = options;
  return useMutation<ValueOf<C>, Error, CallInput<C>>({
    mutationFn: (input) => callApi(call, input),
    ...rest,
    onSuccess: async (...args) => {
      await Promise.all(
        (invalidates ?? []).map((other) => queryClient.invalidateQueries({ queryKey: [other.id] })),
      );
      await onSuccess?.(...args);
    },
  });
}

export interface PagedCallOptions<C extends AdminCall, Item> {
  /** The rows of one answer. */
  items: (value: ValueOf<C>) => readonly Item[];
  /** The cursor of the next page from one answer, or null at the end. */
  next: (value: ValueOf<C>) => number | string | null | undefined;
  /** The query field the cursor goes in (`before` for the audit trail). */
  cursorField: string;
  enabled?: boolean;
}

/**
 * A read call paged by a cursor ("load more"): the rows of every page loaded so far, `loadMore`,
 * `hasMore`. Feed it to `<Table paging={...}>`.
 */
export function usePagedCall<C extends AdminCall, Item>(
  call: C,
  query: QueryOf<C>,
  options: PagedCallOptions<C, Item>,
) {
  const result = useInfiniteQuery<
    ValueOf<C>,
    Error,
    InfiniteData<ValueOf<C>>,
    readonly unknown[],
    number | string | null
  >({
    queryKey: [call.id, 'paged', query],
    initialPageParam: null,
    queryFn: ({ pageParam }) =>
      callApi(call, {
        query: (pageParam === null
          ? query
          : { ...(query as Record<string, unknown>), [options.cursorField]: pageParam }) as QueryOf<C>,
      } as CallInput<C>),
    getNextPageParam: (last) => options.next(last) ?? undefined,
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
  });
  const rows = (result.data?.pages ?? []).flatMap((page) => options.items(page));
  return {
    ...result,
    rows,
    hasMore: result.hasNextPage,
    loadMore: () => void result.fetchNextPage(),
    isLoadingMore: result.isFetchingNextPage,
  };
}

export type { BodyOf, QueryOf, ValueOf };
