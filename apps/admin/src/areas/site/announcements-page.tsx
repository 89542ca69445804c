import { useState } from 'react';
import { announcementInputSchema, announcementTypes, type AnnouncementType } from '@khela/contract';
import {
  operatorAnnouncements,
  contentAudit,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall, type ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import {
  OnOff,
  SafeHtml,
  checkWith,
  windowText,
  fromLocalInput,
  serverErrors,
  toLocalInput,
  useDraft,
} from './site-kit.tsx';
import { TextsEditor, filledTexts, listTitle, type TextsByLanguage } from './texts-editor.tsx';

type Row = ValueOf<typeof operatorAnnouncements>[number];

interface Draft {
  id: number | null;
  type: AnnouncementType;
  texts: TextsByLanguage;
  startsAt: string;
  endsAt: string;
  sortOrder: string;
  enabled: boolean;
}

function draftOf(row: Row | null, type: AnnouncementType): Draft {
  const texts: TextsByLanguage = {};
  if (row?.texts.EN) texts.EN = row.texts.EN;
  if (row?.texts.BN) texts.BN = row.texts.BN;
  return {
    id: row?.id ?? null,
    type: row?.type ?? type,
    texts,
    startsAt: toLocalInput(row?.startsAt),
    endsAt: toLocalInput(row?.endsAt),
    sortOrder: String(row?.sortOrder ?? 100),
    enabled: row?.enabled ?? true,
  };
}

function Editor({ initial, onClose }: { initial: Draft; onClose: () => void }) {
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft(initial);
  const invalidates = [operatorAnnouncements, contentAudit];
  const create = useMutationCall(createAnnouncement, { invalidates });
  const update = useMutationCall(updateAnnouncement, { invalidates });
  const save = async () => {
    setAlert(null);
    const checked = checkWith(announcementInputSchema, {
      type: draft.type,
      texts: filledTexts(draft.texts, false),
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
      sortOrder: Number(draft.sortOrder),
      enabled: draft.enabled,
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      if (draft.id === null) await create.mutateAsync({ body: checked.data });
      else await update.mutateAsync({ body: { ...checked.data, id: draft.id } });
      onClose();
    } catch (failure) {
      const shown = serverErrors(failure);
      setErrors(shown.errors);
      setAlert(shown.alert);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="form site-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="form__grid">
        <SelectField
          label={t('site_announcement_type')}
          value={draft.type}
          options={announcementTypes.map((type) => ({
            value: type,
            label: t(`site_announcement_type_${type}`),
          }))}
          onChange={(event) => setDraft({ ...draft, type: event.target.value as AnnouncementType })}
          error={errors.type}
        />
        <TextField
          label={t('site_order')}
          inputMode="numeric"
          value={draft.sortOrder}
          onChange={(event) => setDraft({ ...draft, sortOrder: event.target.value })}
          error={errors.sortOrder}
        />
        <TextField
          label={t('site_starts_at')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={(event) => setDraft({ ...draft, startsAt: event.target.value })}
          error={errors.startsAt}
        />
        <TextField
          label={t('site_ends_at')}
          type="datetime-local"
          value={draft.endsAt}
          onChange={(event) => setDraft({ ...draft, endsAt: event.target.value })}
          error={errors.endsAt}
        />
      </div>
      <TextsEditor texts={draft.texts} onChange={(texts) => setDraft({ ...draft, texts })} errors={errors} />
      <label className="site-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
        />
        {t('site_enabled')}
      </label>
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('site_cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {isBusy ? t('site_saving') : t('site_save')}
        </button>
      </div>
    </form>
  );
}

export default function AnnouncementsPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const [type, setType] = useState<AnnouncementType | ''>('');
  const list = useCall(operatorAnnouncements, type ? { type } : {});
  const [editing, setEditing] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useMutationCall(deleteAnnouncement, {
    invalidates: [operatorAnnouncements, contentAudit],
  });
  const columns: Column<Row>[] = [
    { key: 'title', header: t('site_text_title'), cell: (row) => listTitle(row.texts) },
    {
      key: 'type',
      header: t('site_announcement_type'),
      cell: (row) => t(`site_announcement_type_${row.type}`),
    },
    {
      key: 'window',
      header: t('site_window'),
      cell: (row) => windowText(row.startsAt, row.endsAt),
      wide: true,
    },
    { key: 'enabled', header: t('site_enabled'), cell: (row) => <OnOff on={row.enabled} /> },
    ...(mayWrite
      ? [
          {
            key: 'actions',
            header: t('site_actions'),
            cell: (row: Row) => (
              <div className="site-row-actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing(draftOf(row, row.type))}
                >
                  {t('site_edit')}
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => {
                    if (!window.confirm(t('site_delete_confirm', { name: listTitle(row.texts) }))) return;
                    setActionError(null);
                    remove
                      .mutateAsync({ body: { id: row.id } })
                      .catch((failure: unknown) => setActionError(serverErrors(failure).alert));
                  }}
                >
                  {t('site_delete')}
                </button>
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page
      title={t('site_nav_announcements')}
      actions={
        mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing(draftOf(null, type || 'B'))}
          >
            {t('site_announcement_add')}
          </button>
        ) : null
      }
    >
      <Section>
        <p className="muted">{t('site_announcement_lead')}</p>
        <div className="site-filters">
          <SelectField
            label={t('site_announcement_type')}
            value={type}
            emptyLabel={t('site_any')}
            options={announcementTypes.map((code) => ({
              value: code,
              label: t(`site_announcement_type_${code}`),
            }))}
            onChange={(event) => setType(event.target.value as AnnouncementType | '')}
          />
        </div>
        <FormAlert>{actionError}</FormAlert>
        <Table
          label={t('site_nav_announcements')}
          columns={columns}
          rows={list.data}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('site_empty')}
          expand={(row) => <SafeHtml html={row.texts.EN?.content ?? row.texts.BN?.content ?? ''} />}
        />
      </Section>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.id ? t('site_announcement_edit') : t('site_announcement_add')}
        size="wide"
      >
        {editing ? <Editor initial={editing} onClose={() => setEditing(null)} /> : null}
      </Dialog>
    </Page>
  );
}
