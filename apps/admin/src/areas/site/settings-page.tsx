import { useState } from 'react';
import { operatorSettings } from '@khela/contract/call-routes';
import { useCall, type ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert, TextAreaField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { formatTime } from './site-kit.tsx';
import { SaveWithDiff } from './settings-save.tsx';

function parseDocument(text: string): { document: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { error: t('site_settings_not_object') };
    return { document: value as Record<string, unknown> };
  } catch (failure) {
    return {
      error: t('site_settings_bad_json', { reason: failure instanceof Error ? failure.message : '' }),
    };
  }
}

/**
 * The brand settings and feature flags: the validated document as structured JSON, the feature
 * flags as switches over it, and the diff checked by the server before a save.
 */
export default function SettingsPage() {
  const settings = useCall(operatorSettings);
  const loaded = settings.data;
  if (settings.isLoading)
    return (
      <Page title={t('site_nav_settings')}>
        <Loading rows={6} />
      </Page>
    );
  if (settings.error || !loaded)
    return (
      <Page title={t('site_nav_settings')}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Page>
    );
  // The editor keeps what was typed; after a save its copy is the one saved (baseUpdatedAt follows).
  return <SettingsEditor loaded={loaded} onSaved={() => void settings.refetch()} />;
}

function SettingsEditor({
  loaded,
  onSaved,
}: {
  loaded: ValueOf<typeof operatorSettings>;
  onSaved: () => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(loaded.document, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);

  const parsed = parseDocument(text);
  const features =
    'document' in parsed && typeof parsed.document.features === 'object' && parsed.document.features !== null
      ? (parsed.document.features as Record<string, unknown>)
      : null;
  const setFlag = (name: string, on: boolean) => {
    if (!('document' in parsed)) return;
    const next = { ...parsed.document, features: { ...features, [name]: on } };
    setText(JSON.stringify(next, null, 2));
  };

  return (
    <Page title={t('site_nav_settings')}>
      <p className="muted">{t('site_settings_lead', { at: formatTime(loaded.updatedAt) })}</p>
      {features ? (
        <Section title={t('site_settings_flags')}>
          <div className="site-flags">
            {Object.entries(features).map(([name, value]) => (
              <label key={name} className="site-check">
                <input
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => setFlag(name, event.target.checked)}
                />
                <code>{name}</code>
              </label>
            ))}
          </div>
        </Section>
      ) : null}
      <Section title={t('site_settings_document')}>
        <TextAreaField
          label={t('site_settings_json')}
          className="site-json"
          rows={24}
          spellCheck={false}
          value={text}
          hint={t('site_settings_json_hint')}
          error={jsonError ?? undefined}
          onChange={(event) => {
            setText(event.target.value);
            setJsonError(null);
          }}
        />
        <FormAlert>{'error' in parsed && !jsonError ? parsed.error : null}</FormAlert>
        <SaveWithDiff
          baseUpdatedAt={loaded.updatedAt}
          build={() => {
            const result = parseDocument(text);
            if ('error' in result) {
              setJsonError(result.error);
              return null;
            }
            return result.document;
          }}
          onSaved={onSaved}
        />
      </Section>
    </Page>
  );
}
