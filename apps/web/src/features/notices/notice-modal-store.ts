import { create } from 'zustand';
import type { AnnouncementType } from '@khela/contract';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';

interface NoticeModalState {
  /** Which announcements the modal lists, and the one unfolded. */
  types: AnnouncementType[] | null;
  index: number;
}

export const useNoticeModalStore = create<NoticeModalState>()(() => ({ types: null, index: 0 }));

/** Opens noticeModal at `index` of the list of `types` (spec 2: a notice bar click). */
export function openNoticeModal(index: number, types: AnnouncementType[] | null = null) {
  useNoticeModalStore.setState({ index, types });
  useOverlayStore.getState().openModal('noticeModal');
}
