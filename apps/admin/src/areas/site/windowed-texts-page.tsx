import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useCan } from '../../app/operator.ts';
import type { AdminCall } from '../../shared/api/client.ts';
import { t } from '../../shared/i18n/i18n.ts';
import type { Column } from '../../shared/ui/table.tsx';
import {
  EditorForm,
  OrderField,
  TextsAndEnabled,
  TypeSelect,
  WindowFields,
  useCreateOrUpdateEditor,
  windowedTextsInput,
  type WindowedTextsDraft,
} from './content-editor.tsx';
import {
  ContentListPage,
  ContentPreview,
  RowActions,
  actionsColumn,
  enabledColumn,
  titleColumn,
  useRowRemoval,
  windowColumn,
} from './content-list.tsx';
import type { FieldErrors } from './site-kit.tsx';
import { listTitle } from './texts-editor.tsx';

/**
 * The page of a list of typed texts with a publication window (announcements, promotions): the type
 * filter, the list (with the type column), and the editor in a dialog: the type, order and window
 * fields, any of the page's own, the texts per language with their preview, Enabled.
 */

/** The draft the page edits, and what its own fields get to change it. */
export interface EditorContext<D> {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  errors: FieldErrors;
}

/** A row's type: its label, the types and a type's text. */
export interface TypeOptions {
  label: string;
  types: readonly string[];
  text: (type: string) => string;
}

export interface WindowedEditorOptions<D, S extends z.ZodType> {
  schema: S;
  create: AdminCall;
  update: AdminCall;
  /** Titles, summaries and contents (else titles and contents). */
  withSummary?: boolean;
  /** The page's own fields of the input (besides the type, texts, window, order and state). */
  inputOf?: (draft: D) => Record<string, unknown>;
  /** The grid of the editor's fields: the common ones as given, arranged with the page's own. */
  grid?: (
    fields: { type: ReactNode; order: ReactNode; window: ReactNode },
    context: EditorContext<D>,
  ) => ReactNode;
  /** Fields between the grid and the texts. */
  body?: (context: EditorContext<D>) => ReactNode;
}

function WindowedTextsEditor<D extends WindowedTextsDraft & { type: string }, S extends z.ZodType>({
  initial,
  onClose,
  type,
  invalidates,
  options,
}: {
  initial: D;
  onClose: () => void;
  type: TypeOptions;
  invalidates: readonly AdminCall[];
  options: WindowedEditorOptions<D, S>;
}) {
  const { schema, create, update, withSummary = false, inputOf, grid, body } = options;
  const { draft, set, errors, alert, isBusy, submit } = useCreateOrUpdateEditor(initial, {
    schema,
    inputOf: (value) => ({
      type: value.type,
      ...inputOf?.(value),
      ...windowedTextsInput(value, withSummary),
    }),
    create,
    update,
    invalidates,
    onClose,
  });
  const context: EditorContext<D> = { draft, set, errors };
  const fields = {
    type: (
      <TypeSelect
        label={type.label}
        types={type.types}
        text={type.text}
        value={draft.type}
        onChange={(value) => set('type', value as D['type'])}
        error={errors.type}
      />
    ),
    order: (
      <OrderField
        value={draft.sortOrder}
        onChange={(value) => set('sortOrder', value as D['sortOrder'])}
        error={errors.sortOrder}
      />
    ),
    window: (
      <WindowFields
        startsAt={draft.startsAt}
        endsAt={draft.endsAt}
        errors={errors}
        onChange={(field, value) => set(field, value as D[typeof field])}
      />
    ),
  };
  return (
    <EditorForm onSubmit={submit} alert={alert} isBusy={isBusy} onCancel={onClose}>
      <div className="form__grid">
        {grid ? (
          grid(fields, context)
        ) : (
          <>
            {fields.type}
            {fields.order}
            {fields.window}
          </>
        )}
      </div>
      {body?.(context)}
      <TextsAndEnabled draft={draft} set={set} errors={errors} withSummary={withSummary} />
    </EditorForm>
  );
}

export function WindowedTextsPage<
  Row extends {
    id: number;
    texts: Partial<Record<string, { title: string; content: string }>>;
    type: string;
    startsAt: number | null;
    endsAt: number | null;
    enabled: boolean;
  },
  D extends WindowedTextsDraft & { type: string },
  S extends z.ZodType,
>({
  title,
  addLabel,
  editLabel,
  lead,
  type,
  filter,
  onFilter,
  list,
  remove,
  invalidates,
  before = [],
  draftOf,
  newDraft,
  editor,
}: {
  title: string;
  addLabel: string;
  editLabel: string;
  lead?: string;
  type: TypeOptions;
  /** The type the list shows ('' for any). */
  filter: string;
  onFilter: (type: string) => void;
  list: { data: readonly Row[] | undefined; isLoading: boolean; error: unknown; refetch: () => unknown };
  /** The delete call (by id). */
  remove: AdminCall;
  invalidates: readonly AdminCall[];
  /** Columns before the title. */
  before?: Column<Row>[];
  draftOf: (row: Row) => D;
  newDraft: () => D;
  editor: WindowedEditorOptions<D, S>;
}) {
  const can = useCan();
  const mayWrite = can('content.write');
  const [editing, setEditing] = useState<D | null>(null);
  const { actionError, removeRow } = useRowRemoval(remove, invalidates);
  const close = () => setEditing(null);
  const columns: Column<Row>[] = [
    ...before,
    titleColumn<Row>(),
    { key: 'type', header: type.label, cell: (row) => type.text(row.type) },
    windowColumn<Row>(),
    enabledColumn<Row>(),
    ...actionsColumn<Row>(mayWrite, (row) => (
      <RowActions
        name={listTitle(row.texts)}
        onEdit={() => setEditing(draftOf(row))}
        onDelete={() => removeRow(row.id, listTitle(row.texts))}
      />
    )),
  ];
  return (
    <ContentListPage
      title={title}
      addLabel={addLabel}
      onAdd={mayWrite ? () => setEditing(newDraft()) : null}
      {...(lead ? { lead } : {})}
      filters={
        <TypeSelect
          label={type.label}
          types={type.types}
          text={type.text}
          anyLabel={t('site_any')}
          value={filter}
          onChange={onFilter}
        />
      }
      actionError={actionError}
      table={{
        columns,
        rows: list.data,
        rowKey: (row) => row.id,
        isLoading: list.isLoading,
        error: list.error,
        onRetry: () => void list.refetch(),
        emptyText: t('site_empty'),
        expand: (row) => <ContentPreview texts={row.texts} />,
      }}
      editing={editing}
      editTitle={editing?.id ? editLabel : addLabel}
      onClose={close}
      editor={(draft) => (
        <WindowedTextsEditor
          initial={draft}
          onClose={close}
          type={type}
          invalidates={invalidates}
          options={editor}
        />
      )}
    />
  );
}
