import { useState } from 'react';
import { promotionActions, promotionInputSchema, promotionTypes, type PromotionType } from '@khela/contract';
import {
  contentAudit,
  createPromotion,
  deletePromotion,
  operatorPromotions,
  updatePromotion,
} from '@khela/contract/call-routes';
import { useCall, type ValueOf } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { TypeSelect, windowedTextsDraft, type WindowedTextsDraft } from './content-editor.tsx';
import { PictureField } from './picture-field.tsx';
import { WindowedTextsPage } from './windowed-texts-page.tsx';

type Row = ValueOf<typeof operatorPromotions>[number];
type Action = (typeof promotionActions)[number];

interface Draft extends WindowedTextsDraft {
  type: PromotionType;
  action: Action;
  imageUrl: string;
}

function draftOf(row: Row | null): Draft {
  return {
    ...windowedTextsDraft(row),
    type: row?.type ?? 'event',
    action: row?.action ?? 'none',
    imageUrl: row?.imageUrl ?? '',
  };
}

export default function PromotionsPage() {
  const [type, setType] = useState<PromotionType | ''>('');
  const list = useCall(operatorPromotions, type ? { type } : {});
  return (
    <WindowedTextsPage
      title={t('site_nav_promotions')}
      addLabel={t('site_promotion_add')}
      editLabel={t('site_promotion_edit')}
      type={{
        label: t('site_promotion_type'),
        types: promotionTypes,
        text: (code) => t(`site_promotion_type_${code}`),
      }}
      filter={type}
      onFilter={(code) => setType(code as PromotionType | '')}
      list={list}
      remove={deletePromotion}
      invalidates={[operatorPromotions, contentAudit]}
      before={[
        {
          key: 'picture',
          header: t('site_promotion_picture'),
          cell: (row) =>
            row.imageUrl ? <img className="site-thumb" src={row.imageUrl} alt="" loading="lazy" /> : '—',
          wide: true,
        },
      ]}
      draftOf={draftOf}
      newDraft={() => draftOf(null)}
      editor={{
        schema: promotionInputSchema,
        create: createPromotion,
        update: updatePromotion,
        withSummary: true,
        inputOf: (draft) => ({ action: draft.action, imageUrl: draft.imageUrl.trim() || null }),
        grid: (fields, { draft, set, errors }) => (
          <>
            {fields.type}
            <TypeSelect
              label={t('site_promotion_action')}
              types={promotionActions}
              text={(action) => t(`site_promotion_action_${action}`)}
              value={draft.action}
              onChange={(action) => set('action', action)}
              error={errors.action}
            />
            {fields.window}
            {fields.order}
          </>
        ),
        body: ({ draft, set, errors }) => (
          <>
            <PictureField
              label={t('site_promotion_picture')}
              name="imageUrl"
              value={draft.imageUrl}
              onChange={(imageUrl) => set('imageUrl', imageUrl)}
              error={errors.imageUrl}
            />
            {draft.imageUrl ? <img className="site-promo-image" src={draft.imageUrl} alt="" /> : null}
          </>
        ),
      }}
    />
  );
}
