import { useState } from 'react';
import {
  bannerGroups,
  bannerInputSchema,
  linkageTypes,
  type BannerGroupName,
  type LinkageType,
} from '@khela/contract';
import {
  operatorBanners,
  contentAudit,
  createBanner,
  deleteBanner,
  orderBanners,
  updateBanner,
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
  checkWith,
  windowText,
  fromLocalInput,
  serverErrors,
  toLocalInput,
  useDraft,
  type FieldErrors,
} from './site-kit.tsx';
import { PictureField } from './picture-field.tsx';

type OperatorBanner = ValueOf<typeof operatorBanners>[number];

interface BannerDraft {
  id: number | null;
  groupName: BannerGroupName;
  language: '' | 'EN' | 'BN';
  title: string;
  url: string;
  mobileUrl: string;
  linkageType: '' | LinkageType;
  linkageTarget: string;
  sortOrder: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
}

function draftOf(banner: OperatorBanner | null, group: BannerGroupName, nextOrder: number): BannerDraft {
  return {
    id: banner?.bannerId ?? null,
    groupName: banner?.groupName ?? group,
    language: (banner?.language === 'EN' || banner?.language === 'BN'
      ? banner.language
      : '') as BannerDraft['language'],
    title: banner?.title ?? '',
    url: banner?.url ?? '',
    mobileUrl: banner?.mobileUrl ?? '',
    linkageType: banner?.linkageType ?? '',
    linkageTarget: banner?.linkageTarget ?? '',
    sortOrder: String(banner?.sortOrder ?? nextOrder),
    startsAt: toLocalInput(banner?.startsAt),
    endsAt: toLocalInput(banner?.endsAt),
    enabled: banner?.enabled ?? true,
  };
}

function inputOf(draft: BannerDraft) {
  return {
    groupName: draft.groupName,
    language: draft.language || null,
    title: draft.title,
    url: draft.url.trim(),
    mobileUrl: draft.mobileUrl.trim() || null,
    linkageType: draft.linkageType || null,
    linkageTarget: draft.linkageTarget.trim() || null,
    sortOrder: Number(draft.sortOrder),
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
    enabled: draft.enabled,
  };
}

/** The banner as the member site's carousel shows it: 2:1 on a phone, 4:1 from 768 px. */
export function BannerPreview({ url, mobileUrl, title }: { url: string; mobileUrl: string; title: string }) {
  if (!url) return <p className="muted">{t('site_banner_preview_empty')}</p>;
  return (
    <div className="site-banner-preview" aria-label={t('site_banner_preview')}>
      <figure>
        <div className="site-banner-preview__frame site-banner-preview__frame--desktop">
          <img src={url} alt={title} />
        </div>
        <figcaption className="muted">{t('site_banner_preview_desktop')}</figcaption>
      </figure>
      <figure>
        <div className="site-banner-preview__frame site-banner-preview__frame--mobile">
          <img src={mobileUrl || url} alt={title} />
        </div>
        <figcaption className="muted">{t('site_banner_preview_mobile')}</figcaption>
      </figure>
    </div>
  );
}

