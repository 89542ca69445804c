// A local ESLint rule for the web's layers (docs/style.md, bulletproof-react): `shared → features → app`,
// and a feature reaches another feature only through that feature's public entry, `features/<b>/index.ts`.
// (A local rule, because eslint-plugin-import-x's native resolver breaks `npm ci` here: see eslint.config.js.)
//
// It resolves every relative import, re-export and dynamic import() of a file under apps/web/src:
// - shared/            imports nothing from features/ or app/;
// - features/<a>/      imports shared/, itself, and another feature only through features/<b>/index.ts;
//                      never app/;
// - app/ and main.tsx  import a feature's public entry statically; a dynamic import() may name any module
//                      of a feature (a lazily loaded page or overlay chunk: an index would load it eagerly);
// - locales/           imports nothing from app/;
// - test/ (the test harness) may import anything, and anything may import it.
import path from 'node:path';

const webSource = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** 'features/wallet/deposit/x.tsx' → { layer: 'features', feature: 'wallet' }. */
function layerOf(fromSource) {
  const [top, second] = fromSource.split('/');
  if (top === 'features') return { layer: 'features', feature: second ?? '' };
  if (top === 'main.tsx') return { layer: 'app' };
  return { layer: top ?? '' };
}

/** features/<b>/index.ts, spelled with or without its extension, or as the folder. */
function isPublicEntry(fromSource, feature) {
  return [`features/${feature}`, `features/${feature}/index`, `features/${feature}/index.ts`].includes(
    fromSource,
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: "Keep the web's imports flowing shared → features → app, features through index.ts",
    },
    schema: [],
    messages: {
      sharedUp: '`shared/` imports nothing from `{{target}}` (layers flow shared → features → app).',
      appFromBelow: '`{{layer}}/` never imports `app/` (layers flow shared → features → app).',
      featureInternal:
        'Import another feature only through its public entry `features/{{feature}}/index.ts`, not `{{target}}`.',
      appInternal:
        'Import a feature statically only through `features/{{feature}}/index.ts` (a lazy import() of a page may name its file), not `{{target}}`.',
    },
  },
  create(context) {
    const filename = context.filename;
    const at = filename.lastIndexOf(webSource);
    if (at < 0) return {};
    const sourceRoot = filename.slice(0, at + webSource.length);
    const from = layerOf(filename.slice(sourceRoot.length).split(path.sep).join('/'));

    function check(node, dynamic) {
      const specifier = node.source?.type === 'Literal' ? node.source.value : undefined;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), specifier);
      if (!resolved.startsWith(sourceRoot)) return;
      const target = resolved.slice(sourceRoot.length).split(path.sep).join('/');
      const to = layerOf(target);
      if (from.layer === 'test' || to.layer === 'test') return;
      const report = (messageId, data = {}) =>
        context.report({ node: node.source, messageId, data: { target, layer: from.layer, ...data } });

      if (from.layer === 'shared') {
        if (to.layer === 'features' || to.layer === 'app') report('sharedUp');
        return;
      }
      if (from.layer === 'locales') {
        if (to.layer === 'app') report('appFromBelow');
        return;
      }
      if (from.layer === 'features') {
        if (to.layer === 'app') return report('appFromBelow');
        if (to.layer !== 'features' || to.feature === from.feature) return;
        if (isPublicEntry(target, to.feature)) return;
        return report('featureInternal', { feature: to.feature });
      }
      if (from.layer === 'app' && to.layer === 'features') {
        if (dynamic || isPublicEntry(target, to.feature)) return;
        report('appInternal', { feature: to.feature });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, false),
      ExportNamedDeclaration: (node) => check(node, false),
      ExportAllDeclaration: (node) => check(node, false),
      ImportExpression: (node) => check(node, true),
    };
  },
};

export default { rules: { 'web-boundaries': webBoundaries } };
