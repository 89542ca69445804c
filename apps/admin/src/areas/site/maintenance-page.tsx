import { useState } from 'react';
import { type operatorSettings } from '@khela/contract/call-routes';
import type { ValueOf } from '../../shared/api/hooks.ts';
import { TextAreaField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { fromLocalInput, toLocalInput, zoneHint } from './site-kit.tsx';
import { SaveWithDiff, SettingsDocumentPage } from './settings-save.tsx';

interface Maintenance {
  enabled: boolean;
  message: string | null;
  startsAt: string | null;
  endsAt: string | null;
  allowedIps: string[];
}
interface RegionRestriction {
  enabled: boolean;
  blockedCountries: string[];
  blockedIpRanges: string[];
  allowedIps: string[];
}

interface Draft {
  maintenanceOn: boolean;
  message: string;
  startsAt: string;
  endsAt: string;
  maintenanceIps: string;
  regionOn: boolean;
  countries: string;
  blockedRanges: string;
  regionIps: string;
}

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

function draftOf(document: Record<string, unknown>): Draft {
  const maintenance = document.maintenance as Maintenance;
  const region = document.regionRestriction as RegionRestriction;
  const isoMs = (iso: string | null) => (iso ? new Date(iso).getTime() : null);
  return {
    maintenanceOn: maintenance.enabled,
    message: maintenance.message ?? '',
    startsAt: toLocalInput(isoMs(maintenance.startsAt)),
    endsAt: toLocalInput(isoMs(maintenance.endsAt)),
    maintenanceIps: maintenance.allowedIps.join('\n'),
    regionOn: region.enabled,
    countries: region.blockedCountries.join(', '),
    blockedRanges: region.blockedIpRanges.join('\n'),
    regionIps: region.allowedIps.join('\n'),
  };
}

/**
 * The maintenance window and the region restriction: the two parts of the settings document the
 * member site's status call reads (0 normal, 1 maintenance, 2 region-blocked), saved with the diff.
 */
export default function MaintenancePage() {
  return (
    <SettingsDocumentPage
      title={t('site_nav_maintenance')}
      editor={(loaded, onSaved) => <MaintenanceEditor loaded={loaded} onSaved={onSaved} />}
    />
  );
}

function MaintenanceEditor({
  loaded,
  onSaved,
}: {
  loaded: ValueOf<typeof operatorSettings>;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.document));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const build = () => ({
    ...loaded.document,
    maintenance: {
      enabled: draft.maintenanceOn,
      message: draft.message.trim() || null,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
      allowedIps: lines(draft.maintenanceIps),
    },
    regionRestriction: {
      enabled: draft.regionOn,
      blockedCountries: lines(draft.countries).map((code) => code.toUpperCase()),
      blockedIpRanges: lines(draft.blockedRanges),
      allowedIps: lines(draft.regionIps),
    },
  });

  return (
    <Page title={t('site_nav_maintenance')}>
      <Section title={t('site_maintenance_title')}>
        <p className="muted">{t('site_maintenance_lead')}</p>
        <label className="site-check">
          <input
            type="checkbox"
            checked={draft.maintenanceOn}
            onChange={(event) => set('maintenanceOn', event.target.checked)}
          />
          {t('site_maintenance_on')}
        </label>
        <div className="form__grid">
          <TextField
            label={t('site_maintenance_from')}
            hint={zoneHint()}
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => set('startsAt', event.target.value)}
          />
          <TextField
            label={t('site_maintenance_until')}
            hint={zoneHint()}
            type="datetime-local"
            value={draft.endsAt}
            onChange={(event) => set('endsAt', event.target.value)}
          />
        </div>
        <TextField
          label={t('site_maintenance_message')}
          value={draft.message}
          maxLength={500}
          onChange={(event) => set('message', event.target.value)}
        />
        <TextAreaField
          label={t('site_maintenance_ips')}
          hint={t('site_ips_hint')}
          value={draft.maintenanceIps}
          onChange={(event) => set('maintenanceIps', event.target.value)}
        />
      </Section>
      <Section title={t('site_region_title')}>
        <p className="muted">{t('site_region_lead')}</p>
        <label className="site-check">
          <input
            type="checkbox"
            checked={draft.regionOn}
            onChange={(event) => set('regionOn', event.target.checked)}
          />
          {t('site_region_on')}
        </label>
        <TextField
          label={t('site_region_countries')}
          hint={t('site_region_countries_hint')}
          value={draft.countries}
          onChange={(event) => set('countries', event.target.value)}
        />
        <div className="form__grid">
          <TextAreaField
            label={t('site_region_ranges')}
            hint={t('site_ips_hint')}
            value={draft.blockedRanges}
            onChange={(event) => set('blockedRanges', event.target.value)}
          />
          <TextAreaField
            label={t('site_region_ips')}
            hint={t('site_ips_hint')}
            value={draft.regionIps}
            onChange={(event) => set('regionIps', event.target.value)}
          />
        </div>
      </Section>
      <Section>
        <SaveWithDiff baseUpdatedAt={loaded.updatedAt} build={build} onSaved={onSaved} />
      </Section>
    </Page>
  );
}
