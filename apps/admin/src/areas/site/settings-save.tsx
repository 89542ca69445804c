import { useState, type ReactNode } from 'react';
import { ApiError, type SettingsDiffEntry } from '@khela/contract';
import { operatorSettings, operatorSettingsSave } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall, type ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { fieldIssueText, errorText, type ShownIssue } from '../../shared/forms/api-errors.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { DiffView } from './site-kit.tsx';

/** The server's field issues of a refused document: the setting's path and the schema's sentence. */
export function IssueList({ issues }: { issues: readonly ShownIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="site-issues" role="alert" aria-label={t('site_settings_issues')}>
      {issues.map((issue, index) => (
        <li key={`${issue.field}-${index}`}>
          <code>{issue.field.replace(/^(body\.)?document\.?/, '') || t('site_settings_document')}</code>:{' '}
          {fieldIssueText(issue)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Check, then save: the document goes to the server as a dry run first, which answers the diff
 * (or the schema's issues); the operator reads the diff, then saves it (settings.write). A save from
 * a copy read before someone else's is refused (CONFLICT): reload and check again.
 */
export function SaveWithDiff({
  build,
  baseUpdatedAt,
  onSaved,
}: {
  /** The whole document to save, or null when the form cannot build it (its own message shows). */
  build: () => Record<string, unknown> | null;
  baseUpdatedAt: number | null;
  onSaved: () => void;
}) {
  const can = useCan();
  const mayWrite = can('settings.write');
  const save = useMutationCall(operatorSettingsSave, { invalidates: [operatorSettings] });
  const [diff, setDiff] = useState<readonly SettingsDiffEntry[] | null>(null);
  const [issues, setIssues] = useState<readonly ShownIssue[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, unknown> | null>(null);

  const fail = (failure: unknown) => {
    if (failure instanceof ApiError && failure.issues.length > 0) {
      setIssues(failure.issues as ShownIssue[]);
      setAlert(null);
    } else setAlert(errorText(failure));
  };

  const check = async () => {
    setIssues([]);
    setAlert(null);
    setNotice(null);
    setDiff(null);
    const document = build();
    if (!document) return;
    try {
      const answer = await save.mutateAsync({ body: { document, dryRun: true, baseUpdatedAt } });
      setDiff(answer.diff);
      setChecked(document);
    } catch (failure) {
      fail(failure);
    }
  };

  const commit = async () => {
    if (!checked) return;
    try {
      const answer = await save.mutateAsync({ body: { document: checked, dryRun: false, baseUpdatedAt } });
      setNotice(
        answer.saved
          ? t('site_settings_saved', { count: answer.diff.length })
          : t('site_settings_no_changes'),
      );
      setDiff(null);
      setChecked(null);
      onSaved();
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <div className="site-save">
      <IssueList issues={issues} />
      <FormAlert>{alert}</FormAlert>
      <FormAlert tone="notice">{notice}</FormAlert>
      {diff ? (
        <div className="site-save__diff">
          <h3 className="site-subtitle">{t('site_settings_diff_title')}</h3>
          <DiffView diff={diff} />
        </div>
      ) : null}
      <div className="form__actions">
        {mayWrite ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={save.isPending}
            onClick={() => void check()}
          >
            {t('site_settings_check')}
          </button>
        ) : null}
        {mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            disabled={save.isPending || !diff || diff.length === 0}
            onClick={() => void commit()}
          >
            {save.isPending ? t('site_saving') : t('site_settings_save')}
          </button>
        ) : (
          <span className="muted">{t('site_settings_read_only')}</span>
        )}
      </div>
    </div>
  );
}

/**
 * A page that edits part of the settings document: its title over a skeleton while the document
 * loads, or the error with a retry; then `editor` with the document and what to do once saved.
 */
export function SettingsDocumentPage({
  title,
  editor,
}: {
  title: string;
  editor: (loaded: ValueOf<typeof operatorSettings>, onSaved: () => void) => ReactNode;
}) {
  const settings = useCall(operatorSettings);
  const loaded = settings.data;
  if (settings.isLoading)
    return (
      <Page title={title}>
        <Loading rows={6} />
      </Page>
    );
  if (settings.error || !loaded)
    return (
      <Page title={title}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Page>
    );
  return editor(loaded, () => void settings.refetch());
}
