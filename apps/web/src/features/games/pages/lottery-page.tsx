import { useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';
import { Page } from '../../../shared/ui/page.tsx';

/** Lottery (spec 2): optional `gameCode` and `playType` pick the game and its play type. */
export function LotteryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  const playType = searchParams.get('playType');
  const subtitle = [gameCode, playType].filter(Boolean).join(' · ') || undefined;
  return (
    <Page title={t('category_lottery')} subtitle={subtitle}>
      <ComingSoon textKey="empty_games_soon" />
    </Page>
  );
}
