import { useState, type FormEvent } from 'react';
import { ApiError, type LotteryResultSource, type ValueOf } from '@khela/contract';
import { layoutOf, type PrizeTier } from '@khela/contract/lottery-draw';
import {
  operatorEnterLotterySheet,
  operatorLotteryOfficialDraws,
  operatorSetLotteryResultSource,
} from '@khela/contract/call-routes';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { errorText } from '../../shared/forms/api-errors.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from '../../shared/forms/fields.tsx';
import { formatTime } from '../../shared/lib/format.ts';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import officialTexts from './official-texts.en.json';

// The page's texts come with its chunk, not in the back office's entry script.
addTexts(officialTexts);

/**
 * Official results (issue 36 item 5, docs/lottery.md "Result sources"): each regional game's
 * source (house draw or the state lottery's official sheet; the change is audited), and the
 * official draws waiting for their sheet, where each operator types their own copy: two copies by
 * different operators that match are the result; a mismatch blocks settlement and shows where.
 */

type Official = ValueOf<typeof operatorLotteryOfficialDraws>;
type GameLine = Official['games'][number];
type Waiting = Official['waiting'][number];
type Difference = Waiting['differences'][number];

const tierKeys: Record<PrizeTier, string> = {
  special: 'operations_tier_special',
  first: 'operations_tier_first',
  second: 'operations_tier_second',
  third: 'operations_tier_third',
  fourth: 'operations_tier_fourth',
  fifth: 'operations_tier_fifth',
  sixth: 'operations_tier_sixth',
  seventh: 'operations_tier_seventh',
  eighth: 'operations_tier_eighth',
};

const feedKeys: Record<Official['feed'], string> = {
  none: 'operations_feed_none',
  http: 'operations_feed_http',
  demo: 'operations_feed_demo',
};

const sourceKeys: Record<LotteryResultSource, string> = {
  house: 'operations_source_house',
  official: 'operations_source_official',
};

/** "Third prize, number 2" for each place where the copies differ. */
export function differenceText(differences: readonly Difference[]): string {
  return differences
    .map((difference) =>
      t('operations_sheet_place', { tier: t(tierKeys[difference.tier]), place: difference.index + 1 }),
    )
    .join('; ');
}

export function OfficialSection({ canManage }: { canManage: boolean }) {
  const official = useCall(operatorLotteryOfficialDraws, undefined, { refetchInterval: 15_000 });
  return (
    <>
      <SourcesSection official={official.data} canManage={canManage} isLoading={official.isPending} />
      <WaitingSection official={official.data} canManage={canManage} isLoading={official.isPending} />
    </>
  );
}

function SourcesSection({
  official,
  canManage,
  isLoading,
}: {
  official: Official | undefined;
  canManage: boolean;
  isLoading: boolean;
}) {
  const [gameCode, setGameCode] = useState('');
  const [source, setSource] = useState<LotteryResultSource>('official');
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useMutationCall(operatorSetLotteryResultSource, {
    invalidates: [operatorLotteryOfficialDraws],
  });
  const columns: Column<GameLine>[] = [
    { key: 'game', header: t('operations_void_game'), cell: (line) => `${line.gameName} (${line.gameCode})` },
    { key: 'region', header: t('operations_odds_region'), cell: (line) => line.region },
    { key: 'source', header: t('operations_source'), cell: (line) => t(sourceKeys[line.resultSource]) },
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    setDone(null);
    try {
      const answer = await save.mutateAsync({ body: { gameCode, resultSource: source, reason } });
      setDone(
        t('operations_source_saved', {
          game: answer.gameCode,
          source: t(sourceKeys[answer.resultSource]),
          count: answer.numeros.length,
        }),
      );
      setReason('');
    } catch (error) {
      setAlert(errorText(error));
    }
  };
  return (
    <Section title={t('operations_sources_title')}>
      <p className="muted">{t('operations_sources_lead')}</p>
      {official ? (
        <p className="muted">
          {t('operations_sources_settings', {
            feed: t(feedKeys[official.feed]),
            minutes: official.deadlineMinutes,
          })}
        </p>
      ) : null}
      {canManage ? (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="form__grid operations-top">
            <SelectField
              label={t('operations_void_game')}
              options={[
                { value: '', label: t('operations_void_pick_game') },
                ...(official?.games ?? []).map((game) => ({
                  value: game.gameCode,
                  label: `${game.gameName} (${game.gameCode})`,
                })),
              ]}
              value={gameCode}
              onChange={(event) => setGameCode(event.target.value)}
            />
            <SelectField
              label={t('operations_source')}
              options={[
                { value: 'official', label: t('operations_source_official') },
                { value: 'house', label: t('operations_source_house') },
              ]}
              value={source}
              onChange={(event) => setSource(event.target.value as LotteryResultSource)}
            />
          </div>
          <TextField
            label={t('operations_void_reason')}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormAlert>{alert}</FormAlert>
          {done ? <FormAlert tone="notice">{done}</FormAlert> : null}
          <div className="form__actions">
            <SubmitButton isBusy={save.isPending} busyLabel={t('shell_working')} disabled={!gameCode}>
              {t('operations_source_submit')}
            </SubmitButton>
          </div>
        </form>
      ) : null}
      <Table
        label={t('operations_sources_title')}
        columns={columns}
        rows={official?.games}
        rowKey={(line) => line.gameCode}
        isLoading={isLoading}
      />
    </Section>
  );
}

