import { GameLaunchView } from '../launch/game-launch-view.tsx';

/** Seamless game page (spec 2): launches `?nodeId=…` and opens the vendor's page itself. */
export function SeamlessPage() {
  return <GameLaunchView page="seamless" />;
}
