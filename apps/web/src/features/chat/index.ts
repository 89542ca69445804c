// The chat feature's public entry. The chat modal stays a lazy chunk.
export { useOpenChat } from './use-open-chat.ts';
