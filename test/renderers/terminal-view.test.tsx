import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collapseCarriageReturns,
  sanitizeTerminalText,
  type TerminalInput,
  TerminalLines,
  TerminalParser,
  terminalLines,
} from '../../src/renderers/terminal-model';
import { TerminalView } from '../../src/renderers/terminal-view';
import { bigLog, failingCommand, makeStep, vtGrep } from '../../stories/renderers/data';

const step = makeStep({ toolName: 'run_command' });

function lines(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-slot="tool-step-terminal-line"]')];
}

function spans(line: HTMLElement) {
  return [...line.querySelectorAll<HTMLElement>('[data-slot="tool-step-terminal-text"] > span')].map((s) => ({
    text: s.textContent,
    color: s.style.color,
    background: s.style.backgroundColor,
    ansi: s.getAttribute('data-ansi'),
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TerminalView', () => {
  it('renders ANSI colours and styles as spans, never as raw escapes', () => {
    const { container } = render(<TerminalView step={step} details={vtGrep} kind="terminal" />);
    expect(container.textContent).not.toContain('\u001b');
    expect(container.textContent).not.toContain('[0m');
    const [first, second] = lines(container) as HTMLElement[];
    expect(spans(first as HTMLElement)).toEqual([
      {
        text: 'src/tools/grep_file.rs',
        color: 'var(--_ts-ansi-magenta, var(--ts-ansi-magenta))',
        background: '',
        ansi: null,
      },
    ]);
    expect(spans(second as HTMLElement)).toEqual([
      { text: '45', color: 'var(--_ts-ansi-green, var(--ts-ansi-green))', background: '', ansi: null },
      { text: ':pub fn ', color: '', background: '', ansi: null },
      { text: 'execute_grep', color: 'var(--_ts-ansi-red, var(--ts-ansi-red))', background: '', ansi: 'bold' },
      { text: '(pattern: &str, path: &Path) -> Result<GrepOutput> {', color: '', background: '', ansi: null },
    ]);
  });

  it('carries a colour across lines until it is reset, and maps 256 and true colours', () => {
    const text =
      '\u001b[34mblue\nstill blue\u001b[0m\nplain\n\u001b[38;5;196mpalette\u001b[48;2;1;2;3m truecolor bg\u001b[0m\n\u001b[7mreversed\u001b[0m';
    const { container } = render(<TerminalView step={step} details={text} kind="terminal" />);
    const all = lines(container).map(spans);
    expect(all[1]).toEqual([
      { text: 'still blue', color: 'var(--_ts-ansi-blue, var(--ts-ansi-blue))', background: '', ansi: null },
    ]);
    expect(all[2]).toEqual([{ text: 'plain', color: '', background: '', ansi: null }]);
    expect(all[3]).toEqual([
      // pure red is below 4.5:1 on the light terminal: a little darker there
      { text: 'palette', color: 'light-dark(rgb(230, 0, 0), rgb(255, 0, 0))', background: '', ansi: null },
      { text: ' truecolor bg', color: 'rgb(255, 0, 0)', background: 'rgb(1, 2, 3)', ansi: null },
    ]);
    expect(all[4]).toEqual([
      {
        text: 'reversed',
        // the theme's black on its white is too faint: a readable colour per scheme
        color: 'light-dark(rgb(233, 234, 234), rgb(66, 71, 76))',
        // with the background it was chosen for, so the pair holds without the theme too
        background: 'light-dark(rgb(87, 96, 106), rgb(177, 186, 196))',
        ansi: null,
      },
    ]);
  });

  it('collapses carriage-return redraws to the last state of the line', () => {
    const text = 'Downloading\u001b[32m 10%\r 55%\r 100%\u001b[0m\r\nnext';
    const { container } = render(<TerminalView step={step} details={text} kind="terminal" />);
    const [progress, next] = lines(container) as HTMLElement[];
    expect(spans(progress as HTMLElement)).toEqual([
      { text: ' 100%', color: 'var(--_ts-ansi-green, var(--ts-ansi-green))', background: '', ansi: null },
    ]);
    expect(next?.textContent).toBe('2next');
  });

  it('tells stdout from stderr, filters them and shows the exit code, command and duration', () => {
    const { container } = render(<TerminalView step={step} details={failingCommand} kind="terminal" />);
    expect(lines(container).map((l) => l.getAttribute('data-stream'))).toEqual([
      'stdout',
      'stdout',
      'stderr',
      'stderr',
    ]);
    expect(
      lines(container).map((l) => l.querySelector('[data-slot="tool-step-terminal-stream"]')?.textContent),
    ).toEqual(['out', 'out', 'err', 'err']);
    const badge = container.querySelector('[data-slot="tool-step-exit-code"]') as HTMLElement;
    expect(badge.textContent).toBe('exit 1');
    expect(badge.getAttribute('data-exit-code')).toBe('1');
    expect(badge.hasAttribute('data-ok')).toBe(false);
    expect(container.querySelector('[data-slot="tool-step-terminal-command"]')?.textContent).toBe('$ pnpm test');
    expect(container.querySelector('[data-slot="tool-step-terminal-duration"]')?.textContent).toBe('8.4s'); // the header's clock: one format for every duration
    fireEvent.click(screen.getByRole('button', { name: 'stderr' }));
    expect(lines(container).map((l) => l.textContent)).toEqual([
      '3errAssertionError: expected 41 to be 42',
      '4err    at orders.test.ts:12:5',
    ]);
  });

  it('marks a zero exit code as a success', () => {
    const { container } = render(
      <TerminalView step={step} details={{ stdout: 'done', exitCode: 0 }} kind="terminal" />,
    );
    expect(container.querySelector('[data-slot="tool-step-exit-code"]')?.hasAttribute('data-ok')).toBe(true);
  });

  it('copies the plain text without escapes', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<TerminalView step={step} details={'\u001b[31mred\u001b[0m\nbar 1%\rbar 100%\n'} kind="terminal" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy output' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    expect(writeText).toHaveBeenCalledWith('red\nbar 100%');
  });

  it('shows binary garbage as replacement characters and drops cursor and title sequences', () => {
    const text = 'a\u0000b\u0007c\u001b]0;title\u0007d\u001b[2Ke\u001b[1Af\ud800g\u001b[3';
    const { container } = render(<TerminalView step={step} details={text} kind="terminal" />);
    expect(lines(container)[0]?.querySelector('[data-slot="tool-step-terminal-text"]')?.textContent).toBe(
      'a\uFFFDb\uFFFDcdef\uFFFDg',
    );
  });

  it('keeps <script> in an ANSI stream as text', () => {
    const { container } = render(
      <TerminalView
        step={step}
        details={'\u001b[31m<script>alert(1)</script>\u001b[0m<img src=x onerror=alert(1)>'}
        kind="terminal"
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(lines(container)[0]?.querySelector('[data-slot="tool-step-terminal-text"]')?.textContent).toBe(
      '<script>alert(1)</script><img src=x onerror=alert(1)>',
    );
  });

  it('renders only a window of a 50,000-line log and parses only what it shows', () => {
    const { container } = render(<TerminalView step={step} details={bigLog(50_000)} kind="terminal" />);
    expect(lines(container)).toHaveLength(54);
    expect(container.querySelector('[data-slot="tool-step-renderer-summary"]')?.textContent).toBe('50,000 lines');
    expect(lines(container)[0]?.textContent).toBe('1[00000] compiling module 0 of 50000: ok');
  });

  it('follows the tail while the step runs, and stops when scrolled up', () => {
    const running = makeStep({ toolName: 'run_command', status: 'running' });
    const { container, rerender } = render(<TerminalView step={running} details={'one\ntwo\n'} kind="terminal" />);
    const scroller = container.querySelector('[data-slot="tool-step-terminal-lines"]') as HTMLElement;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 2_000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 400 });
    rerender(<TerminalView step={running} details={'one\ntwo\nthree\n'} kind="terminal" />);
    expect(scroller.scrollTop).toBe(2_000);
    expect(screen.getByRole('button', { name: 'Follow output' })).toHaveAttribute('aria-pressed', 'true');
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    expect(screen.getByRole('button', { name: 'Follow output' })).toHaveAttribute('aria-pressed', 'false');
    rerender(<TerminalView step={running} details={'one\ntwo\nthree\nfour\n'} kind="terminal" />);
    expect(scroller.scrollTop).toBe(100);
  });

  it('does not follow or offer to once the step has finished', () => {
    render(<TerminalView step={step} details="done" kind="terminal" />);
    expect(screen.queryByRole('button', { name: 'Follow output' })).toBeNull();
  });
});

