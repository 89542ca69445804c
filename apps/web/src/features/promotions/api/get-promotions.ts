import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode, PromotionDetail, PromotionSummary, PromotionType } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';
import { useLanguageStore } from '../../../shared/i18n/languages.ts';

export function getPromotions(
  type: PromotionType | undefined,
  language: LanguageCode,
): Promise<PromotionSummary[]> {
  return apiClient.call(apiRoutes.promotions, { query: { type, language } });
}

export function getPromotion(id: number, language: LanguageCode): Promise<PromotionDetail> {
  return apiClient.call(apiRoutes.promotionDetail, { query: { id, language } });
}

export function promotionsQueryOptions(type: PromotionType | undefined, language: LanguageCode) {
  return queryOptions({
    queryKey: ['content', 'promotions', type ?? 'all', language],
    queryFn: () => getPromotions(type, language),
    staleTime: 60_000,
  });
}

export function usePromotions(type: PromotionType | undefined) {
  const language = useLanguageStore((state) => state.language);
  return useQuery(promotionsQueryOptions(type, language));
}

export function usePromotion(id: number | null) {
  const language = useLanguageStore((state) => state.language);
  return useQuery({
    queryKey: ['content', 'promotion', id, language],
    queryFn: () => getPromotion(id ?? 0, language),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
