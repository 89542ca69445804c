// The notices feature's public entry. The notice page and modal stay lazy chunks.
export { AnnouncementPopups } from './announcement-popups.tsx';
export { NoticeBar } from './notice-bar.tsx';
