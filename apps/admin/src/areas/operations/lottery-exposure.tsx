import { useState } from 'react';
import type { ValueOf } from '@khela/contract';
import { lotteryGameMenu, operatorLotteryExposure } from '@khela/contract/call-routes';
import { useCall } from '../../shared/api/hooks.ts';
import { SelectField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { MarketName } from './market-name.tsx';

type Line = ValueOf<typeof operatorLotteryExposure>['list'][number];

/**
 * Live exposure of a game's open numero (issue 36 item 6): the house's possible payout per number in
 * its worst draw (stake × odds × the play type's most hits) against the brand's liability cap of its
 * play type, largest first, refreshed every 10 seconds; play types by their market names.
 */
export function ExposureSection() {
  const menu = useCall(lotteryGameMenu, {});
  const games = (menu.data?.gameMenus ?? []).flatMap((tab) => tab.games);
  const [gameCode, setGameCode] = useState('');
  const region = games.find((game) => game.gameCode === gameCode)?.region;
  const exposure = useCall(
    operatorLotteryExposure,
    { gameCode },
    { enabled: Boolean(gameCode), refetchInterval: 10_000 },
  );
  const columns: Column<Line>[] = [
    {
      key: 'play',
      header: t('operations_odds_play'),
      cell: (line) => <MarketName playType={line.playType} {...(region ? { region } : {})} />,
    },
    { key: 'number', header: t('operations_exposure_number'), cell: (line) => line.number },
    {
      key: 'bets',
      header: t('operations_exposure_bets'),
      align: 'end',
      wide: true,
      cell: (line) => line.bets,
    },
    {
      key: 'hits',
      header: t('operations_exposure_max_hits'),
      align: 'end',
      wide: true,
      cell: (line) => `×${line.maxHits}`,
    },
    { key: 'payout', header: t('operations_exposure_payout'), align: 'end', cell: (line) => line.payout },
    {
      key: 'cap',
      header: t('operations_exposure_cap'),
      align: 'end',
      wide: true,
      cell: (line) => line.cap ?? '–',
    },
    {
      key: 'used',
      header: t('operations_exposure_used'),
      align: 'end',
      cell: (line) =>
        line.used === null ? (
          '–'
        ) : (
          <span className={Number(line.used) >= 80 ? 'operations-rtp--above' : undefined}>{line.used} %</span>
        ),
    },
  ];
  return (
    <Section title={t('operations_exposure_title')}>
      <p className="muted">{t('operations_exposure_lead')}</p>
      <div className="form__grid operations-top">
        <SelectField
          label={t('operations_void_game')}
          options={[
            { value: '', label: t('operations_void_pick_game') },
            ...games.map((game) => ({ value: game.gameCode, label: `${game.gameName} (${game.gameCode})` })),
          ]}
          value={gameCode}
          onChange={(event) => setGameCode(event.target.value)}
        />
      </div>
      {gameCode ? (
        <>
          {exposure.data ? (
            <p className="muted">
              {exposure.data.numero
                ? t('operations_exposure_numero', {
                    numero: exposure.data.numero,
                    status: exposure.data.status ?? '',
                  })
                : t('operations_exposure_none_open')}
            </p>
          ) : null}
          <Table
            label={t('operations_exposure_title')}
            columns={columns}
            rows={exposure.data?.list}
            rowKey={(line) => `${line.playType}/${line.number}`}
            isLoading={exposure.isPending}
            error={exposure.error}
            onRetry={() => void exposure.refetch()}
            emptyText={t('operations_exposure_empty')}
          />
        </>
      ) : null}
    </Section>
  );
}
