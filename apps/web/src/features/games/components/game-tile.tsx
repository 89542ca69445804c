import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Game } from '@khela/contract';
import { formatMoneyText } from '../../../shared/lib/format.ts';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { categoryInfo } from '../game-categories.ts';
import { FavouriteButton } from './favourite-button.tsx';

interface GameTileProps {
  game: Game;
  isFavourite: boolean;
  onPlay: (game: Game) => void;
  /** An extra line under the vendor (e.g. players at a live table). */
  note?: string;
}

/** A game in a lobby grid: picture (lazy), name, vendor, minimum bet, hot badge, save button. */
export function GameTile({ game, isFavourite, onPlay, note }: GameTileProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const format = useFormatOptions();
  const [hasBrokenIcon, setHasBrokenIcon] = useState(false);
  const Icon = categoryInfo[game.gameType].icon;
  const minBet = formatMoneyText(game.minBet, {
    ...format,
    symbol: brand.currencySymbol,
    precision: brand.currencyPrecision,
  });
  return (
    <li className="game-tile">
      <button type="button" className="game-tile__play" onClick={() => onPlay(game)}>
        <span className="game-tile__art" aria-hidden="true">
          {game.icon && !hasBrokenIcon ? (
            <img
              src={game.icon}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setHasBrokenIcon(true)}
            />
          ) : (
            <Icon size={36} strokeWidth={1.5} />
          )}
        </span>
        <span className="game-tile__name">{game.gameName}</span>
        <span className="game-tile__meta">{game.accountTypeName}</span>
        <span className="game-tile__meta">{t('label_min_bet_value', { value: minBet })}</span>
        {note ? <span className="game-tile__meta game-tile__note">{note}</span> : null}
      </button>
      {game.isHot === 1 ? <span className="badge badge--hot game-tile__badge">{t('label_hot')}</span> : null}
      <FavouriteButton game={game} isFavourite={isFavourite} />
    </li>
  );
}
