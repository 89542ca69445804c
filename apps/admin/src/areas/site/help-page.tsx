import { useState } from 'react';
import { footerHelpMenuSlug, helpArticleInputSchema } from '@khela/contract';
import {
  contentAudit,
  deleteHelpArticle,
  operatorHelpArticles,
  saveHelpArticle,
} from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall, type ValueOf } from '../../shared/api/hooks.ts';
import { FormAlert, SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { EditorForm, OrderField, TextsAndEnabled, useContentEditor } from './content-editor.tsx';
import {
  ContentPreview,
  EditDialog,
  RowActions,
  actionsColumn,
  enabledColumn,
  titleColumn,
  useRowRemoval,
} from './content-list.tsx';
import { formatTime } from './site-kit.tsx';
import { filledTexts, listTitle, textsOf, type TextsByLanguage } from './texts-editor.tsx';

type Menu = ValueOf<typeof operatorHelpArticles>[number];
type Article = Menu['articles'][number];

interface Draft {
  isNew: boolean;
  menuSlug: string;
  slug: string;
  texts: TextsByLanguage;
  sortOrder: string;
  enabled: boolean;
}

const invalidates = [operatorHelpArticles, contentAudit];

function draftOf(menu: Menu, article: Article | null): Draft {
  return {
    isNew: article === null,
    menuSlug: menu.slug,
    slug: article?.slug ?? '',
    texts: textsOf(article?.texts),
    sortOrder: String(article?.sortOrder ?? 100),
    enabled: article?.enabled ?? true,
  };
}

function menuTitle(menu: Menu): string {
  const title = menu.titles.EN ?? menu.titles.BN ?? menu.slug;
  return menu.footer ? `${title} · ${t('site_help_footer')}` : title;
}

function Editor({
  initial,
  menus,
  onClose,
}: {
  initial: Draft;
  menus: readonly Menu[];
  onClose: () => void;
}) {
  const save = useMutationCall(saveHelpArticle, { invalidates });
  const { draft, set, errors, alert, isBusy, submit } = useContentEditor(initial, {
    schema: helpArticleInputSchema,
    inputOf: (value) => ({
      menuSlug: value.menuSlug,
      slug: value.slug.trim(),
      texts: filledTexts(value.texts, false),
      sortOrder: Number(value.sortOrder),
      enabled: value.enabled,
    }),
    send: (data) => save.mutateAsync({ body: data }),
    onClose,
  });
  return (
    <EditorForm onSubmit={submit} alert={alert} isBusy={isBusy} onCancel={onClose}>
      <div className="form__grid">
        <SelectField
          label={t('site_help_menu')}
          value={draft.menuSlug}
          options={menus.map((menu) => ({ value: menu.slug, label: menuTitle(menu) }))}
          onChange={(event) => set('menuSlug', event.target.value)}
          error={errors.menuSlug}
        />
        <TextField
          label={t('site_help_slug')}
          value={draft.slug}
          readOnly={!draft.isNew}
          hint={t('site_help_slug_hint')}
          onChange={(event) => set('slug', event.target.value)}
          error={errors.slug}
        />
        <OrderField
          value={draft.sortOrder}
          onChange={(value) => set('sortOrder', value)}
          error={errors.sortOrder}
        />
      </div>
      <TextsAndEnabled draft={draft} set={set} errors={errors} />
    </EditorForm>
  );
}

export default function HelpPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const list = useCall(operatorHelpArticles);
  const [editing, setEditing] = useState<Draft | null>(null);
  const { actionError, removeRow } = useRowRemoval(deleteHelpArticle, invalidates);
  const menus = list.data ?? [];
  // The footer's pages first: they are what visitors see on every page.
  const ordered = [...menus].sort(
    (a, b) => Number(b.slug === footerHelpMenuSlug) - Number(a.slug === footerHelpMenuSlug),
  );

  const columnsOf = (menu: Menu): Column<Article>[] => [
    titleColumn(),
    { key: 'slug', header: t('site_help_slug'), cell: (row) => <code>{row.slug}</code>, wide: true },
    { key: 'updated', header: t('site_updated'), cell: (row) => formatTime(row.updatedAt), wide: true },
    enabledColumn(),
    ...actionsColumn<Article>(mayWrite, (row) => (
      <RowActions
        name={listTitle(row.texts)}
        onEdit={() => setEditing(draftOf(menu, row))}
        onDelete={() => removeRow(row.id, listTitle(row.texts))}
      />
    )),
  ];

  return (
    <Page title={t('site_nav_help')}>
      <p className="muted">{t('site_help_lead')}</p>
      <FormAlert>{actionError}</FormAlert>
      {list.isLoading ? <Loading /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {ordered.map((menu) => (
        <Section
          key={menu.id}
          title={menuTitle(menu)}
          actions={
            mayWrite ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setEditing(draftOf(menu, null))}
              >
                {menu.footer ? t('site_help_add_footer') : t('site_help_add')}
              </button>
            ) : null
          }
        >
          <Table
            label={menuTitle(menu)}
            columns={columnsOf(menu)}
            rows={menu.articles}
            rowKey={(row) => row.id}
            emptyText={t('site_empty')}
            expand={(row) => <ContentPreview texts={row.texts} />}
          />
        </Section>
      ))}
      <EditDialog
        editing={editing}
        title={editing?.isNew ? t('site_help_add') : t('site_help_edit')}
        onClose={() => setEditing(null)}
        editor={(draft) => <Editor initial={draft} menus={menus} onClose={() => setEditing(null)} />}
      />
    </Page>
  );
}
