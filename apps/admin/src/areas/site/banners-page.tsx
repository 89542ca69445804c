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
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import type { Column } from '../../shared/ui/table.tsx';
import {
  EditorForm,
  EnabledCheck,
  OrderField,
  WindowFields,
  useContentEditor,
  useCreateOrUpdate,
} from './content-editor.tsx';
import {
  ContentListPage,
  RowActions,
  actionsColumn,
  enabledColumn,
  useRowRemoval,
  windowColumn,
} from './content-list.tsx';
import { fromLocalInput, serverErrors, toLocalInput } from './site-kit.tsx';
import { PictureField } from './picture-field.tsx';

type OperatorBanner = ValueOf<typeof operatorBanners>[number];

const invalidates = [operatorBanners, contentAudit];

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
  const save = useCreateOrUpdate(createBanner, updateBanner, invalidates);
  const { draft, set, errors, alert, isBusy, submit } = useContentEditor(initial, {
    schema: bannerInputSchema,
    inputOf,
    send: (data, value) => save(data, value.id),
    onClose,
  });

  return (
    <EditorForm onSubmit={submit} alert={alert} isBusy={isBusy} onCancel={onClose}>
      <TextField
        label={t('site_banner_title')}
        name="title"
        value={draft.title}
        isRequired
        hint={t('site_banner_title_hint')}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
      />
      <div className="form__grid">
        <SelectField
          label={t('site_banner_group')}
          value={draft.groupName}
          options={bannerGroups.map((group) => ({ value: group, label: group }))}
          onChange={(event) => set('groupName', event.target.value as BannerGroupName)}
          error={errors.groupName}
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
        <OrderField
          label={t('site_banner_order')}
          name="sortOrder"
          value={draft.sortOrder}
          onChange={(value) => set('sortOrder', value)}
          error={errors.sortOrder}
        />
      </div>
      <PictureField
        label={t('site_banner_picture')}
        name="url"
        value={draft.url}
        onChange={(value) => set('url', value)}
        error={errors.url}
      />
      <PictureField
        label={t('site_banner_picture_mobile')}
        name="mobileUrl"
        value={draft.mobileUrl}
        onChange={(value) => set('mobileUrl', value)}
        error={errors.mobileUrl}
      />
      <div className="form__grid">
        <SelectField
          label={t('site_banner_link_type')}
          value={draft.linkageType}
          emptyLabel={t('site_banner_link_none')}
          options={linkageTypes.map((type) => ({ value: type, label: t(`site_banner_link_${type}`) }))}
          onChange={(event) => set('linkageType', event.target.value as BannerDraft['linkageType'])}
          error={errors.linkageType}
        />
        <TextField
          label={t('site_banner_link_target')}
          name="linkageTarget"
          value={draft.linkageTarget}
          hint={t('site_banner_link_hint')}
          onChange={(event) => set('linkageTarget', event.target.value)}
          error={errors.linkageTarget}
        />
        <WindowFields startsAt={draft.startsAt} endsAt={draft.endsAt} errors={errors} onChange={set} />
      </div>
      <EnabledCheck checked={draft.enabled} onChange={(enabled) => set('enabled', enabled)} />
      <h3 className="site-subtitle">{t('site_preview')}</h3>
      <BannerPreview url={draft.url} mobileUrl={draft.mobileUrl} title={draft.title} />
    </EditorForm>
  );
}

export default function BannersPage() {
  const can = useCan();
  const mayWrite = can('content.write');
  const [group, setGroup] = useState<BannerGroupName>('home');
  const list = useCall(operatorBanners, { group });
  const [editing, setEditing] = useState<BannerDraft | null>(null);
  const { actionError, setActionError, removeRow } = useRowRemoval(deleteBanner, invalidates);
  const order = useMutationCall(orderBanners, { invalidates });
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
    windowColumn(),
    enabledColumn(),
    ...actionsColumn<OperatorBanner>(mayWrite, (row) => (
      <RowActions
        name={row.title}
        labelled
        onEdit={() => setEditing(draftOf(row, group, nextOrder))}
        onDelete={() => removeRow(row.bannerId, row.title)}
      >
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
      </RowActions>
    )),
  ];

  return (
    <ContentListPage
      title={t('site_nav_banners')}
      addLabel={t('site_banner_add')}
      onAdd={mayWrite ? () => setEditing(draftOf(null, group, nextOrder)) : null}
      filters={
        <SelectField
          label={t('site_banner_group')}
          value={group}
          options={bannerGroups.map((name) => ({ value: name, label: name }))}
          onChange={(event) => setGroup(event.target.value as BannerGroupName)}
        />
      }
      actionError={actionError}
      table={{
        columns,
        rows,
        rowKey: (row) => row.bannerId,
        isLoading: list.isLoading,
        error: list.error,
        onRetry: () => void list.refetch(),
        emptyText: t('site_banner_empty'),
        expand: (row) => <BannerPreviewRow banner={row} />,
      }}
      editing={editing}
      editTitle={editing?.id ? t('site_banner_edit') : t('site_banner_add')}
      onClose={() => setEditing(null)}
      editor={(draft) => <BannerEditor initial={draft} onClose={() => setEditing(null)} />}
    />
  );
}

function BannerPreviewRow({ banner }: { banner: OperatorBanner }) {
  return <BannerPreview url={banner.url} mobileUrl={banner.mobileUrl ?? ''} title={banner.title} />;
}
