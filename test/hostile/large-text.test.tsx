// A large details text (over LARGE_TEXT) is screened in slices, its first lines at once.
// What is drawn at any moment is screened text (a prefix of whole lines, then the whole), and the end
// result is exactly what screening the whole text at once gives: the same masks, markers and count.
import { act, render, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LARGE_TEXT, screenValue, useScreenValue } from '../../src/internal/visible-text';
import { createRedactor, redactMask } from '../../src/presentation/redact';
import { SECRETS } from '../../stories/support/secrets';

const MASK = redactMask;
const builtin = createRedactor(true);

/** Draws what `useScreenValue` gives, as text, and its count. */
function Probe({ value, terminal = false }: { value: unknown; terminal?: boolean }) {
  const shown = useScreenValue(value, false, terminal);
  return (
    <pre data-count={shown.count}>{typeof shown.value === 'string' ? shown.value : JSON.stringify(shown.value)}</pre>
  );
}

// Lines of every hostile kind but the private key block: secrets of each provider, bidi overrides,
// zero-width and tag characters, emoji sequences that stay, controls, lone surrogates, escapes.
const HOSTILE = [
  ...SECRETS.filter(([name]) => name !== 'PEM private key').map(([, secret]) => `found ${secret} here`),
  'file \u202Egnp.exe\u202C renamed',
  'zero\u200Bwidth and a family 👨\u200D👩\u200D👧 and \u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065} tags',
  'bell \u0007 nul \u0000 lone \uD800 surrogate',
  '\u001b[31mred\u001b[0m and \u001b]0;title\u0007 and \u001b[2K erase',
  'an ordinary line of build output that is long enough to matter in a long log, 1234567890',
  'export API_TOKEN=abcd1234efgh5678 and Bearer abcdefghijklmnop1234',
];

/** About `size` characters of hostile lines, each numbered, with a secret near the very end. */
function hostileText(size: number, seed = 0): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = `${i} ${HOSTILE[(i * 7 + seed) % HOSTILE.length]}`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push(`last line ${SECRETS[0]?.[1]}`);
  return lines.join('\n');
}

const content = (container: HTMLElement) => container.querySelector('pre')?.textContent ?? '';
const count = (container: HTMLElement) => Number(container.querySelector('pre')?.getAttribute('data-count'));

