import { GameLaunchView } from '../launch/game-launch-view.tsx';

/** A game in an embedded frame (spec 2 /game): `?nodeId=…&from=…`. */
export function GamePage() {
  return <GameLaunchView page="game" />;
}
