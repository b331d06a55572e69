// One direction between the React folders: src/components draws with src/renderers and src/internal,
// and neither of those imports src/components (type imports included), so a helper or a renderer never
// reaches back up into the parts that use it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { specifiersOf } from './source-graph';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const components = join(root, 'src/components');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The imports of one file that land in src/components, as `file → specifier` lines. */
function upward(file: string, source: string): string[] {
  return specifiersOf(source)
    .filter((spec) => spec.startsWith('.') && !relative(components, resolve(dirname(file), spec)).startsWith('..'))
    .map((spec) => `${relative(root, file)} → ${spec}`);
}

describe('src/internal and src/renderers never import src/components', () => {
  it('the check sees a static, a type and a dynamic import into components (negative control)', () => {
    const file = join(root, 'src/renderers/fake.tsx');
    const fake = [
      "import { useToolStepsLabels } from '../components/labels';",
      "import type { ToolIconMap } from '../components/icons';",
      "const m = await import('../components/virtual-rows');",
      "import { visibleText } from '../internal/visible-text';",
      "import { defaultLabels } from '../presentation/labels';",
    ].join('\n');
    expect(upward(file, fake)).toEqual([
      'src/renderers/fake.tsx → ../components/labels',
      'src/renderers/fake.tsx → ../components/icons',
      'src/renderers/fake.tsx → ../components/virtual-rows',
    ]);
  });

  it('no file under src/internal or src/renderers imports a module of src/components', () => {
    const files = ['src/internal', 'src/renderers'].flatMap((dir) => walk(join(root, dir)));
    expect(files.length).toBeGreaterThan(20);
    const found = files
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) => upward(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
