import type { CatalogueGame, Language } from '../catalogue/catalogue.ts';
import type { HouseSettings } from '../play/context.ts';

/** The languages the pages have texts for; any other falls back to English. */
export const pageLanguages = ['bn', 'en'] as const;
export type PageLanguage = (typeof pageLanguages)[number];

export function pageLanguage(lang: string | undefined): PageLanguage {
  const code = (lang ?? '').toLowerCase().slice(0, 2);
  return (pageLanguages as readonly string[]).includes(code) ? (code as PageLanguage) : 'en';
}

/** What the page script reads from the `hg-config` JSON block (see src/web/config.ts). */
export interface GamePageConfig {
  page: 'game';
  gameCode: string;
  lang: PageLanguage;
  /** The site's digits (launch URL `digits`): figures on the page are written in them. */
  digits: 'beng' | 'latn';
  /** The brand's time zone (launch URL `zone`, UTC when absent or unknown): round times use it. */
  timeZone: string;
  theme: 'light' | 'dark';
  lobby: string | null;
  /** Transfer mode: the balance is the game's own wallet, filled on the site's wallet page. */
  walletMode: 'seamless' | 'transfer';
  settings: HouseSettings;
  game: Pick<CatalogueGame, 'gameCode' | 'minBet' | 'maxBet' | 'lineNum' | 'isRngTable' | 'names'> & {
    rtpBasisPoints: number;
    steps: number[];
  };
}

export interface VerifyPageConfig {
  page: 'verify';
  lang: PageLanguage;
  digits: 'beng' | 'latn';
  theme: 'light' | 'dark';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** JSON inside a <script> block: `<` escaped so no `</script>` can close it early. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The HTML shell of a page. Every URL in it is relative (`assetsBase` is `../` under /play/…),
 * so the house works under any prefix; the configuration travels as a JSON data block, not
 * inline script, so a `script-src 'self'` policy allows the page.
 */
export function renderPage(options: {
  title: string;
  lang: PageLanguage;
  theme: 'light' | 'dark';
  assetsBase: string;
  script: 'game' | 'verify';
  config: GamePageConfig | VerifyPageConfig;
}): string {
  const { assetsBase } = options;
  return `<!doctype html>
<html lang="${options.lang}" data-theme="${options.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${assetsBase}assets/house.css">
<script type="application/json" id="hg-config">${safeJson(options.config)}</script>
<script type="module" src="${assetsBase}assets/${options.script}.js"></script>
</head>
<body>
<div id="app" class="hg-app"><p class="hg-loading" role="status">…</p></div>
<noscript>JavaScript is needed to play.</noscript>
</body>
</html>
`;
}

export function gameTitle(game: CatalogueGame, lang: Language | PageLanguage): string {
  return game.names[lang];
}
