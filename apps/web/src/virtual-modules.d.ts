// The text catalogues, split for the start-up budget by catalogue-split.ts (Vite plugin).
declare module 'virtual:catalogue/*' {
  const texts: Record<string, string>;
  export default texts;
}
