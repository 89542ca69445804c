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
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { OnOff, SafeHtml, checkWith, formatTime, serverErrors, useDraft } from './site-kit.tsx';
import { TextsEditor, filledTexts, listTitle, type TextsByLanguage } from './texts-editor.tsx';

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

function draftOf(menu: Menu, article: Article | null): Draft {
  const texts: TextsByLanguage = {};
  if (article?.texts.EN) texts.EN = article.texts.EN;
  if (article?.texts.BN) texts.BN = article.texts.BN;
  return {
    isNew: article === null,
    menuSlug: menu.slug,
    slug: article?.slug ?? '',
    texts,
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
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft(initial);
  const save = useMutationCall(saveHelpArticle, { invalidates: [operatorHelpArticles, contentAudit] });
  const submit = async () => {
    setAlert(null);
    const checked = checkWith(helpArticleInputSchema, {
      menuSlug: draft.menuSlug,
      slug: draft.slug.trim(),
      texts: filledTexts(draft.texts, false),
      sortOrder: Number(draft.sortOrder),
      enabled: draft.enabled,
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await save.mutateAsync({ body: checked.data });
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
        void submit();
      }}
    >
      <div className="form__grid">
        <SelectField
          label={t('site_help_menu')}
          value={draft.menuSlug}
          options={menus.map((menu) => ({ value: menu.slug, label: menuTitle(menu) }))}
          onChange={(event) => setDraft({ ...draft, menuSlug: event.target.value })}
          error={errors.menuSlug}
        />
        <TextField
          label={t('site_help_slug')}
          value={draft.slug}
          readOnly={!draft.isNew}
          hint={t('site_help_slug_hint')}
          onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
          error={errors.slug}
        />
        <TextField
          label={t('site_order')}
          inputMode="numeric"
          value={draft.sortOrder}
          onChange={(event) => setDraft({ ...draft, sortOrder: event.target.value })}
          error={errors.sortOrder}
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

export default function HelpPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const list = useCall(operatorHelpArticles);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useMutationCall(deleteHelpArticle, {
    invalidates: [operatorHelpArticles, contentAudit],
  });
  const menus = list.data ?? [];
  // The footer's pages first: they are what visitors see on every page.
  const ordered = [...menus].sort(
    (a, b) => Number(b.slug === footerHelpMenuSlug) - Number(a.slug === footerHelpMenuSlug),
  );

  const columnsOf = (menu: Menu): Column<Article>[] => [
    { key: 'title', header: t('site_text_title'), cell: (row) => listTitle(row.texts) },
    { key: 'slug', header: t('site_help_slug'), cell: (row) => <code>{row.slug}</code>, wide: true },
    { key: 'updated', header: t('site_updated'), cell: (row) => formatTime(row.updatedAt), wide: true },
    { key: 'enabled', header: t('site_enabled'), cell: (row) => <OnOff on={row.enabled} /> },
    ...(mayWrite
      ? [
          {
            key: 'actions',
            header: t('site_actions'),
            cell: (row: Article) => (
              <div className="site-row-actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing(draftOf(menu, row))}
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
            expand={(row) => <SafeHtml html={row.texts.EN?.content ?? row.texts.BN?.content ?? ''} />}
          />
        </Section>
      ))}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.isNew ? t('site_help_add') : t('site_help_edit')}
        size="wide"
      >
        {editing ? <Editor initial={editing} menus={menus} onClose={() => setEditing(null)} /> : null}
      </Dialog>
    </Page>
  );
}
