#!/usr/bin/env node
// `npm run check:package`: the built package as a registry would hold it. Run after `npm run build`.
//
// 1. `publint --strict`: package.json fields, `exports` targets that exist, ESM flags.
// 2. `attw --pack` with the ESM-only profile (node10 and CJS `require` are not supported on purpose; the
//    stylesheet entry has no types to check).
// 3. The tarball `npm pack` would publish holds the LICENSE, the README and every file `exports` names, and
//    no test, story or source map of a file it does not ship.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run('npx', ['publint', '--strict']);
run('npx', ['attw', '--pack', '.', '--profile', 'esm-only', '--exclude-entrypoints', './styles.css']);

const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' }));
const files = new Set(pack.files.map((file) => file.path));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Every file path `exports` points at (conditions flattened), without the leading `./`. */
function exportTargets(value) {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  return Object.values(value).flatMap(exportTargets);
}

const required = ['LICENSE', 'README.md', 'package.json', ...exportTargets(pkg.exports)];
const missing = required.filter((path) => !files.has(path));
const stray = [...files].filter((path) => /^(src|test|stories|playground|bench)\//.test(path));
if (missing.length > 0 || stray.length > 0) {
  if (missing.length > 0) console.error(`check:package: the tarball lacks ${missing.join(', ')}`);
  if (stray.length > 0) console.error(`check:package: the tarball ships ${stray.slice(0, 5).join(', ')}`);
  process.exit(1);
}
console.log(
  `check:package: ${files.size} files in the tarball; LICENSE, README and ${required.length - 3} export targets present`,
);
