import { describe, expect, it } from 'vitest';
import { detailsValue, detectDetailsKind } from '../../src/renderers/detect';
import { safeMediaUrl, toDiffInput, toMediaItems, toTableInput, toTerminalInput } from '../../src/renderers/normalize';
import { anviaContentOutput, twoFileDiff, vtGrep } from '../../stories/renderers/data';

describe('detectDetailsKind', () => {
  it('lets an explicit kind win over the shape', () => {
    expect(detectDetailsKind({ kind: 'text', diff: '--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n' })).toBe('text');
    expect(detectDetailsKind({ kind: 'terminal', text: 'plain' })).toBe('terminal');
    expect(detectDetailsKind({ kind: 'table', value: [] })).toBe('table');
  });

  it('ignores a kind that is not one of DETAILS_KINDS', () => {
    expect(detectDetailsKind({ kind: 'chart', points: [1, 2] })).toBe('json');
    expect(detectDetailsKind({ kind: 42 })).toBe('json');
  });

  it('detects unified diff text, { diff }, { patch } and before/after texts as diff', () => {
    expect(detectDetailsKind(twoFileDiff)).toBe('diff');
    expect(detectDetailsKind('@@ -1,2 +1,2 @@\n-a\n+b\n c\n')).toBe('diff');
    expect(detectDetailsKind({ diff: 'whatever' })).toBe('diff');
    expect(detectDetailsKind({ patch: twoFileDiff })).toBe('diff');
    expect(detectDetailsKind({ oldText: 'a', newText: 'b' })).toBe('diff');
    expect(detectDetailsKind({ before: 'a', after: 'b', path: 'x.ts' })).toBe('diff');
    expect(detectDetailsKind({ oldText: null, newText: 'created' })).toBe('diff');
  });

  it('does not take text that merely mentions a hunk header for a diff', () => {
    expect(detectDetailsKind('The header looks like @@ -1,2 +1,2 @@ in a patch.')).toBe('text');
    expect(detectDetailsKind({ before: 1, after: 2 })).toBe('json');
  });

  it('detects ANSI text, stdout/stderr/exitCode, VT Code ui_content and { kind: terminal } as terminal', () => {
    expect(detectDetailsKind('\u001b[31mred\u001b[0m')).toBe('terminal');
    expect(detectDetailsKind({ stdout: 'ok', stderr: '' })).toBe('terminal');
    expect(detectDetailsKind({ exitCode: 0 })).toBe('terminal');
    expect(detectDetailsKind({ exit_code: 2 })).toBe('terminal');
    expect(detectDetailsKind(vtGrep)).toBe('terminal');
    expect(detectDetailsKind({ output: '\u001b[1mbold\u001b[0m' })).toBe('terminal');
  });

  it('detects arrays of flat records as table, and nested records as json', () => {
    expect(
      detectDetailsKind([
        { a: 1, b: 'x' },
        { a: 2, c: null },
      ]),
    ).toBe('table');
    expect(detectDetailsKind({ rows: [{ a: 1 }] })).toBe('table');
    expect(detectDetailsKind([{ a: { nested: true } }])).toBe('json');
    expect(detectDetailsKind([])).toBe('json');
    expect(detectDetailsKind([1, 2, 3])).toBe('json');
  });

  it('detects Anvia content parts, single file parts and image parts as media', () => {
    expect(detectDetailsKind(anviaContentOutput)).toBe('media');
    expect(detectDetailsKind(anviaContentOutput.value)).toBe('media');
    expect(detectDetailsKind({ type: 'file', mediaType: 'application/pdf', data: 'AAAA', filename: 'a.pdf' })).toBe(
      'media',
    );
    expect(detectDetailsKind({ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' })).toBe('media');
    expect(detectDetailsKind({ content: [{ type: 'text', text: 'only text' }] })).toBe('json');
  });

  it('detects other strings as text and everything else as json', () => {
    expect(detectDetailsKind('hello\nworld')).toBe('text');
    expect(detectDetailsKind({ files: 1, passed: 6 })).toBe('json');
    expect(detectDetailsKind(42)).toBe('json');
    expect(detectDetailsKind(null)).toBe('json');
    expect(detectDetailsKind(undefined)).toBe('json');
  });

  it('unwraps { kind, value } envelopes with detailsValue', () => {
    expect(detailsValue({ kind: 'table', value: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(detailsValue({ kind: 'text', data: 'x' })).toBe('x');
    const kept = { kind: 'terminal', text: 'x' };
    expect(detailsValue(kept)).toBe(kept);
  });
});

describe('normalizers', () => {
  it('reads before/after texts with their path', () => {
    expect(toDiffInput({ before: 'a\n', after: 'b\n', path: 'x.ts' })).toEqual({
      type: 'texts',
      oldText: 'a\n',
      newText: 'b\n',
      oldPath: 'x.ts',
      newPath: 'x.ts',
    });
  });

  it('reads stdout, stderr, exit code, command and duration of a terminal value', () => {
    expect(toTerminalInput({ stdout: 'o\n', stderr: 'e\n', exitCode: 1, command: 'ls', durationMs: 5 })).toEqual({
      streams: [
        { stream: 'stdout', text: 'o\n' },
        { stream: 'stderr', text: 'e\n' },
      ],
      exitCode: 1,
      command: 'ls',
      durationMs: 5,
    });
  });

  it('decodes byte output with replacement characters', () => {
    const input = toTerminalInput({ stdout: { type: 'Buffer', data: [0x6f, 0x6b, 0xff, 0x0a] } });
    expect(input.streams).toEqual([{ stream: 'stdout', text: 'ok\uFFFD\n' }]);
  });

  it('takes table columns in first-seen order', () => {
    expect(toTableInput([{ b: 1 }, { a: 2, b: 3 }])?.columns).toEqual(['b', 'a']);
    expect(toTableInput({ columns: ['x', 'y'], rows: [[1, 2]] })).toEqual({
      columns: ['x', 'y'],
      rows: [{ x: 1, y: 2 }],
    });
  });

  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['http://example.com/a b.png', 'http://example.com/a%20b.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/webp;base64,UklGRg==', 'data:image/webp;base64,UklGRg=='],
    ['DATA:IMAGE/JPEG;base64,/9j/', 'DATA:IMAGE/JPEG;base64,/9j/'],
  ])('allows %s', (url, expected) => {
    expect(safeMediaUrl(url)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'vbscript:msgbox(1)',
    'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:text/html,<script>alert(1)</script>',
    'data:,hello',
    'file:///etc/passwd',
    'blob:https://example.com/1',
    '/relative/a.png',
    'ftp://example.com/a.png',
  ])('refuses %s', (url) => {
    expect(safeMediaUrl(url)).toBeUndefined();
  });

  it('builds a data URL only for raster image data', () => {
    const [text, image] = toMediaItems(anviaContentOutput);
    expect(text).toEqual({ type: 'text', text: 'Rendered chart for orders_by_day.' });
    expect(image).toMatchObject({ type: 'image', mediaType: 'image/png', filename: 'orders_by_day.png', size: 70 });
    expect((image as { src: string }).src.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    const [svg] = toMediaItems({ type: 'file', mediaType: 'image/svg+xml', data: 'PHN2Zz4=', filename: 'x.svg' });
    expect(svg).toMatchObject({ type: 'image', src: undefined, refused: undefined, size: 5 });
  });
});
