import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { BodyOf } from '@khela/contract';
import { useMutationCall } from '../../shared/api/hooks.ts';
import type { AdminCall, CallInput } from '../../shared/api/client.ts';
import { FormAlert, SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import {
  checkWith,
  fromLocalInput,
  serverErrors,
  toLocalInput,
  useDraft,
  zoneHint,
  type FieldErrors,
} from './site-kit.tsx';
import { TextsEditor, filledTexts, textsOf, type TextsByLanguage, type TextsDraft } from './texts-editor.tsx';

/**
 * What the content editors (banners, announcements, help articles, promotions) share: the draft and
 * its save (checked with the contract's schema, then sent; the server's field issues shown under their
 * fields, the rest as the form's alert), the form's frame and its common fields.
 */

export interface ContentEditorOptions<D, S extends z.ZodType> {
  /** The contract's input schema the draft is checked with before it is sent. */
  schema: S;
  /** The draft as the schema's input. */
  inputOf: (draft: D) => unknown;
  /** Sends the checked input. */
  send: (data: z.output<S>, draft: D) => Promise<unknown>;
  /** Closes the editor (after a save). */
  onClose: () => void;
}

/** A content editor's state: the draft, `set(field, value)`, its messages and `submit`. */
export function useContentEditor<D, S extends z.ZodType>(
  initial: D,
  { schema, inputOf, send, onClose }: ContentEditorOptions<D, S>,
) {
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft(initial);
  const set = <K extends keyof D>(key: K, value: D[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const submit = async () => {
    setAlert(null);
    const checked = checkWith(schema, inputOf(draft));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(checked.data, draft);
      onClose();
    } catch (failure) {
      const shown = serverErrors(failure);
      setErrors(shown.errors);
      setAlert(shown.alert);
    } finally {
      setBusy(false);
    }
  };
  return { draft, set, errors, alert, isBusy, submit };
}

/** Saves a new row with `create`, a known one (its id) with `update`. */
export function useCreateOrUpdate<C extends AdminCall, U extends AdminCall>(
  create: C,
  update: U,
  invalidates: readonly AdminCall[],
) {
  const created = useMutationCall(create, { invalidates });
  const updated = useMutationCall(update, { invalidates });
  return (body: BodyOf<C>, id: number | null): Promise<unknown> =>
    id === null
      ? created.mutateAsync({ body } as CallInput<C>)
      : updated.mutateAsync({ body: { ...(body as object), id } } as CallInput<U>);
}

/** A content editor whose draft saves a new row with `create`, a known one (its id) with `update`. */
export function useCreateOrUpdateEditor<
  D extends { id: number | null },
  S extends z.ZodType,
  C extends AdminCall,
  U extends AdminCall,
>(
  initial: D,
  options: Omit<ContentEditorOptions<D, S>, 'send'> & {
    create: C;
    update: U;
    invalidates: readonly AdminCall[];
  },
) {
  const { create, update, invalidates, ...rest } = options;
  const save = useCreateOrUpdate(create, update, invalidates);
  return useContentEditor(initial, {
    ...rest,
    send: (data, draft) => save(data as BodyOf<C>, draft.id),
  });
}

/** An editor's texts (per language, with the preview) and its Enabled check box. */
export function TextsAndEnabled<D extends { texts: TextsByLanguage; enabled: boolean }>({
  draft,
  set,
  errors,
  withSummary = false,
}: {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  errors: FieldErrors;
  withSummary?: boolean;
}) {
  return (
    <>
      <TextsEditor
        texts={draft.texts}
        onChange={(texts) => set('texts', texts as D['texts'])}
        errors={errors}
        withSummary={withSummary}
      />
      <EnabledCheck checked={draft.enabled} onChange={(enabled) => set('enabled', enabled as D['enabled'])} />
    </>
  );
}

/** An editor's form: its fields, then the alert, Cancel and Save. */
export function EditorForm({
  onSubmit,
  alert,
  isBusy,
  onCancel,
  children,
}: {
  onSubmit: () => Promise<void>;
  alert: string | null;
  isBusy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="form site-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('site_cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={isBusy}
          aria-busy={isBusy || undefined}
        >
          {isBusy ? t('site_saving') : t('site_save')}
        </button>
      </div>
    </form>
  );
}

/** The "Enabled" check box of an editor. */
export function EnabledCheck({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="site-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {t('site_enabled')}
    </label>
  );
}

/** The order a row is listed in (typed as text, checked by the schema). */
export function OrderField({
  value,
  onChange,
  error,
  label = t('site_order'),
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label?: string;
  name?: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The publication window's two fields (local date-times; empty for open). */
export function WindowFields({
  startsAt,
  endsAt,
  errors,
  onChange,
}: {
  startsAt: string;
  endsAt: string;
  errors: FieldErrors;
  onChange: (field: 'startsAt' | 'endsAt', value: string) => void;
}) {
  return (
    <>
      <TextField
        label={t('site_starts_at')}
        hint={zoneHint()}
        type="datetime-local"
        value={startsAt}
        onChange={(event) => onChange('startsAt', event.target.value)}
        error={errors.startsAt}
      />
      <TextField
        label={t('site_ends_at')}
        hint={zoneHint()}
        type="datetime-local"
        value={endsAt}
        onChange={(event) => onChange('endsAt', event.target.value)}
        error={errors.endsAt}
      />
    </>
  );
}

/** A select of a row's type (its texts by `text`); `anyLabel` adds an empty first option (a filter). */
export function TypeSelect<V extends string>({
  label,
  types,
  text,
  value,
  onChange,
  error,
  anyLabel,
}: {
  label: string;
  types: readonly string[];
  text: (type: string) => string;
  value: V;
  onChange: (value: V) => void;
  error?: string | undefined;
  anyLabel?: string;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      {...(anyLabel === undefined ? {} : { emptyLabel: anyLabel })}
      options={types.map((type) => ({ value: type, label: text(type) }))}
      onChange={(event) => onChange(event.target.value as V)}
      error={error}
    />
  );
}

/** The draft of a text with a publication window (an announcement, a promotion). */
export interface WindowedTextsDraft {
  id: number | null;
  texts: TextsByLanguage;
  startsAt: string;
  endsAt: string;
  sortOrder: string;
  enabled: boolean;
}

/** A row as a draft (a new one, listed at 100 and enabled, when null). */
export function windowedTextsDraft(
  row: {
    id: number;
    texts: Partial<Record<string, TextsDraft>>;
    startsAt: number | null;
    endsAt: number | null;
    sortOrder: number;
    enabled: boolean;
  } | null,
): WindowedTextsDraft {
  return {
    id: row?.id ?? null,
    texts: textsOf(row?.texts),
    startsAt: toLocalInput(row?.startsAt),
    endsAt: toLocalInput(row?.endsAt),
    sortOrder: String(row?.sortOrder ?? 100),
    enabled: row?.enabled ?? true,
  };
}

/** A draft's texts, window, order and state as the contract's input. */
export function windowedTextsInput(draft: WindowedTextsDraft, withSummary: boolean) {
  return {
    texts: filledTexts(draft.texts, withSummary),
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    sortOrder: Number(draft.sortOrder),
    enabled: draft.enabled,
  };
}
