import type { LotteryGame, LotteryPrizeMode } from '@khela/contract';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { paths } from '../../../shared/config/paths.ts';
import { gameAction } from '../../games/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { GameView } from '../components/game-view.tsx';
import { LotteryLobby } from '../components/lottery-lobby.tsx';
import '../../../shared/ui/card.css';
import '../lottery.css';

/** Where a lobby card leads, by the launch rules (spec 2): /vnlottery for TCG_LOTTO_VN, else /lottery. */
function gameHref(game: LotteryGame): string {
  const action = gameAction({
    nodeId: game.nodeId,
    vassalage: game.vassalage,
    gameType: game.gameType,
    gameCode: game.gameCode,
    defaultPlayType: null,
    launchFlags: [],
    accountTypeName: game.vassalage,
  });
  return action.kind === 'route' ? action.to : paths.lottery({ gameCode: game.gameCode });
}

function LotteryRoute({ title, prizeMode }: { title: string; prizeMode: LotteryPrizeMode | undefined }) {
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  return (
    <Page title={title}>
      {gameCode ? (
        <GameView key={gameCode} gameCode={gameCode} prizeMode={prizeMode} />
      ) : (
        <LotteryLobby prizeMode={prizeMode} gameHref={gameHref} />
      )}
    </Page>
  );
}

/** Spec 2 /lottery: every lottery; `gameCode` (and `playType`) open a game's betting view. */
export function LotteryPage() {
  const { t } = useTranslation();
  return <LotteryRoute title={t('category_lottery')} prizeMode={undefined} />;
}

/** Spec 2 /vnlottery: the Vietnamese regional draws (prize mode Lott); `gameCode` opens one. */
export function VnLotteryPage() {
  const { t } = useTranslation();
  return <LotteryRoute title={t('page_vn_lottery')} prizeMode="Lott" />;
}
