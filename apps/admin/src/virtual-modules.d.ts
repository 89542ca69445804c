// The member site's market names of the lottery's play types in English, Vietnamese and Bengali,
// read from its catalogues at build time (market-names.ts, a Vite plugin): language → text key → text.
declare module 'virtual:market-names' {
  const texts: Record<'en' | 'vi' | 'bn', Record<string, string>>;
  export default texts;
}
