// The README's code blocks, read from README.md itself: the type check (test/readme-blocks.test.ts) and the
// render (test/readme-render.test.tsx) both take them from here, so neither works on a copy.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface ReadmeBlock {
  /** The README line of the opening fence: the block's line N is the README's line `line + N`. */
  line: number;
  lang: 'ts' | 'tsx';
  code: string;
}

export function readmeText(): string {
  return readFileSync(join(repoRoot, 'README.md'), 'utf8');
}

/** Every ```ts and ```tsx block of README.md, in order. */
export function readmeBlocks(): ReadmeBlock[] {
  const lines = readmeText().split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && /^```\s*$/.test(text));
    if (end === -1) throw new Error(`README.md:${i + 1}: a code block is never closed`);
    const lang = open[1];
    if (lang === 'ts' || lang === 'tsx') blocks.push({ line: i + 1, lang, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}
