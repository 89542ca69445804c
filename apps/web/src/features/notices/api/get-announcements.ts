import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement, AnnouncementType, LanguageCode } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

/** The brand's announcement types (spec 3 setting B,PL,PU,PR,H, execution B). */
export const allAnnouncementTypes: AnnouncementType[] = ['B', 'PL', 'PU', 'PR', 'H'];
/** Types that pop up on start (PU) and after login (PL). */
export const popupTypes: AnnouncementType[] = ['PU', 'PL'];

export async function getAnnouncements(
  types: readonly AnnouncementType[],
  language: LanguageCode,
): Promise<Announcement[]> {
  const value = await apiClient.call(apiRoutes.announcements, {
    query: { types: types.join(','), platform: 'W', execution: 'B', language },
  });
  return value.promotion.content;
}

export function announcementsQueryOptions(types: readonly AnnouncementType[], language: LanguageCode) {
  return queryOptions({
    queryKey: ['content', 'announcements', types.join(','), language],
    queryFn: () => getAnnouncements(types, language),
    staleTime: 60_000,
  });
}

export function useAnnouncements(types: readonly AnnouncementType[] = allAnnouncementTypes) {
  const language = useLanguageStore((state) => state.language);
  return useQuery(announcementsQueryOptions(types, language));
}
