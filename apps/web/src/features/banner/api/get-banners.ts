import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Banner, BannerGroupName, LanguageCode } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { currentApiLanguage, useLanguageStore } from '../../../shared/i18n/languages.ts';
import { bannerGroupForPath } from '../banner-group.ts';

export function getBanners(group: BannerGroupName, language: LanguageCode): Promise<Banner[]> {
  return apiClient.call(apiRoutes.banners, { query: { group, language } });
}

/** An operator's change shows within a minute on an open page, at once on the next visit. */
export function bannersQueryOptions(group: BannerGroupName, language: LanguageCode) {
  return queryOptions({
    queryKey: ['content', 'banners', group, language],
    queryFn: () => getBanners(group, language),
    staleTime: 60_000,
  });
}

export function useBanners(group: BannerGroupName | null) {
  const language = useLanguageStore((state) => state.language);
  return useQuery({ ...bannersQueryOptions(group ?? 'home', language), enabled: group !== null });
}

/** Starts the banner call of the page being opened together with the other start-up calls. */
export function prefetchBanners(queryClient: QueryClient, pathname: string) {
  const group = bannerGroupForPath(pathname === '/' ? '/index' : pathname);
  if (!group) return;
  void queryClient.fetchQuery(bannersQueryOptions(group, currentApiLanguage())).then(
    (banners) => {
      // Fetch the first picture at once: it is the page's largest paint, and the carousel that shows
      // it renders only after the brand settings are in.
      const first = banners[0];
      if (!first) return;
      const narrow = window.matchMedia?.('(max-width: 767px)').matches ?? false;
      new Image().src = narrow && first.mobileUrl ? first.mobileUrl : first.url;
    },
    () => undefined,
  );
}