describe('large texts are screened in slices', () => {
  it.each([
    ['text', false],
    ['terminal output', true],
  ])('draws screened first lines at once, then exactly what screening the whole %s gives', async (_name, terminal) => {
    const text = hostileText(3 * LARGE_TEXT);
    const whole = screenValue(text, builtin, terminal);
    expect(whole.count).toBeGreaterThan(100);
    const { container } = render(<Probe value={text} terminal={terminal} />);
    const first = content(container);
    // the first lines only, screened: a prefix of the whole result that ends after a newline
    expect(first.length).toBeLessThan(LARGE_TEXT);
    expect(first.length).toBeGreaterThan(0);
    expect((whole.value as string).startsWith(first)).toBe(true);
    expect(first.endsWith('\n')).toBe(true);
    expect(first).not.toContain('\u202E');
    await waitFor(() => expect(content(container)).toBe(whole.value));
    expect(count(container)).toBe(whole.count);
    expect(content(container)).toContain(`last line sk-proj-${MASK}`);
  });

  it('screens the strings of a structured value the same way', async () => {
    const value = { kind: 'terminal', command: 'make', stdout: hostileText(2 * LARGE_TEXT, 3), exitCode: 0 };
    const whole = screenValue(value, builtin, true);
    const { container } = render(<Probe value={value} terminal />);
    await waitFor(() => expect(content(container)).toBe(JSON.stringify(whole.value)));
    expect(count(container)).toBe(whole.count);
  });

  it('keeps the work done on a log that grows, and ends with the whole text screened', async () => {
    const text = `${hostileText(2 * LARGE_TEXT, 5)}\nthe stream cut this line at its password`;
    const { container, rerender } = render(<Probe value={text} terminal />);
    await waitFor(() => expect(content(container)).toBe(screenValue(text, builtin, true).value));
    // the last line was cut in two by the stream: its first half, screened on its own, is screened again
    const longer = `${text}=hunter2!x and Bearer abcdefghijklmnop1234\nnext \u202Eline`;
    rerender(<Probe value={longer} terminal />);
    const between = content(container);
    expect((screenValue(longer, builtin, true).value as string).startsWith(between)).toBe(true);
    await waitFor(() => expect(content(container)).toBe(screenValue(longer, builtin, true).value));
    expect(count(container)).toBe(screenValue(longer, builtin, true).count);
    expect(content(container)).not.toContain('hunter2');
  });

  it('screens a text with a private key block whole (the block spans lines), in slices, drawing none of it before', async () => {
    const pem = SECRETS.find(([name]) => name === 'PEM private key')?.[1] as string;
    // the block starts in the first lines and ends far beyond them
    const body = Array.from({ length: 12_000 }, (_, i) => `MIIEowIBAAKCAQEA7bq9b1Xq${i}`).join('\n');
    const text = `start\n${pem.slice(0, pem.indexOf('\n'))}\n${body}\n${pem.slice(pem.indexOf('\n') + 1)}\nend`;
    expect(text.length).toBeGreaterThan(LARGE_TEXT);
    const whole = screenValue(text, builtin, false);
    const { container } = render(<Probe value={text} />);
    // its first lines alone would show the key's first lines: nothing is drawn until the whole is screened
    expect(content(container)).toBe('');
    await waitFor(() => expect(content(container)).toBe(whole.value));
    expect(count(container)).toBe(whole.count);
    expect(content(container)).not.toContain('MIIEowIBAAKCAQEA7bq9b1Xq11999');
  });

  it.each([
    ['text', false],
    ['terminal output', true],
  ])(
    'screens a %s of one long line (minified JSON) whole, in slices, drawing none of it before',
    async (_name, terminal) => {
      // a secret of every kind but the private key block, bidi and zero-width characters, all on one line
      const items = Array.from({ length: 6_000 }, (_, i) => ({
        id: i,
        note: HOSTILE[i % HOSTILE.length]?.replace(/\n/g, ' '),
        token: i % 500 === 0 ? 'abcd1234efgh5678' : undefined,
      }));
      const text = JSON.stringify({ items, last: `sk-proj-${'x'.repeat(40)}` });
      expect(text.length).toBeGreaterThan(LARGE_TEXT);
      expect(text.slice(0, 32 * 1024)).not.toContain('\n');
      const whole = screenValue(text, builtin, terminal);
      expect(whole.count).toBeGreaterThan(100);
      const { container } = render(<Probe value={text} terminal={terminal} />);
      expect(content(container)).toBe('');
      await waitFor(() => expect(content(container)).toBe(whole.value));
      expect(count(container)).toBe(whole.count);
      expect(content(container)).toContain(`"last":"sk-proj-${MASK}"`);
      expect(content(container)).not.toContain('\u202E');
    },
  );

  it('shows nothing of a text that changes before its slices are done but its screened first lines', async () => {
    const a = hostileText(2 * LARGE_TEXT, 1);
    const b = hostileText(2 * LARGE_TEXT, 2);
    const { container, rerender } = render(<Probe value={a} />);
    act(() => rerender(<Probe value={b} />));
    expect((screenValue(b, builtin, false).value as string).startsWith(content(container))).toBe(true);
    await waitFor(() => expect(content(container)).toBe(screenValue(b, builtin, false).value));
  });
});

describe('large texts screened whole', () => {
  it('screens two texts a diff compares whole, at once (their first lines alone would compare wrong)', () => {
    const value = { oldText: hostileText(2 * LARGE_TEXT, 1), newText: hostileText(2 * LARGE_TEXT, 2), path: 'a.txt' };
    const { container } = render(<Probe value={value} />);
    expect(content(container)).toBe(JSON.stringify(screenValue(value, builtin, false).value));
  });
});

describe('large texts rendered on a server', () => {
  it('are screened whole there, and hydrate without a mismatch', async () => {
    const text = hostileText(2 * LARGE_TEXT, 4);
    const whole = screenValue(text, builtin, false);
    const html = renderToString(<Probe value={text} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(content(container)).toBe(whole.value);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <Probe value={text} />, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(content(container)).toBe(whole.value);
    act(() => root.unmount());
    container.remove();
  });
});