describe('terminal model', () => {
  it('keeps SGR sequences and removes every other escape', () => {
    expect(sanitizeTerminalText('\u001b[1;31mx\u001b[0m\u001b[?25l\u001b(B\u001b=y')).toBe('\u001b[1;31mx\u001b[0my');
  });

  it('keeps the colour changes of overwritten segments', () => {
    expect(collapseCarriageReturns('\u001b[33m1%\r50%\r')).toBe('\u001b[33m50%');
  });

  it('reuses parsed lines when output only grows at the end', () => {
    const first = new TerminalParser(terminalLines({ streams: [{ stream: 'output', text: '\u001b[31ma\nb\n' }] }));
    first.spans(0);
    first.spans(1);
    const grown = first.extend(terminalLines({ streams: [{ stream: 'output', text: '\u001b[31ma\nb\nc\n' }] }));
    expect(grown.parsedCount).toBe(2);
    expect(grown.spans(2)).toEqual([
      { text: 'c', fg: 'var(--_ts-ansi-red, var(--ts-ansi-red))', bg: undefined, deco: undefined },
    ]);
    const changed = grown.extend(terminalLines({ streams: [{ stream: 'output', text: 'z\nb\nc\n' }] }));
    expect(changed.parsedCount).toBe(0);
  });

  it('rebuilds the style a line starts with when it jumps, the same as reading every line before it', () => {
    const text = [
      '\u001b[1;34mbold blue',
      'still bold blue',
      '\u001b[22mnot bold\u001b[43m on yellow',
      'carried',
      '\u001b[0;32mgreen after a reset',
      '\u001b[38;5;208morange \u001b[7mreversed',
      'still reversed\u001b[27m',
      '\u001b[mplain',
      'plain too',
    ].join('\n');
    const lines = terminalLines({
      streams: [
        { stream: 'output', text },
        { stream: 'stderr', text: 'stderr starts plain' },
      ],
    });
    const sequential = new TerminalParser(lines);
    const expected = lines.map((_, i) => sequential.spans(i));
    for (let i = 0; i < lines.length; i++) expect(new TerminalParser(lines).spans(i)).toEqual(expected[i]);
    expect(expected[3]).toEqual([
      {
        text: 'carried',
        // blue on yellow is below 4.5:1 in both schemes: a readable colour per scheme
        fg: 'light-dark(rgb(205, 220, 239), rgb(26, 50, 77))',
        bg: 'light-dark(rgb(125, 78, 0), rgb(210, 153, 34))',
        deco: undefined,
      },
    ]);
    expect(expected[6]?.[0]).toEqual({
      text: 'still reversed',
      // the dark theme's black on orange is below 4.5:1: darker there, unchanged in the light scheme
      fg: 'light-dark(rgb(36, 41, 47), rgb(53, 56, 60))',
      bg: 'light-dark(rgb(255, 135, 0), rgb(255, 135, 0))',
      deco: undefined,
    });
    expect(expected[9]).toEqual([{ text: 'stderr starts plain' }]);
  });

  describe('read line by line (TerminalLines)', () => {
    const E = '\u001b';
    const inputs: Array<[string, TerminalInput]> = [
      [
        'CRLF, lone CR and redraws',
        { streams: [{ stream: 'output', text: `a\r\nb\r\r\nc\rd\n${E}[33m1%\r50%\r\ne\r` }] },
      ],
      [
        'escapes at line ends and cut short',
        { streams: [{ stream: 'output', text: `x${E}\r\ny${E}[\n${E}[2Kz${E}(B\n${E}` }] },
      ],
      [
        'an OSC that runs across lines',
        { streams: [{ stream: 'output', text: `t${E}]0;title\nstill title\u0007after\nnext` }] },
      ],
      [
        'controls, lone surrogates, empty and trailing newlines',
        { streams: [{ stream: 'output', text: '\u0000a\ud800\n\n\nb\n' }] },
      ],
      ['an empty text', { streams: [{ stream: 'output', text: '' }] }],
      [
        'several streams',
        {
          streams: [
            { stream: 'output', text: `${E}[31mred\nstill red\n` },
            { stream: 'stdout', text: 'out 1\nout 2' },
            { stream: 'stderr', text: `${E}[1merr\n\nmore` },
          ],
        },
      ],
    ];

    it.each(inputs)('gives the same lines as terminalLines: %s', (_name, input) => {
      const whole = terminalLines(input);
      const lazy = new TerminalLines(input);
      expect(lazy.length).toBe(whole.length);
      // read from the end first: each line on its own, in any order
      for (let i = whole.length - 1; i >= 0; i--) expect(lazy.at(i), `line ${i}`).toEqual(whole[i]);
      expect(lazy.streams).toEqual([...new Set(whole.map((l) => l.stream))]);
    });

    it('rebuilds the style of a line it jumps to from the source text, the same as reading every line', () => {
      const text = Array.from({ length: 300 }, (_, i) =>
        i % 50 === 0 ? `${E}[0;3${i % 7}m${i} colour` : i % 13 === 0 ? `${i} ${E}[1mbold` : `${i} plain`,
      ).join('\n');
      const input: TerminalInput = {
        streams: [
          { stream: 'output', text },
          { stream: 'stderr', text: 'e\nf' },
        ],
      };
      const sequential = new TerminalParser(terminalLines(input));
      const expected = Array.from({ length: 302 }, (_, i) => sequential.spans(i));
      for (const i of [299, 120, 49, 50, 51, 1, 0, 300, 301, 200])
        expect(new TerminalParser(new TerminalLines(input)).spans(i), `line ${i}`).toEqual(expected[i]);
    });

    it('keeps the parsed lines of output that grew, but the line that was cut', () => {
      const first = new TerminalParser(new TerminalLines({ streams: [{ stream: 'output', text: `${E}[31ma\nb\nc` }] }));
      for (let i = 0; i < 3; i++) first.spans(i);
      const grown = first.extend(new TerminalLines({ streams: [{ stream: 'output', text: `${E}[31ma\nb\ncd\ne` }] }));
      expect(grown.parsedCount).toBe(2);
      expect(grown.spans(2)).toEqual([
        { text: 'cd', fg: 'var(--_ts-ansi-red, var(--ts-ansi-red))', bg: undefined, deco: undefined },
      ]);
      const changed = grown.extend(new TerminalLines({ streams: [{ stream: 'output', text: 'z\nb\ncd\ne' }] }));
      expect(changed.parsedCount).toBe(0);
    });
  });
});
