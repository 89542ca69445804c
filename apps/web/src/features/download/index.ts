// The download feature's public entry. The download page stays a lazy route chunk.
export { setUpInstallableApp } from './pwa.ts';
