import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

/** Live tables with the players seen at each lately (spec 7 GLS2_roomList). */
export function useRoomList(vassalage: string | null, enabled: boolean) {
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: ['games', 'rooms', language, vassalage],
    queryFn: () => apiClient.call(apiRoutes.roomList, { query: vassalage ? { vassalage } : {} }),
    select: (value) => value.list,
    enabled,
    staleTime: 30_000,
  });
}
