import { useState } from 'react';
import { announcementInputSchema, announcementTypes, type AnnouncementType } from '@khela/contract';
import {
  operatorAnnouncements,
  contentAudit,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '@khela/contract/call-routes';
import { useCall, type ValueOf } from '../../shared/api/hooks.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { windowedTextsDraft, type WindowedTextsDraft } from './content-editor.tsx';
import { WindowedTextsPage } from './windowed-texts-page.tsx';

type Row = ValueOf<typeof operatorAnnouncements>[number];

interface Draft extends WindowedTextsDraft {
  type: AnnouncementType;
}

function draftOf(row: Row | null, type: AnnouncementType): Draft {
  return { ...windowedTextsDraft(row), type: row?.type ?? type };
}

export default function AnnouncementsPage() {
  const [type, setType] = useState<AnnouncementType | ''>('');
  const list = useCall(operatorAnnouncements, type ? { type } : {});
  return (
    <WindowedTextsPage
      title={t('site_nav_announcements')}
      addLabel={t('site_announcement_add')}
      editLabel={t('site_announcement_edit')}
      lead={t('site_announcement_lead')}
      type={{
        label: t('site_announcement_type'),
        types: announcementTypes,
        text: (code) => t(`site_announcement_type_${code}`),
      }}
      filter={type}
      onFilter={(code) => setType(code as AnnouncementType | '')}
      list={list}
      remove={deleteAnnouncement}
      invalidates={[operatorAnnouncements, contentAudit]}
      draftOf={(row) => draftOf(row, row.type)}
      newDraft={() => draftOf(null, type || 'B')}
      editor={{ schema: announcementInputSchema, create: createAnnouncement, update: updateAnnouncement }}
    />
  );
}
