import { useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';
import { Page } from '../../../shared/ui/page.tsx';

/** Vietnamese lottery (spec 2): optional `gameCode`. */
export function VnLotteryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Page title={t('page_vn_lottery')} subtitle={searchParams.get('gameCode') ?? undefined}>
      <ComingSoon textKey="empty_games_soon" />
    </Page>
  );
}
