// The package's entries and their sources, in one place: the library build (vite.config.ts) builds each
// entry from its source, and every server that runs the kit from src/ (the playground, Storybook and the
// tests, through vite.config.ts) resolves `tool-steps/<entry>` to that same source. The aliases are derived
// from package.json's `exports`, so an entry added there without a source fails here, at start-up, instead
// of resolving through a `dist/` left by an earlier build (or not at all in a fresh clone).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Each built entry (`dist/<name>.js`) and the source module it is built from, relative to the repository. */
export const entries = {
  index: 'src/index.ts',
  core: 'src/core/index.ts',
  wires: 'src/wires/index.ts',
  presentation: 'src/presentation/index.ts',
  schema: 'src/schema/index.ts',
  renderers: 'src/renderers/public.ts',
};

/** Built files that are copied, not bundled, and the source each one is made from. */
const assets = { 'dist/styles.css': 'src/styles.css' };

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * One Vite alias for every subpath of package.json's `exports` that points into `dist/`: the exact
 * specifier (`tool-steps`, `tool-steps/wires`, `tool-steps/styles.css`, ...) to its source file. Throws when
 * an export points at a built file whose source is not known here.
 */
export function sourceAliases(root) {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const file = (typeof target === 'string' ? target : target.import).replace(/^\.\//, '');
    if (!file.startsWith('dist/')) return []; // package.json, the JSON Schema: shipped as they are
    const built = /^dist\/([\w-]+)\.js$/.exec(file);
    const source = built ? entries[built[1]] : assets[file];
    if (!source) {
      throw new Error(
        `package.json exports "${subpath}" as ./${file}, which no source builds: add it to scripts/source-entries.mjs.`,
      );
    }
    const specifier = `${pkg.name}${subpath.slice(1)}`;
    return [{ find: new RegExp(`^${literal(specifier)}$`), replacement: resolve(root, source) }];
  });
}