function WaitingSection({
  official,
  canManage,
  isLoading,
}: {
  official: Official | undefined;
  canManage: boolean;
  isLoading: boolean;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const waiting = official?.waiting ?? [];
  const draw = waiting.find((entry) => `${entry.gameCode}/${entry.numero}` === picked) ?? null;
  const columns: Column<Waiting>[] = [
    { key: 'game', header: t('operations_void_game'), cell: (line) => `${line.gameName} (${line.gameCode})` },
    { key: 'numero', header: t('operations_void_numero'), cell: (line) => line.numero },
    { key: 'draw', header: t('operations_sheet_draw_time'), cell: (line) => formatTime(line.drawTime) },
    {
      key: 'deadline',
      header: t('operations_sheet_deadline'),
      wide: true,
      cell: (line) => formatTime(line.deadline),
    },
    {
      key: 'copies',
      header: t('operations_sheet_copies'),
      cell: (line) =>
        line.entries.length === 0 ? '–' : line.entries.map((entry) => entry.operator).join(', '),
    },
    {
      key: 'state',
      header: t('operations_sheet_state'),
      cell: (line) =>
        line.differences.length > 0 ? (
          <span className="operations-rtp--above">
            {t('operations_sheet_mismatch', { places: differenceText(line.differences) })}
          </span>
        ) : line.entries.length === 1 ? (
          t('operations_sheet_waiting_second')
        ) : (
          t('operations_sheet_waiting_first')
        ),
    },
    ...(canManage
      ? [
          {
            key: 'type',
            header: t('shell_table_actions'),
            hideHeader: true,
            cell: (line: Waiting) => (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  setAccepted(null);
                  setPicked(`${line.gameCode}/${line.numero}`);
                }}
              >
                {t('operations_sheet_type', { numero: line.numero })}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Section title={t('operations_sheets_title')}>
      <p className="muted">{t('operations_sheets_lead')}</p>
      <Table
        label={t('operations_sheets_title')}
        columns={columns}
        rows={waiting}
        rowKey={(line) => `${line.gameCode}/${line.numero}`}
        isLoading={isLoading}
        emptyText={t('operations_sheets_empty')}
      />
      {accepted ? <FormAlert tone="notice">{accepted}</FormAlert> : null}
      {draw ? (
        <SheetForm
          key={picked}
          draw={draw}
          onClose={() => setPicked(null)}
          onAccepted={(text) => {
            setAccepted(text);
            setPicked(null);
          }}
        />
      ) : null}
    </Section>
  );
}

function SheetForm({
  draw,
  onClose,
  onAccepted,
}: {
  draw: Waiting;
  onClose: () => void;
  onAccepted: (text: string) => void;
}) {
  const layout = layoutOf(draw.region);
  const [tiers, setTiers] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(layout.map((tier) => [tier.tier, Array.from({ length: tier.count }, () => '')])),
  );
  const [alert, setAlert] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'notice'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const enter = useMutationCall(operatorEnterLotterySheet, { invalidates: [operatorLotteryOfficialDraws] });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    setOutcome(null);
    setFieldErrors({});
    try {
      const answer = await enter.mutateAsync({
        body: { gameCode: draw.gameCode, numero: draw.numero, tiers },
      });
      if (answer.status === 'mismatch') {
        // The places where the copies differ, marked on the fields (the other copy's digits stay unseen).
        setFieldErrors(
          Object.fromEntries(
            answer.differences.map((difference) => [
              `${difference.tier}.${difference.index}`,
              t('operations_sheet_check'),
            ]),
          ),
        );
        setOutcome({
          tone: 'error',
          text: t('operations_sheet_mismatch', { places: differenceText(answer.differences) }),
        });
        return;
      }
      if (answer.status === 'accepted') {
        onAccepted(t('operations_sheet_accepted', { numero: draw.numero }));
        return;
      }
      setOutcome({ tone: 'notice', text: t('operations_sheet_saved', { numero: draw.numero }) });
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      setFieldErrors(
        Object.fromEntries(
          issues
            .filter((issue) => issue.field.startsWith('tiers.'))
            .map((issue) => [issue.field.replace(/^tiers\./, ''), t('operations_sheet_bad_number')]),
        ),
      );
      setAlert(errorText(error));
    }
  };
  return (
    <form
      className="form"
      noValidate
      aria-label={t('operations_sheet_form', { game: draw.gameName, numero: draw.numero })}
      onSubmit={(event) => void submit(event)}
    >
      <h3>{t('operations_sheet_form', { game: draw.gameName, numero: draw.numero })}</h3>
      <p className="muted">{t('operations_sheet_form_lead')}</p>
      {layout.map(({ tier, count, digits }) => (
        <fieldset key={tier} className="operations-tiers">
          <legend>{t(tierKeys[tier])}</legend>
          <div className="form__grid">
            {Array.from({ length: count }, (_, index) => (
              <TextField
                key={index}
                label={t('operations_sheet_number', { tier: t(tierKeys[tier]), place: index + 1 })}
                inputMode="numeric"
                autoComplete="off"
                maxLength={digits}
                pattern={`[0-9]{${digits}}`}
                value={tiers[tier]?.[index] ?? ''}
                error={fieldErrors[`${tier}.${index}`] ?? (index === 0 ? fieldErrors[tier] : undefined)}
                onChange={(event) => {
                  const value = event.target.value.trim();
                  setTiers((current) => ({
                    ...current,
                    [tier]: (current[tier] ?? []).map((old, place) => (place === index ? value : old)),
                  }));
                }}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <FormAlert>{alert}</FormAlert>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('shell_cancel')}
        </button>
        <SubmitButton isBusy={enter.isPending} busyLabel={t('shell_working')}>
          {t('operations_sheet_submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
