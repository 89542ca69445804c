import { useState, type ReactNode } from 'react';
import { useMutationCall } from '../../shared/api/hooks.ts';
import type { AdminCall, CallInput } from '../../shared/api/client.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column, type TableProps } from '../../shared/ui/table.tsx';
import { OnOff, SafeHtml, serverErrors, windowText } from './site-kit.tsx';
import { listTitle } from './texts-editor.tsx';

/**
 * What the content lists (banners, announcements, help articles, promotions) share: the common
 * columns, the row's Edit and Delete buttons, the delete with its confirmation, the editor's dialog
 * and the page around one list.
 */

type Texts = Partial<Record<string, { title: string; content: string }>>;

/** The row's title (English, then Bengali, then any). */
export function titleColumn<Row extends { texts: Texts }>(): Column<Row> {
  return { key: 'title', header: t('site_text_title'), cell: (row) => listTitle(row.texts) };
}

/** When the row shows: its publication window. */
export function windowColumn<
  Row extends { startsAt: number | null | undefined; endsAt: number | null | undefined },
>(): Column<Row> {
  return {
    key: 'window',
    header: t('site_window'),
    cell: (row) => windowText(row.startsAt, row.endsAt),
    wide: true,
  };
}

export function enabledColumn<Row extends { enabled: boolean }>(): Column<Row> {
  return { key: 'enabled', header: t('site_enabled'), cell: (row) => <OnOff on={row.enabled} /> };
}

/** The actions column, for an operator who may change the content (none otherwise). */
export function actionsColumn<Row>(mayWrite: boolean, cell: (row: Row) => ReactNode): Column<Row>[] {
  return mayWrite ? [{ key: 'actions', header: t('site_actions'), cell }] : [];
}

/** A row's content as the member site shows it (English, else Bengali). */
export function ContentPreview({ texts }: { texts: Texts }) {
  return <SafeHtml html={texts.EN?.content ?? texts.BN?.content ?? ''} />;
}

/**
 * A row's buttons: any before (moves), then Edit and Delete. `labelled` names the row in each
 * button's accessible name.
 */
export function RowActions({
  name,
  labelled = false,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  labelled?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="site-row-actions">
      {children}
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={labelled ? t('site_edit_named', { name }) : undefined}
        onClick={onEdit}
      >
        {t('site_edit')}
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        aria-label={labelled ? t('site_delete_named', { name }) : undefined}
        onClick={onDelete}
      >
        {t('site_delete')}
      </button>
    </div>
  );
}

/**
 * Deleting a row (by id) once the operator confirms it; a failure is the page's `actionError`
 * (which other row actions may set too).
 */
export function useRowRemoval<C extends AdminCall>(call: C, invalidates: readonly AdminCall[]) {
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useMutationCall(call, { invalidates });
  const removeRow = (id: number, name: string) => {
    if (!window.confirm(t('site_delete_confirm', { name }))) return;
    setActionError(null);
    remove
      .mutateAsync({ body: { id } } as CallInput<C>)
      .catch((failure: unknown) => setActionError(serverErrors(failure).alert));
  };
  return { actionError, setActionError, removeRow };
}

/** The editor's dialog: open while there is a draft, which `editor` renders. */
export function EditDialog<D>({
  editing,
  title,
  onClose,
  editor,
}: {
  editing: D | null;
  title: string;
  onClose: () => void;
  editor: (draft: D) => ReactNode;
}) {
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      size="wide"
    >
      {editing ? editor(editing) : null}
    </Dialog>
  );
}

/**
 * A page of one content list: the Add button (for an operator who may write), the lead, the
 * filters, the list's alert, the table, and the editor's dialog.
 */
export function ContentListPage<Row, D>({
  title,
  addLabel,
  onAdd,
  lead,
  filters,
  actionError,
  table,
  editing,
  editTitle,
  onClose,
  editor,
}: {
  title: string;
  addLabel: string;
  /** Opens the editor on a new row; null when the operator may not write. */
  onAdd: (() => void) | null;
  lead?: string;
  filters: ReactNode;
  actionError: string | null;
  table: Omit<TableProps<Row>, 'label'>;
  editing: D | null;
  editTitle: string;
  onClose: () => void;
  editor: (draft: D) => ReactNode;
}) {
  return (
    <Page
      title={title}
      actions={
        onAdd ? (
          <button type="button" className="button button--primary" onClick={onAdd}>
            {addLabel}
          </button>
        ) : null
      }
    >
      <Section>
        {lead ? <p className="muted">{lead}</p> : null}
        <div className="site-filters">{filters}</div>
        <FormAlert>{actionError}</FormAlert>
        <Table label={title} {...table} />
      </Section>
      <EditDialog editing={editing} title={editTitle} onClose={onClose} editor={editor} />
    </Page>
  );
}
