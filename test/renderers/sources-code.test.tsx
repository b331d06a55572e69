import { render, screen, waitFor } from '@testing-library/react';
import { ToolStepDetailsContent } from 'tool-steps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { grammarFor } from '../../src/renderers/code-languages';
import { CodeView } from '../../src/renderers/code-view';
import { detectDetailsKind } from '../../src/renderers/detect';
import { FIRST_SLICE_LINES, type HighlightToken, highlightLines } from '../../src/renderers/highlight';
import { SourcesView } from '../../src/renderers/sources-view';
import { makeStep } from '../../stories/renderers/data';

const sources = {
  kind: 'sources',
  sources: [
    { url: 'https://www.example.com/guide?x=1', title: 'The guide', snippet: 'How to do it.' },
    { url: 'http://docs.test/api' },
    { url: 'javascript:alert(1)', title: 'Click me' },
    { url: 'file:///etc/passwd' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('detection of the sources and code kinds', () => {
  it('reads the explicit kinds and the bare shapes, and leaves a lone code field to the JSON tree', () => {
    expect(detectDetailsKind(sources)).toBe('sources');
    expect(detectDetailsKind({ sources: [{ url: 'https://a.test' }] })).toBe('sources');
    expect(detectDetailsKind({ kind: 'code', code: 'x' })).toBe('code');
    expect(detectDetailsKind({ code: 'x = 1', language: 'python' })).toBe('code');
    expect(detectDetailsKind({ code: 'E42' })).toBe('json');
    expect(detectDetailsKind({ sources: [] })).toBe('json');
  });
});

describe('SourcesView', () => {
  it('links http(s) sources with their title and domain, rel="noreferrer noopener", and shows other URLs as text', () => {
    const { container } = render(<SourcesView step={makeStep()} details={sources} kind="sources" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.example.com/guide?x=1',
      'http://docs.test/api',
    ]);
    for (const a of links) expect(a.getAttribute('rel')).toBe('noreferrer noopener');
    expect(links[0]?.textContent).toContain('The guide');
    const items = [...container.querySelectorAll('[data-slot="tool-step-source"]')];
    expect(items.map((li) => li.querySelector('[data-slot="tool-step-source-domain"]')?.textContent)).toEqual([
      'example.com',
      'docs.test',
      undefined,
      undefined,
    ]);
    expect(links[1]?.textContent).toContain('docs.test');
    expect(items[2]?.hasAttribute('data-refused')).toBe(true);
    expect(items[2]?.textContent).toContain('javascript:alert(1)');
    expect(items[3]?.textContent).toContain('file:///etc/passwd');
    expect(container.querySelector('[data-slot="tool-step-source-snippet"]')?.textContent).toBe('How to do it.');
    expect(screen.getByText('4 sources')).toBeTruthy();
  });

  it('never fetches a source: no image, no request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = render(<SourcesView step={makeStep()} details={sources} kind="sources" />);
    expect(container.querySelector('img, iframe, link, script')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('CodeView', () => {
  it('numbers the lines from startLine and shows the path and language', () => {
    const { container } = render(
      <CodeView
        step={makeStep()}
        details={{ kind: 'code', code: 'a = 1\r\nb = 2\n', language: 'python', path: 'src/x.py', startLine: 41 }}
        kind="code"
      />,
    );
    const numbers = [...container.querySelectorAll('[data-slot="tool-step-code-line-number"]')].map(
      (n) => n.textContent,
    );
    expect(numbers).toEqual(['41', '42']);
    expect([...container.querySelectorAll('[data-slot="tool-step-code-text"]')].map((n) => n.textContent)).toEqual([
      'a = 1',
      'b = 2',
    ]);
    expect(container.querySelector('[data-slot="tool-step-code-path"]')?.textContent).toBe('src/x.py');
    expect(container.querySelector('[data-renderer="code"]')?.getAttribute('data-language')).toBe('python');
    expect(screen.getByText('2 lines')).toBeTruthy();
  });

  it('renders only a window of a 10,000-line file', () => {
    const code = Array.from({ length: 10_000 }, (_, i) => `line ${i + 1}`).join('\n');
    const { container } = render(<CodeView step={makeStep()} details={{ kind: 'code', code }} kind="code" />);
    const rows = container.querySelectorAll('[data-slot="tool-step-code-line"]').length;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(200);
    expect(screen.getByText('10,000 lines')).toBeTruthy();
  });
});

describe('the lazy sources and code renderers in the details block', () => {
  it('loads the sources view on first use for a step whose details are sources', async () => {
    render(<ToolStepDetailsContent step={makeStep({ toolName: 'web_search', details: sources })} />);
    expect(await screen.findByRole('link', { name: /The guide/ })).toBeTruthy();
  });

  it('loads the code view on first use for a step whose details are code', async () => {
    const { container } = render(
      <ToolStepDetailsContent
        step={makeStep({ toolName: 'read_file', details: { kind: 'code', code: 'x', path: 'a.ts' } })}
      />,
    );
    expect(await screen.findByText('a.ts')).toBeTruthy();
    expect(container.querySelector('[data-renderer="code"]')).not.toBeNull();
  });
});

describe('syntax highlighting of the code view', () => {
  it('colours a known language once its grammar loads, with both themes as CSS variables', async () => {
    const { container } = render(
      <CodeView
        step={makeStep()}
        details={{ kind: 'code', code: 'const a: number = 1;\n', language: 'ts' }}
        kind="code"
      />,
    );
    expect(container.querySelector('[data-highlighted]')).toBeNull();
    await waitFor(() => expect(container.querySelector('[data-highlighted]')).not.toBeNull());
    const spans = [...container.querySelectorAll<HTMLElement>('[data-slot="tool-step-code-text"] > span')];
    expect(spans.map((s) => s.textContent).join('')).toBe('const a: number = 1;');
    const keyword = spans.find((s) => s.textContent === 'const');
    expect(keyword?.style.getPropertyValue('--shiki-light')).toMatch(/^#/);
    expect(keyword?.style.getPropertyValue('--shiki-dark')).toMatch(/^#/);
  });

  it('knows languages by name and by file extension, and has no grammar for the rest (they stay plain)', () => {
    expect(['ts', 'TSX', 'py', 'sh', 'yml', 'rs', 'typescript'].map(grammarFor)).toEqual([
      'typescript',
      'tsx',
      'python',
      'shellscript',
      'yaml',
      'rust',
      'typescript',
    ]);
    expect(grammarFor('cobol')).toBeUndefined();
    expect(grammarFor('constructor')).toBeUndefined();
  });

  it('tokenizes a long file in slices that continue the grammar state (a comment opened in one piece closes in the next)', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `const v${i} = ${i};`);
    lines.splice(FIRST_SLICE_LINES - 1, 2, '/* a comment', 'still the comment */');
    const slices: number[] = [];
    let last: HighlightToken[][] = [];
    await highlightLines(lines, 'typescript', (tokens) => {
      slices.push(tokens.length);
      last = tokens;
    });
    expect(slices.length).toBeGreaterThan(1);
    expect(slices.every((n, i) => i === 0 || n > (slices[i - 1] as number))).toBe(true);
    expect(slices.at(-1)).toBe(3000);
    expect(last.map((line) => line.map((t) => t.content).join(''))).toEqual(lines);
    const inComment = last[FIRST_SLICE_LINES]?.[0]?.style?.['--shiki-light'];
    const code = last[FIRST_SLICE_LINES + 2]?.[0]?.style?.['--shiki-light'];
    expect(inComment).toBe(last[FIRST_SLICE_LINES - 1]?.[0]?.style?.['--shiki-light']);
    expect(inComment).not.toBe(code);
  });

  // The grammars are Shiki's precompiled ones (regular expressions converted ahead of time) run by the
  // raw JavaScript engine, which cannot convert a pattern left as a string: each of them must load and
  // colour a line, or the view would stay plain for that language without a word.
  it.each([
    ['typescript', 'const answer: number = 42;'],
    ['tsx', 'const view = <div className="x">{answer}</div>;'],
    ['javascript', 'function add(a, b) { return a + b; }'],
    ['jsx', 'const view = <App title="x" />;'],
    ['json', '{"key": [1, true, null]}'],
    ['python', 'def add(a, b):\n    return a + b'],
    ['shellscript', 'for f in *.ts; do echo "$f"; done'],
    ['rust', 'fn main() { let x: u32 = 1; }'],
    ['go', 'func main() { fmt.Println("hi") }'],
    ['css', '.list > li { color: red; }'],
    ['html', '<p class="x">hi<script>const a = 1;</script></p>'],
    ['yaml', 'key: value\nlist:\n  - 1'],
    ['sql', 'SELECT id FROM users WHERE id = 1;'],
    ['markdown', '# Title\n\n```ts\nconst a = 1;\n```'],
    ['diff', '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-old\n+new'],
  ])('colours %s with the precompiled grammar', async (language, text) => {
    const lines = text.split('\n');
    let last: HighlightToken[][] = [];
    await highlightLines(lines, language, (tokens) => {
      last = tokens;
    });
    expect(last.map((line) => line.map((t) => t.content).join(''))).toEqual(lines);
    const colours = new Set(last.flat().map((t) => t.style?.['--shiki-light']));
    // more than one colour: the grammar matched something beyond plain text
    expect(colours.size).toBeGreaterThan(1);
  });
});
