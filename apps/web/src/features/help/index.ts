// The help feature's public entry. The help pages stay lazy route chunks.
export { useHelpCenter } from './api/get-help-center.ts';
export { ContactChannels } from './contact-channels.tsx';
