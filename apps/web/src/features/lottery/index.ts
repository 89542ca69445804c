// The lottery feature's public entry. Its pages (lobby, betting view, verify) stay lazy route chunks.
export { lotteryVerifyBase, lotteryVerifyPath } from './lottery-paths.ts';
export { playTypeNameKeys } from './lib/texts.ts';
export { resultSourceKey } from './components/result-source.tsx';
