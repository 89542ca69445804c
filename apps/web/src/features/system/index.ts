// The system feature's public entry. The maintenance and region-blocked pages stay lazy chunks.
export { SystemNoticePage } from './components/system-notice-page.tsx';