function BannerEditor({ initial, onClose }: { initial: BannerDraft; onClose: () => void }) {
  const { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy } = useDraft(initial);
  const invalidates = [operatorBanners, contentAudit];
  const create = useMutationCall(createBanner, { invalidates });
  const update = useMutationCall(updateBanner, { invalidates });
  const set = <K extends keyof BannerDraft>(key: K, value: BannerDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  const error = (field: string): string | undefined => (errors as FieldErrors)[field];

  const save = async () => {
    setAlert(null);
    const checked = checkWith(bannerInputSchema, inputOf(draft));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
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
      <TextField
        label={t('site_banner_title')}
        name="title"
        value={draft.title}
        isRequired
        hint={t('site_banner_title_hint')}
        onChange={(event) => set('title', event.target.value)}
        error={error('title')}
      />
      <div className="form__grid">
        <SelectField
          label={t('site_banner_group')}
          value={draft.groupName}
          options={bannerGroups.map((group) => ({ value: group, label: group }))}
          onChange={(event) => set('groupName', event.target.value as BannerGroupName)}
          error={error('groupName')}
        />
        <SelectField
          label={t('site_language')}
          value={draft.language}
          options={[
            { value: '', label: t('site_language_all') },
            { value: 'EN', label: 'English' },
            { value: 'BN', label: 'বাংলা' },
          ]}
          onChange={(event) => set('language', event.target.value as BannerDraft['language'])}
        />
        <TextField
          label={t('site_banner_order')}
          name="sortOrder"
          inputMode="numeric"
          value={draft.sortOrder}
          onChange={(event) => set('sortOrder', event.target.value)}
          error={error('sortOrder')}
        />
      </div>
      <PictureField
        label={t('site_banner_picture')}
        name="url"
        value={draft.url}
        onChange={(value) => set('url', value)}
        error={error('url')}
      />
      <PictureField
        label={t('site_banner_picture_mobile')}
        name="mobileUrl"
        value={draft.mobileUrl}
        onChange={(value) => set('mobileUrl', value)}
        error={error('mobileUrl')}
      />
      <div className="form__grid">
        <SelectField
          label={t('site_banner_link_type')}
          value={draft.linkageType}
          emptyLabel={t('site_banner_link_none')}
          options={linkageTypes.map((type) => ({ value: type, label: t(`site_banner_link_${type}`) }))}
          onChange={(event) => set('linkageType', event.target.value as BannerDraft['linkageType'])}
          error={error('linkageType')}
        />
        <TextField
          label={t('site_banner_link_target')}
          name="linkageTarget"
          value={draft.linkageTarget}
          hint={t('site_banner_link_hint')}
          onChange={(event) => set('linkageTarget', event.target.value)}
          error={error('linkageTarget')}
        />
        <TextField
          label={t('site_starts_at')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={(event) => set('startsAt', event.target.value)}
          error={error('startsAt')}
        />
        <TextField
          label={t('site_ends_at')}
          type="datetime-local"
          value={draft.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
          error={error('endsAt')}
        />
      </div>
      <label className="site-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
        />
        {t('site_enabled')}
      </label>
      <h3 className="site-subtitle">{t('site_preview')}</h3>
      <BannerPreview url={draft.url} mobileUrl={draft.mobileUrl} title={draft.title} />
      <FormAlert>{alert}</FormAlert>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
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

export default function BannersPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const [group, setGroup] = useState<BannerGroupName>('home');
  const list = useCall(operatorBanners, { group });
  const [editing, setEditing] = useState<BannerDraft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useMutationCall(deleteBanner, { invalidates: [operatorBanners, contentAudit] });
  const order = useMutationCall(orderBanners, { invalidates: [operatorBanners, contentAudit] });
  const rows = list.data;
  const nextOrder = (rows ?? []).reduce((most, row) => Math.max(most, row.sortOrder), 0) + 1;

  const move = async (banner: OperatorBanner, step: -1 | 1) => {
    const lane = (rows ?? []).filter((row) => row.language === banner.language);
    const index = lane.findIndex((row) => row.bannerId === banner.bannerId);
    const target = index + step;
    if (target < 0 || target >= lane.length) return;
    const ids = lane.map((row) => row.bannerId);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setActionError(null);
    try {
      await order.mutateAsync({ body: { groupName: group, language: banner.language, ids } });
    } catch (failure) {
      setActionError(serverErrors(failure).alert);
    }
  };

  const columns: Column<OperatorBanner>[] = [
    {
      key: 'picture',
      header: t('site_banner_picture'),
      cell: (row) => <img className="site-thumb" src={row.mobileUrl ?? row.url} alt="" loading="lazy" />,
    },
    { key: 'title', header: t('site_banner_title'), cell: (row) => row.title },
    { key: 'order', header: t('site_banner_order'), cell: (row) => row.sortOrder, align: 'end' },
    {
      key: 'language',
      header: t('site_language'),
      cell: (row) => row.language ?? t('site_language_all'),
      wide: true,
    },
    {
      key: 'link',
      header: t('site_banner_link_target'),
      cell: (row) =>
        row.linkageType ? `${t(`site_banner_link_${row.linkageType}`)}: ${row.linkageTarget ?? ''}` : '—',
      wide: true,
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
            cell: (row: OperatorBanner) => (
              <div className="site-row-actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('site_move_up_named', { name: row.title })}
                  onClick={() => void move(row, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('site_move_down_named', { name: row.title })}
                  onClick={() => void move(row, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('site_edit_named', { name: row.title })}
                  onClick={() => setEditing(draftOf(row, group, nextOrder))}
                >
                  {t('site_edit')}
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={t('site_delete_named', { name: row.title })}
                  onClick={() => {
                    if (!window.confirm(t('site_delete_confirm', { name: row.title }))) return;
                    setActionError(null);
                    remove.mutateAsync({ body: { id: row.bannerId } }).catch((failure: unknown) => {
                      setActionError(serverErrors(failure).alert);
                    });
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
      title={t('site_nav_banners')}
      actions={
        mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing(draftOf(null, group, nextOrder))}
          >
            {t('site_banner_add')}
          </button>
        ) : null
      }
    >
      <Section>
        <div className="site-filters">
          <SelectField
            label={t('site_banner_group')}
            value={group}
            options={bannerGroups.map((name) => ({ value: name, label: name }))}
            onChange={(event) => setGroup(event.target.value as BannerGroupName)}
          />
        </div>
        <FormAlert>{actionError}</FormAlert>
        <Table
          label={t('site_nav_banners')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.bannerId}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('site_banner_empty')}
          expand={(row) => <BannerPreviewRow banner={row} />}
        />
      </Section>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.id ? t('site_banner_edit') : t('site_banner_add')}
        size="wide"
      >
        {editing ? <BannerEditor initial={editing} onClose={() => setEditing(null)} /> : null}
      </Dialog>
    </Page>
  );
}

function BannerPreviewRow({ banner }: { banner: OperatorBanner }) {
  return <BannerPreview url={banner.url} mobileUrl={banner.mobileUrl ?? ''} title={banner.title} />;
}
