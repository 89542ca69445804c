// The notices feature's public entry. The notice page and modal stay lazy chunks.
export { AnnouncementPopups } from './announcement-popups.tsx';
export { NoticeBar } from './notice-bar.tsx';
// For the agent centre's announcement page: the list itself stays a lazy chunk (it brings DOMPurify).
export { useAnnouncements } from './api/get-announcements.ts';
export const loadAnnouncementList = () => import('./announcement-list.tsx');
