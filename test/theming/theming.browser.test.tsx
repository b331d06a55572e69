// The theming contract in real Chromium (docs/theming.md): host tokens on :root or any wrapper apply, a
// token of the wrong type leaves the default, color-scheme comes from the host unless data-theme says
// otherwise (the nearest one wins), and Tailwind v4 utilities on the kit's parts beat the kit's
// defaults whichever stylesheet loads first. Tailwind is compiled here, in the page, by the real
// `tailwindcss` compiler, from the candidate classes the cases use.

import type { CSSProperties } from 'react';
import { compile } from 'tailwindcss';
import twIndex from 'tailwindcss/index.css?raw';
import twPreflight from 'tailwindcss/preflight.css?raw';
import twTheme from 'tailwindcss/theme.css?raw';
import twUtilities from 'tailwindcss/utilities.css?raw';
import { ToolStep, ToolSteps, ToolStepsList, ToolStepsRoot } from 'tool-steps';
import type { Step, StepsState } from 'tool-steps/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import rendererSource from '../../src/renderers/renderers.css?raw';
import { TerminalView } from '../../src/renderers/terminal-view';
import themeSource from '../../src/styles.css?raw';

/** dist/styles.css as the build makes it: styles.css with its `@import` of renderers.css inlined. */
const kitCss = themeSource.replace(/^@import\s+['"]\.\/renderers\/renderers\.css['"];[^\n]*$/m, rendererSource);

const CANDIDATES = ['rounded-none', 'bg-red-500', 'p-0'];
let tailwindCss = '';

beforeAll(async () => {
  const sheets: Record<string, string> = {
    tailwindcss: twIndex,
    './theme.css': twTheme,
    './preflight.css': twPreflight,
    './utilities.css': twUtilities,
  };
  const compiler = await compile('@import "tailwindcss";', {
    base: '/',
    loadStylesheet: async (id: string, base: string) => {
      const content = sheets[id];
      if (content === undefined) throw new Error(`no stylesheet ${id}`);
      return { path: id, base, content };
    },
  });
  tailwindCss = compiler.build(CANDIDATES);
});

const step = (partial: Partial<Step>): Step => ({
  id: 'call_1',
  toolName: 'read_file',
  status: 'succeeded',
  inputText: '{"path":"src/app.ts"}',
  input: { path: 'src/app.ts' },
  ...partial,
});

const running = step({ id: 'call_2', toolName: 'grep', status: 'running', input: { pattern: 'TODO' } });

const stateOf = (...steps: Step[]): StepsState => ({
  ids: steps.map((s) => s.id),
  byId: Object.fromEntries(steps.map((s) => [s.id, s])),
  run: { status: 'idle' },
  diagnostics: { count: 0 },
});

// the defaults (docs/theming.md), as Chromium computes them
const WHITE = 'rgb(255, 255, 255)'; // --ts-bg, light
const DARK_BG = 'rgb(22, 27, 34)'; // --ts-bg, dark: #161b22
const LIGHT_FG = 'rgb(31, 35, 40)'; // --ts-fg, light: #1f2328
const DARK_FG = 'rgb(230, 237, 243)'; // --ts-fg, dark: #e6edf3
const RADIUS = '8px'; // --ts-radius: 0.5rem
const ROW_PADDING = '8px 12px'; // --ts-space-2 --ts-space-3

const styleOf = (element: Element | null) => {
  if (!element) throw new Error('element not rendered');
  return getComputedStyle(element);
};
const list = (root: Element) => styleOf(root.querySelector('[data-slot="tool-steps"]'));
const row = (root: Element) => styleOf(root.querySelector('[data-slot="tool-step"]'));
const runningStatus = (root: Element) =>
  styleOf(root.querySelector('[data-slot="tool-step-status"][data-status="running"]'));

const html = document.documentElement;
const injected: HTMLStyleElement[] = [];

function load(...sheets: Array<'kit' | 'tailwind' | string>) {
  for (const sheet of sheets) {
    const style = document.createElement('style');
    style.dataset.sheet = sheet === 'kit' || sheet === 'tailwind' ? sheet : 'host';
    style.textContent = sheet === 'kit' ? kitCss : sheet === 'tailwind' ? tailwindCss : sheet;
    document.head.append(style);
    injected.push(style);
  }
}

afterEach(() => {
  for (const style of injected.splice(0)) style.remove();
  html.removeAttribute('style');
  html.removeAttribute('data-theme');
  html.removeAttribute('class');
});

describe('the stylesheet', () => {
  it('declares no --ts-* token on any element (a host sets them; the kit only reads them)', () => {
    expect(kitCss).not.toMatch(/(^|[;{\s])--ts-[\w-]+\s*:/);
    expect(kitCss).toMatch(/--_ts-accent: var\(--ts-accent, light-dark\(/);
  });

  it('registers every private token, so Chromium types it (a wrong host value is dropped, not used)', () => {
    load('kit');
    const names = [...kitCss.matchAll(/@property (--_ts-[\w-]+)/g)].map((m) => m[1] as string);
    expect(names.length).toBeGreaterThan(50);
    const root = getComputedStyle(html);
    // registered, a holder's `light-dark(…)` or `0.5rem` computes to a colour or px; unregistered, it stays text
    const untyped = names.filter((name) => /light-dark|rem/.test(root.getPropertyValue(name)));
    expect(untyped).toEqual([]);
    expect(root.getPropertyValue('--_ts-radius')).toBe('8px');
    expect(root.getPropertyValue('--_ts-ansi-red')).toBe('rgb(207, 34, 46)');
  });

  it('compiles real Tailwind v4 with its layer order and the candidate utilities', () => {
    expect(tailwindCss).toContain('@layer theme, base, components, utilities;');
    expect(tailwindCss).toMatch(/\.rounded-none\s*\{/);
    expect(tailwindCss).toMatch(/\.bg-red-500\s*\{/);
    expect(tailwindCss).toMatch(/\.p-0\s*\{/);
  });
});

describe.each([
  ['the kit before Tailwind', ['kit', 'tailwind'] as const],
  ['Tailwind before the kit', ['tailwind', 'kit'] as const],
])('load order: %s', (_order, sheets) => {
  it('draws its own defaults where the host says nothing', async () => {
    load(...sheets);
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).borderTopLeftRadius).toBe(RADIUS);
    expect(list(screen.container).backgroundColor).toBe(WHITE);
    expect(row(screen.container).padding).toBe(ROW_PADDING);
  });

  it('lets Tailwind utilities on the list part (rounded-none bg-red-500) beat its radius and background', async () => {
    load(...sheets);
    const screen = await render(
      <>
        <div data-testid="probe" className="bg-red-500" />
        <ToolStepsRoot state={stateOf(step({}))}>
          <ToolStepsList className="rounded-none bg-red-500" />
        </ToolStepsRoot>
      </>,
    );
    const red = styleOf(screen.getByTestId('probe').element()).backgroundColor;
    expect(red).not.toBe('rgba(0, 0, 0, 0)');
    expect(list(screen.container).borderTopLeftRadius).toBe('0px');
    expect(list(screen.container).backgroundColor).toBe(red);
  });

  it('lets p-0 and rounded-none on a row drawn alone beat its padding and radius', async () => {
    load(...sheets);
    const screen = await render(<ToolStep step={step({})} className="p-0 rounded-none" />);
    expect(row(screen.container).padding).toBe('0px');
    expect(row(screen.container).borderTopLeftRadius).toBe('0px');
  });

  it('applies tokens set on :root', async () => {
    load(...sheets);
    html.style.setProperty('--ts-bg', 'rgb(1, 2, 3)');
    html.style.setProperty('--ts-accent', 'rgb(200, 0, 200)');
    html.style.setProperty('--ts-radius', '3px');
    const screen = await render(<ToolSteps state={stateOf(step({}), running)} />);
    expect(list(screen.container).backgroundColor).toBe('rgb(1, 2, 3)');
    expect(list(screen.container).borderTopLeftRadius).toBe('3px');
    expect(runningStatus(screen.container).color).toBe('rgb(200, 0, 200)');
  });

  it("draws every run-level line (error, interrupted, diagnostics, summary) in the kit's font and size, not the page's", async () => {
    load(...sheets);
    html.style.setProperty('--ts-font', 'Georgia, serif');
    const page = ':where(.host-page) { font: 20px Impact, fantasy; margin: 30px }';
    load(page);
    const lines = (run: StepsState['run']) =>
      render(
        <div className="host-page">
          <ToolSteps
            state={{
              // two steps: a turn of one has no summary line (its row says it all)
              ...stateOf(step({ status: 'interrupted' }), step({ id: 'call_2' })),
              run,
              diagnostics: { count: 1, last: { reason: 'a frame that is not JSON' } },
            }}
            diagnostics
          />
        </div>,
      );
    const seen: Record<string, string> = {};
    for (const run of [
      { status: 'interrupted', reason: 'The connection was lost.' }, // a stopped run says so in the summary line alone
      { status: 'error', error: { message: 'The server answered 500' } },
    ] as const) {
      const screen = await lines(run);
      for (const line of screen.container.querySelectorAll<HTMLElement>(
        '.host-page [data-slot="tool-steps-run-status"] > *, .host-page [data-slot="tool-steps-summary"]',
      )) {
        const style = getComputedStyle(line);
        seen[line.dataset.slot as string] = `${style.fontFamily} ${style.fontSize} margin ${style.marginBottom}`;
      }
      await screen.unmount();
    }
    const body = getComputedStyle(document.body);
    const size = Number.parseFloat(getComputedStyle(html).fontSize);
    expect(Object.keys(seen).sort()).toEqual([
      'tool-steps-diagnostics',
      'tool-steps-error',
      'tool-steps-interrupted',
      'tool-steps-summary',
    ]);
    for (const [slot, text] of Object.entries(seen)) {
      expect(text, slot).toMatch(/^Georgia, serif /);
      expect(Number.parseFloat(text.split(' ')[2] as string), slot).toBeLessThan(size);
      expect(Number.parseFloat(text.split('margin ')[1] as string), slot).toBeLessThan(8);
    }
    expect(body.fontFamily).not.toContain('Georgia');
  });

  it('draws rows drawn alone one after another (one chat message) as separate cards', async () => {
    load(...sheets);
    const screen = await render(
      <div>
        <ToolStep step={step({})} />
        <ToolStep step={running} />
      </div>,
    );
    const [first, second] = [...screen.container.querySelectorAll('[data-slot="tool-step"]')].map((row) =>
      row.getBoundingClientRect(),
    );
    expect((second?.top ?? 0) - (first?.bottom ?? 0)).toBeGreaterThanOrEqual(4);
    const rows = screen.container.querySelectorAll('[data-slot="tool-step"]');
    expect(styleOf(rows[1] as Element).borderTopColor).toBe(styleOf(rows[1] as Element).borderBottomColor);
  });

  it("draws a focused row's ring inside it (outside, the list's clip and the next row hid all but one edge)", async () => {
    load(...sheets);
    const screen = await render(<ToolSteps state={stateOf(step({}), running)} />);
    const first = screen.container.querySelector<HTMLElement>('[data-slot="tool-step"]') as HTMLElement;
    first.focus({ focusVisible: true } as FocusOptions);
    await expect.poll(() => first.matches(':focus-visible')).toBe(true);
    const style = getComputedStyle(first);
    expect(style.outlineStyle).toBe('solid');
    expect(Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth)).toBeLessThanOrEqual(0);
  });

  it('draws a side effect that wraps as a rounded box, not an ellipse', async () => {
    load(...sheets);
    const effect = `writes ${'https://example.com/a/very/long/path/'.repeat(6)}`;
    const waiting = step({ id: 'w', status: 'awaiting-approval', approval: { sideEffects: ['network', effect] } });
    const screen = await render(
      <div style={{ width: 360 }}>
        <ToolSteps state={stateOf(waiting)} onApprove={() => {}} />
      </div>,
    );
    const chips = [...screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step-approval-side-effect"]')];
    const [short, long] = chips.map((chip) => ({
      height: chip.getBoundingClientRect().height,
      radius: Number.parseFloat(getComputedStyle(chip).borderTopLeftRadius),
    }));
    expect(long?.height).toBeGreaterThan(2 * (short?.height ?? 0));
    // a pill when on one line; on many, corners no rounder than a one-line chip's
    expect(short?.radius).toBeGreaterThanOrEqual((short?.height ?? 0) / 2 - 1);
    expect(long?.radius).toBeLessThanOrEqual((short?.height ?? 0) / 2 + 1);
  });

  it('applies a token set on a wrapper over the one on :root', async () => {
    load(...sheets);
    html.style.setProperty('--ts-bg', 'rgb(1, 2, 3)');
    const screen = await render(
      <div style={{ '--ts-bg': 'rgb(4, 5, 6)' } as CSSProperties}>
        <ToolSteps state={stateOf(step({}))} />
      </div>,
    );
    expect(list(screen.container).backgroundColor).toBe('rgb(4, 5, 6)');
  });

  it('hands the renderers the same tokens: ANSI red and the terminal background set on :root reach them', async () => {
    load(...sheets);
    html.style.setProperty('--ts-ansi-red', 'rgb(250, 1, 2)');
    html.style.setProperty('--ts-terminal-bg', 'rgb(7, 8, 9)');
    // a failed step opens its details from the start
    const failed = step({ status: 'failed', details: '\u001b[31mFAIL\u001b[0m ok\n', error: { message: 'exit 1' } });
    const screen = await render(<ToolSteps state={stateOf(failed)} />);
    await expect.element(screen.getByText('FAIL', { exact: true })).toBeVisible();
    expect(styleOf(screen.getByText('FAIL', { exact: true }).element()).color).toBe('rgb(250, 1, 2)');
    const lines = screen.container.querySelector('[data-slot="tool-step-terminal-lines"]');
    expect(styleOf(lines).backgroundColor).toBe('rgb(7, 8, 9)');
  });

  it('gives a renderer drawn on its own the tokens too', async () => {
    load(...sheets);
    html.style.setProperty('--ts-ansi-red', 'rgb(250, 1, 2)');
    const screen = await render(
      <TerminalView step={step({})} details={'\u001b[31mFAIL\u001b[0m ok\n'} kind="terminal" />,
    );
    await expect.element(screen.getByText('FAIL', { exact: true })).toBeVisible();
    expect(styleOf(screen.getByText('FAIL', { exact: true }).element()).color).toBe('rgb(250, 1, 2)');
  });

  it('follows next-themes: color-scheme dark on <html> with a light OS draws a dark list', async () => {
    load(...sheets);
    expect(matchMedia('(prefers-color-scheme: dark)').matches).toBe(false);
    html.style.colorScheme = 'dark';
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).backgroundColor).toBe(DARK_BG);
    expect(list(screen.container).color).toBe(DARK_FG);
  });

  it('is light when the host sets no color-scheme', async () => {
    load(...sheets);
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).colorScheme).toBe('normal');
    expect(list(screen.container).color).toBe(LIGHT_FG);
  });

  it('lets data-theme="dark" on an ancestor override the host scheme', async () => {
    load(...sheets);
    html.style.colorScheme = 'light';
    const screen = await render(
      <div data-theme="dark">
        <ToolSteps state={stateOf(step({}))} />
      </div>,
    );
    expect(list(screen.container).backgroundColor).toBe(DARK_BG);
  });

  it('takes the nearest data-theme: light inside dark is light, dark inside light is dark', async () => {
    load(...sheets);
    const screen = await render(
      <>
        <div data-theme="dark">
          <div data-theme="light" data-testid="light">
            <ToolSteps state={stateOf(step({}))} />
          </div>
        </div>
        <div data-theme="light">
          <div data-theme="dark" data-testid="dark">
            <ToolSteps state={stateOf(step({}))} />
          </div>
        </div>
      </>,
    );
    expect(list(screen.getByTestId('light').element()).backgroundColor).toBe(WHITE);
    expect(list(screen.getByTestId('dark').element()).backgroundColor).toBe(DARK_BG);
  });

  it('lets data-theme on the list itself override the host scheme, and still read host tokens', async () => {
    load(...sheets);
    html.style.colorScheme = 'light';
    html.style.setProperty('--ts-fg', 'light-dark(rgb(1, 1, 1), rgb(9, 9, 9))');
    const screen = await render(<ToolSteps state={stateOf(step({}))} data-theme="dark" />);
    expect(list(screen.container).backgroundColor).toBe(DARK_BG);
    expect(list(screen.container).color).toBe('rgb(9, 9, 9)');
  });

  it('follows a dark class on <html> (next-themes attribute="class", Tailwind\'s dark: convention) with no color-scheme', async () => {
    load(...sheets);
    html.className = 'dark';
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).backgroundColor).toBe(DARK_BG);
    expect(list(screen.container).color).toBe(DARK_FG);
  });

  it('takes the nearest class: light inside dark is light, and data-theme="light" inside class dark is light', async () => {
    load(...sheets);
    html.className = 'dark';
    const screen = await render(
      <>
        <div className="light" data-testid="class">
          <ToolSteps state={stateOf(step({}))} />
        </div>
        <div data-theme="light" data-testid="theme">
          <ToolSteps state={stateOf(step({}))} />
        </div>
      </>,
    );
    expect(list(screen.getByTestId('class').element()).backgroundColor).toBe(WHITE);
    expect(list(screen.getByTestId('theme').element()).backgroundColor).toBe(WHITE);
  });

  it('lets data-theme on <html> (a host theme switch) set the scheme', async () => {
    load(...sheets);
    html.dataset.theme = 'dark';
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).color).toBe(DARK_FG);
  });

  it('keeps the default when a token has a value of the wrong type', async () => {
    load(...sheets);
    html.style.setProperty('--ts-bg', '12px');
    html.style.setProperty('--ts-radius', 'blue');
    html.style.setProperty('--ts-fg', 'not-a-colour');
    const screen = await render(<ToolSteps state={stateOf(step({}))} />);
    expect(list(screen.container).backgroundColor).toBe(WHITE);
    expect(list(screen.container).borderTopLeftRadius).toBe(RADIUS);
    expect(list(screen.container).color).toBe(LIGHT_FG);
  });

  it('keeps the dark default for a token of the wrong type under a dark host', async () => {
    load(...sheets);
    html.style.colorScheme = 'dark';
    const screen = await render(
      <div style={{ '--ts-bg': 'bogus' } as CSSProperties}>
        <ToolSteps state={stateOf(step({}))} />
      </div>,
    );
    expect(list(screen.container).backgroundColor).toBe(DARK_BG);
  });

  it('loses to unlayered host CSS (a host without Tailwind) even at zero specificity and loaded first', async () => {
    load(':where(.host-flat) { border-radius: 0; padding: 0 }', ...sheets);
    const screen = await render(<ToolStep step={step({})} className="host-flat" />);
    expect(row(screen.container).borderTopLeftRadius).toBe('0px');
    expect(row(screen.container).padding).toBe('0px');
  });
});
