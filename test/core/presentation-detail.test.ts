// The derived detail line: the most telling argument, shortened for one line (tests of an internal module).

import { describe, expect, it } from 'vitest';
import { DETAIL_MAX, detailFromInput } from '../../src/presentation/derived/detail';

const detail = (input: unknown) => detailFromInput(input)?.detail;

describe('which argument', () => {
  const table: Array<[input: unknown, expected: string | undefined]> = [
    [{ mode: 'w', path: 'a.txt' }, 'a.txt'],
    [{ encoding: 'utf8', file_path: 'src/a.ts' }, 'src/a.ts'],
    [{ filePath: 'src/b.ts' }, 'src/b.ts'],
    [{ filename: 'c.ts' }, 'c.ts'],
    [{ method: 'GET', url: 'https://example.com/x' }, 'https://example.com/x'],
    [{ href: 'https://a.io' }, 'https://a.io'],
    [{ timeout: '30s', command: 'npm test' }, 'npm test'],
    [{ cmd: 'ls' }, 'ls'],
    [{ limit: '10', query: 'cats' }, 'cats'],
    [{ q: 'dogs' }, 'dogs'],
    [{ path: 'src', pattern: 'TODO' }, 'TODO'],
    [{ regex: '^a' }, '^a'],
    [{ glob: '*.md' }, '*.md'],
    [{ url: 'https://x.io', prompt: 'summarize' }, 'https://x.io'],
    [{ verbose: 'yes', issue_id: 'ISS-1' }, 'ISS-1'],
    [{ userId: 'u7' }, 'u7'],
    [{ ids: ['a', 'b', 'c'] }, 'a +2 more'],
    [{ issue_number: 42 }, '42'],
    [{ body: 'x', title: 'Crash on save' }, 'Crash on save'],
    [{ to: 'bob@example.com', body: 'hi' }, 'bob@example.com'],
    [{ units: 'metric', city: 'Oslo' }, 'Oslo'],
    [{ location: 'Boston, MA' }, 'Boston, MA'],
    [{ owner: 'acme', repo: 'web' }, 'web'],
    [{ paths: ['a.ts', 'b.ts', 'c.ts'] }, 'a.ts +2 more'],
    [{ flag: true, note: 'short note' }, 'short note'],
    [{ content: 'x'.repeat(500), mode: 'append' }, 'append'],
    [{ options: { path: 'deep/file.ts' }, mode: 'fast' }, 'deep/file.ts'],
    [{ count: 3, enabled: true }, undefined],
    [{ nested: { deeper: { path: 'too/deep' } } }, undefined],
    [{ items: [{ path: 'x' }] }, undefined],
    [{}, undefined],
    [{ path: '', query: '   ' }, undefined],
    ['ls -la', 'ls -la'],
    [['one', 'two'], 'one +1 more'],
    [[], undefined],
    [null, undefined],
    [undefined, undefined],
    [42, undefined],
    [true, undefined],
  ];
  for (const [input, expected] of table) {
    it(`${JSON.stringify(input)?.slice(0, 60)} → ${expected ?? 'nothing'}`, () => {
      expect(detail(input)).toBe(expected);
    });
  }

  it('never shows the whole JSON', () => {
    const input = { a: { b: 1 }, c: [1, 2], d: 'x'.repeat(300) };
    expect(detail(input)).toBeUndefined();
  });

  it('looks at the first 64 argument names only', () => {
    const input: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) input[`k${i}`] = 'x'.repeat(300);
    input.path = 'late.ts';
    expect(detail(input)).toBeUndefined();
  });
});

describe('shortening', () => {
  it('a long path keeps its first folder and its tail on whole segments, with the full path as title', () => {
    const path = 'src/app/features/dashboard/widgets/charts/legend/components/Button.tsx';
    expect(detailFromInput({ path })).toStrictEqual({
      detail: 'src/…/dashboard/widgets/charts/legend/components/Button.tsx',
      title: path,
      file: true,
    });
  });

  it('an absolute path keeps its first folder', () => {
    const path = '/home/someone/projects/tool-steps/src/components/deeply/nested/thing/Button.tsx';
    expect(detail({ path })).toBe('/home/…/src/components/deeply/nested/thing/Button.tsx');
  });

  it('a Windows path is shortened on backslashes', () => {
    const path = 'C:\\Users\\someone\\Documents\\projects\\tool-steps\\src\\components\\Button.tsx';
    expect(detail({ path })).toBe('C:\\…\\Documents\\projects\\tool-steps\\src\\components\\Button.tsx');
  });

  it('a file name longer than the line keeps its end', () => {
    const name = `${'very-long-name-'.repeat(6)}final.tsx`;
    const shown = detail({ path: `src/${name}`, tag: 'x' }) as string;
    expect(shown.length).toBeLessThanOrEqual(DETAIL_MAX);
    expect(shown.startsWith('src/…')).toBe(true);
    expect(shown.endsWith('final.tsx')).toBe(true);
  });

  it('a long URL keeps its host and its tail, without the scheme', () => {
    const url = 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/map';
    expect(detailFromInput({ url })).toStrictEqual({
      detail: 'developer.mozilla.org/…/Reference/Global_Objects/Array/map',
      title: url,
    });
  });

  it('a URL that fits once its scheme is dropped is shown whole without it', () => {
    const url = 'https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v';
    expect(detailFromInput({ url })).toStrictEqual({ detail: url.slice(8), title: url });
  });

  it('a short URL is shown as it is', () => {
    expect(detailFromInput({ url: 'https://example.com/a' })).toStrictEqual({ detail: 'https://example.com/a' });
  });

  it('other text is cut at the end, with whitespace and newlines collapsed', () => {
    const query = `how do I ${'really '.repeat(20)}fix this`;
    const result = detailFromInput({ query });
    expect(result?.detail).toBe(`${query.slice(0, DETAIL_MAX - 1).trimEnd()}…`);
    expect(result?.title).toBe(query);
    expect(detail({ command: 'git  add .\n\t&& git commit' })).toBe('git add . && git commit');
  });

  it('an array keeps room for its count', () => {
    const first = 'x'.repeat(100);
    const shown = detail({ ids: [first, 'b', 'c'] }) as string;
    expect(shown.length).toBeLessThanOrEqual(DETAIL_MAX);
    expect(shown.endsWith('… +2 more')).toBe(true);
  });

  it('a 10 MB argument gives a bounded line and a bounded title', () => {
    const result = detailFromInput({ query: 'q'.repeat(10 * 1024 * 1024) });
    expect(result?.detail.length).toBe(DETAIL_MAX);
    expect(result?.title?.length).toBeLessThanOrEqual(2000);
  });
});
