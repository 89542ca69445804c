import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Start-up hints for the pages people land on. The web app's first view waits on a chain: HTML,
 * then the start script, then the page chunk, the text catalogue and the banner call, and only then
 * the banner picture (the largest paint). Naming the page chunk, the default catalogue and the first
 * banner in the HTML lets the browser fetch them all at once, while the start script downloads.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** Source modules of the web app whose chunks a landing path needs before its first paint. */
const landingModules: Record<string, string[]> = {
  '/': ['src/features/home/home-page.tsx'],
  '/index': ['src/features/home/home-page.tsx'],
};

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The chunk files of `sources` and what they import, and their style sheets, without the entry's
 * (the page loads those anyway).
 */
export function chunkFilesOf(
  manifest: Manifest,
  sources: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) styles.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

export interface LandingPicture {
  url: string;
  mobileUrl: string | null;
  /** The banner's title: the picture's alt text. */
  title: string;
  /** The HTML language of the banner (`bn`, `en`…); null when it is shown in every language. */
  lang: string | null;
}

export interface PageHints {
  /** index.html with the hints of `pathname` in its head and `boot` (start-up data) in its body. */
  render(pathname: string, picture: LandingPicture | null, boot?: string): string;
  /** Paths whose first view shows a banner (the caller looks the picture up). */
  landsOnBanner(pathname: string): boolean;
}

const themeScript = '<script src="/theme-init.js"></script>';

/** The start script tag Vite writes into index.html. */
const entryScriptPattern = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/** Where index.html keeps what shows before the app renders (apps/web/index.html). */
const startViewPattern = /<!--start-view-->[\s\S]*?<!--\/start-view-->/;

/**
 * The boot shell of a landing page (apps/web/src/styles/boot-shell.css): the header bar and the
 * first banner where the app will draw them. The banner is the page's largest paint, so on a slow
 * phone it shows as soon as the picture is in rather than after the start script has run. React
 * replaces the shell with the real page on its first render.
 */
function bootShell(picture: LandingPicture): string {
  const source = picture.mobileUrl
    ? `<source media="(max-width: 767px)" srcset="${escapeAttribute(picture.mobileUrl)}" />`
    : '';
  const lang = picture.lang ? ` lang="${escapeAttribute(picture.lang)}"` : '';
  return (
    '<div class="boot-shell">' +
    '<div class="boot-shell__head"><div class="boot-shell__bar">' +
    '<img src="/brand/logo.svg" alt="Khela" width="132" height="36" /></div>' +
    '<div class="boot-shell__nav"></div></div>' +
    `<div class="boot-shell__banner"><picture>${source}` +
    `<img src="${escapeAttribute(picture.url)}" alt="${escapeAttribute(picture.title)}"${lang} fetchpriority="high" />` +
    '</picture></div></div>'
  );
}

/**
 * The start-up part of each text catalogue, one chunk per language (apps/web/catalogue-split.ts);
 * the rest of a catalogue is fetched after the first paint.
 */
const cataloguePattern = /^virtual:catalogue\/([a-z]{2})\/start$/;

export function loadPageHints(root: string): PageHints {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest still works; it only loses the module hints.
  }
  // theme-init.js preloads the catalogue of the visitor's language from this list (it alone knows
  // the stored choice before the app starts).
  const catalogues = Object.entries(manifest)
    .flatMap(([source, chunk]) => {
      const language = cataloguePattern.exec(source)?.[1];
      return language ? [`${language}=/${chunk.file}`] : [];
    })
    .sort();
  const catalogueTags =
    catalogues.length > 0
      ? `<meta name="khela-catalogues" content="${escapeAttribute(catalogues.join(' '))}" />`
      : '';
  const modulesByPath = new Map<string, { scripts: string[]; styles: string[] }>();
  for (const [pathname, sources] of Object.entries(landingModules)) {
    modulesByPath.set(pathname, chunkFilesOf(manifest, sources));
  }
  // Same attributes as Vite's own tags, so the browser reuses what it preloaded.
  const moduleTag = (file: string) =>
    `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`;

  return {
    landsOnBanner: (pathname) => modulesByPath.has(pathname),
    render(pathname, picture, boot = '') {
      const modules = modulesByPath.get(pathname);
      const tags = [
        catalogueTags,
        ...(modules?.scripts ?? []).map(moduleTag),
        // The router shows the page once its style sheet is in: fetch it with the script.
        ...(modules?.styles ?? []).map(
          (file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}" />`,
        ),
      ];
      const entry = picture ? entryScriptPattern.exec(html)?.[1] : undefined;
      if (entry) {
        // With the boot shell: fetched now, run by theme-init.js once the shell is painted.
        tags.push(
          `<link rel="modulepreload" crossorigin href="${escapeAttribute(entry)}" />`,
          `<meta name="khela-entry" content="${escapeAttribute(entry)}" />`,
        );
      }
      if (picture) {
        // The same media split as the carousel's <picture>, so exactly one of them is fetched.
        if (picture.mobileUrl) {
          tags.push(
            `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture.mobileUrl)}" media="(max-width: 767px)" />`,
            `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture.url)}" media="(min-width: 768px)" />`,
          );
        } else {
          tags.push(
            `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture.url)}" />`,
          );
        }
      }
      // Before theme-init.js, which reads the catalogue list.
      const anchor = html.includes(themeScript) ? themeScript : '</head>';
      let page = html.replace(anchor, `${tags.join('')}${anchor}`);
      if (picture) page = page.replace(startViewPattern, () => bootShell(picture));
      if (entry) page = page.replace(entryScriptPattern, '');
      // Before the app's script reads it (module scripts run after parsing, so any place works).
      if (!boot) return page;
      return page.includes('</body>') ? page.replace('</body>', `${boot}</body>`) : `${page}${boot}`;
    },
  };
}
