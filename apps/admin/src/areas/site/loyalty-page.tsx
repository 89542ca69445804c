import { useState } from 'react';
import { gameCategories, loyaltyShareBp, maxLoyaltyRate, type GameCategory } from '@khela/contract';
import { type operatorSettings } from '@khela/contract/call-routes';
import type { ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert, NumberField } from '../../shared/forms/fields.tsx';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { SaveWithDiff, SettingsDocumentPage } from './settings-save.tsx';
import loyaltyTexts from './loyalty-texts.en.json';

addTexts(loyaltyTexts);

/** The settings document's `loyaltyPoints` (apps/server settings.schema.ts). */
interface LoyaltyPoints {
  enabled: boolean;
  rates: Partial<Record<GameCategory, number>>;
  pointsPerCash: number;
  minimumConversion: number;
  edgeShare: number;
}

interface Draft {
  enabled: boolean;
  rates: Record<GameCategory, string>;
  pointsPerCash: string;
  minimumConversion: string;
  edgeShare: string;
}

function draftOf(document: Record<string, unknown>): Draft {
  const points = document.loyaltyPoints as LoyaltyPoints;
  const rates = Object.fromEntries(
    gameCategories.map((category) => [category, points.rates[category]?.toString() ?? '']),
  ) as Record<GameCategory, string>;
  return {
    enabled: points.enabled,
    rates,
    pointsPerCash: String(points.pointsPerCash),
    minimumConversion: String(points.minimumConversion),
    edgeShare: String(points.edgeShare),
  };
}

const numberOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/**
 * Site → Loyalty points (issue 40 item 2; docs/loyalty.md): switched on or off, the earning rate of
 * each game category, the conversion ratio and minimum, and the share of the house's expected win
 * the points may give away, with the bound worked out as the operator types. Saved through the
 * settings document (checked, then saved with the diff and the audit trail); loosening is refused
 * by the server's protected settings.
 */
export default function LoyaltyPage() {
  return (
    <SettingsDocumentPage
      title={t('site_nav_loyalty')}
      editor={(loaded, onSaved) => <LoyaltyEditor loaded={loaded} onSaved={onSaved} />}
    />
  );
}

function LoyaltyEditor({
  loaded,
  onSaved,
}: {
  loaded: ValueOf<typeof operatorSettings>;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.document));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const perCash = numberOf(draft.pointsPerCash);
  const share = numberOf(draft.edgeShare);
  const max = perCash !== null && share !== null && perCash > 0 ? maxLoyaltyRate(share, perCash) : null;

  const build = () => {
    const fields: [string, string][] = [
      [t('site_loyalty_points_per_cash'), draft.pointsPerCash],
      [t('site_loyalty_minimum'), draft.minimumConversion],
      [t('site_loyalty_edge_share'), draft.edgeShare],
      ...gameCategories
        .filter((category) => draft.rates[category].trim() !== '')
        .map((category): [string, string] => [category, draft.rates[category]]),
    ];
    const wrong = fields.find(([, text]) => numberOf(text) === null);
    if (wrong) {
      setProblem(t('site_loyalty_number', { field: wrong[0] }));
      return null;
    }
    setProblem(null);
    const rates: Partial<Record<GameCategory, number>> = {};
    for (const category of gameCategories) {
      const rate = numberOf(draft.rates[category]);
      if (rate !== null && rate > 0) rates[category] = rate;
    }
    const loyaltyPoints: LoyaltyPoints = {
      enabled: draft.enabled,
      rates,
      pointsPerCash: numberOf(draft.pointsPerCash) ?? 0,
      minimumConversion: numberOf(draft.minimumConversion) ?? 0,
      edgeShare: numberOf(draft.edgeShare) ?? 0,
    };
    return { ...loaded.document, loyaltyPoints };
  };

  return (
    <Page title={t('site_nav_loyalty')}>
      <Section>
        <p className="muted">{t('site_loyalty_lead')}</p>
        <label className="site-check">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          {t('site_loyalty_on')}
        </label>
      </Section>
      <Section title={t('site_loyalty_conversion_title')}>
        <div className="form__grid">
          <NumberField
            label={t('site_loyalty_points_per_cash')}
            hint={t('site_loyalty_points_per_cash_hint', { one: '1' })}
            value={draft.pointsPerCash}
            onChange={(event) => set('pointsPerCash', event.target.value)}
          />
          <NumberField
            label={t('site_loyalty_minimum')}
            value={draft.minimumConversion}
            onChange={(event) => set('minimumConversion', event.target.value)}
          />
          <NumberField
            label={t('site_loyalty_edge_share')}
            hint={t('site_loyalty_edge_share_hint')}
            value={draft.edgeShare}
            onChange={(event) => set('edgeShare', event.target.value)}
          />
        </div>
      </Section>
      <Section title={t('site_loyalty_rates_title')}>
        <p className="muted">{t('site_loyalty_rates_lead')}</p>
        {max !== null ? (
          <p data-testid="loyalty-bound">
            {t('site_loyalty_bound', {
              perCash: draft.pointsPerCash.trim(),
              share: draft.edgeShare.trim(),
              max,
            })}
          </p>
        ) : null}
        <div className="form__grid">
          {gameCategories.map((category) => {
            const rate = numberOf(draft.rates[category]);
            const hint =
              rate === null || rate <= 0 || perCash === null || perCash <= 0
                ? undefined
                : max !== null && rate > max
                  ? t('site_loyalty_rate_over', { max })
                  : t('site_loyalty_rate_share', { share: loyaltyShareBp(rate, perCash) / 100 });
            return (
              <NumberField
                key={category}
                label={category}
                hint={hint}
                value={draft.rates[category]}
                onChange={(event) => set('rates', { ...draft.rates, [category]: event.target.value })}
              />
            );
          })}
        </div>
        <p className="muted">{t('site_loyalty_protected')}</p>
      </Section>
      <Section>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <SaveWithDiff baseUpdatedAt={loaded.updatedAt} build={build} onSaved={onSaved} />
      </Section>
    </Page>
  );
}
