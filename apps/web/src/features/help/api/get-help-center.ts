import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpMenu, LanguageCode } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

export async function getHelpCenter(language: LanguageCode): Promise<HelpMenu[]> {
  return (await apiClient.call(apiRoutes.helpCenter, { query: { language } })).menus;
}

export function helpCenterQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: ['content', 'helpCenter', language],
    queryFn: () => getHelpCenter(language),
    staleTime: 300_000,
  });
}

/** Help centre menus and articles (GET /wps/system/helpCenter): the help pages and the footer. */
export function useHelpCenter() {
  const language = useLanguageStore((state) => state.language);
  return useQuery(helpCenterQueryOptions(language));
}
