// Recognizable secrets are masked on screen by default, with a per-block reveal and
// a `redact` option; copy copies what is shown; the step state itself never changes.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Step, ToolStep, ToolSteps } from 'tool-steps';
import { presentStep } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRedactor, redactMask, redactText, redactValue, screeningSteps } from '../../src/presentation/redact';
import { SECRETS } from '../../stories/support/secrets';
import { makeStep, stateOf } from '../components/step-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MASK = redactMask;
describe('redactText', () => {
  it.each(SECRETS)('masks a %s', (_name, secret, kept) => {
    const shown = redactText(`before ${secret} after`);
    expect(shown).toContain(MASK);
    expect(shown).toContain(kept);
    expect(shown.startsWith('before ')).toBe(true);
    // nothing of the secret's own part survives
    const own = secret.slice(secret.indexOf(kept) + kept.length).replace(/^\n/, '');
    expect(shown).not.toContain(own.slice(0, 12));
  });

  it('leaves commit SHAs, UUIDs, ordinary base64, token counts and ordinary words alone', () => {
    const harmless = [
      'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)',
      'id 123e4567-e89b-12d3-a456-426614174000',
      'SGVsbG8sIFdvcmxkIQ== and iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      '{"max_tokens": 1024, "input_tokens": 50, "token_count": 7, "tokens": 12}',
      'author: Ada, pwd: /home/ada, password: required, token: null',
      'task-list-component-with-a-very-long-name-indeed',
      'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      'AKIA is a prefix; ghp_short; sk-short',
    ];
    for (const text of harmless) expect(redactText(text), text).toBe(text);
  });

  it('takes extra patterns, a function, or false', () => {
    expect(redactText('ticket ACME-12345', [/ACME-\d+/])).toBe(`ticket ${MASK}`);
    expect(redactText('a hunter2 b', (t) => t.replace('hunter2', '***'))).toBe('a *** b');
    expect(redactText('password=hunter2x', false)).toBe('password=hunter2x');
    expect(
      redactText('x', () => {
        throw new Error('boom');
      }),
    ).toBe(MASK);
    expect(createRedactor(false)).toBeUndefined();
  });

  it('keeps a "__proto__" key of a value as a key when the keys are mapped', () => {
    const value = JSON.parse('{"__proto__":{"a":"x"},"B":1}') as unknown;
    const out = redactValue(value, createRedactor(), (text) => text.toLowerCase()).value as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'b']);
  });

  it('masks structured values by key and keeps the identity of what has no secret', () => {
    const clean = { a: ['x', { b: 'y' }] };
    expect(redactValue(clean, createRedactor()).value).toBe(clean);
    const value = { user: 'ada', password: 'hunter2', nested: { apiKey: 'abc', note: `key ${SECRETS[0]?.[1]}` } };
    const out = redactValue(value, createRedactor());
    expect(out.value).toEqual({ user: 'ada', password: MASK, nested: { apiKey: MASK, note: `key sk-proj-${MASK}` } });
    expect(out.count).toBe(3);
    expect(value.password).toBe('hunter2');
  });
});

describe('secrets in text made for people, and in values past the screening budget', () => {
  const anthropic = SECRETS[2]?.[1] as string;
  const jwt = SECRETS.find(([name]) => name === 'JWT')?.[1] as string;

  it.each([
    ['an Anthropic key', 'sk-ant-api03-aB1_c', 'sk-ant-'],
    ['an OpenAI project key', 'sk-proj-Ab3d', 'sk-proj-'],
    ['a Stripe key', 'sk_live_4eC3', 'sk_live_'],
    ['a GitHub fine-grained token', 'github_pat_11AB', 'github_pat_'],
    ['a GitLab token', 'glpat-xY1', 'glpat-'],
    ['an OpenAI service account key', 'sk-svcacct-AbC', 'sk-'],
  ])('masks %s from the first character after its prefix (a key still streaming in)', (_name, partial, prefix) => {
    const shown = redactText(`export KEY_PART ${partial}`);
    expect(shown).toBe(`export KEY_PART ${prefix}${MASK}`);
  });

  it('draws a tool name that holds a key as it is, so the mask sees the key whole', () => {
    for (const toolName of [anthropic, jwt, `mcp__vault__${anthropic}`]) {
      const { label } = presentStep(makeStep({ toolName, status: 'running' }));
      const shown = redactText(label);
      expect(shown, label).toContain(MASK);
      // nothing of the key's own part survives humanizing and masking
      expect(shown).not.toContain(anthropic.slice(16, 28));
      expect(shown).not.toContain(jwt.slice(-12));
    }
  });

  it('does not shorten a detail line that holds a secret: masked, none of it is left', () => {
    const url = `postgres://app:${'s3cretP4ss'.repeat(4)}@db.internal.example.com:5432/${'a/'.repeat(40)}app`;
    const command = `curl -sS -H "Authorization: Bearer ${'9f8e7d6c5b4a3928'.repeat(3)}" https://api.example.com/v1/items`;
    for (const input of [{ url }, { command }]) {
      const { detail, detailTitle } = presentStep(makeStep({ toolName: 'run_thing', input, status: 'running' }));
      for (const text of [detail, detailTitle]) {
        if (text === undefined) continue;
        const shown = redactText(text);
        expect(shown, text).toContain(MASK);
        expect(shown).not.toContain('s3cretP4ss');
        expect(shown).not.toContain('9f8e7d6c5b4a');
      }
    }
  });

  it('hides every string past the node budget instead of leaving it unscreened', () => {
    const many = Array.from({ length: 200_010 }, (_, i) => `row ${i}`);
    many.push(`the key ${anthropic}`);
    const out = redactValue({ rows: many, tail: { password: 'hunter2' } }, createRedactor());
    const json = JSON.stringify(out.value);
    expect(json).not.toContain(anthropic.slice(7, 20));
    expect(json).not.toContain('hunter2');
    expect(json).toContain('row 1');
    expect(out.count).toBeGreaterThan(0);
    // without a redactor nothing is hidden
    expect(redactValue({ rows: many }, undefined).value).toEqual({ rows: many });
  });
});

describe('screeningSteps (a large text screened with yields between the steps)', () => {
  // every secret, one after the other on one line and on lines of their own, with harmless text between
  const texts = [
    SECRETS.map(([, secret]) => `x ${secret} y`).join(' , '),
    SECRETS.map(([, secret]) => `a line with ${secret} in it`).join('\n'),
    'no secret at all, only words and 1234567890',
    'password: "hunter2!!" and DB_PASSWORD=abc123def and Bearer abcdefghijklmnop1234',
  ];
  const options = [
    ['the built-in patterns', true],
    ['extra patterns', [/internal-[0-9]{4}/g]],
    ['a host function', (text: string) => text.replaceAll('words', '[w]')],
    [
      'a host function that throws',
      () => {
        throw new Error('no');
      },
    ],
  ] as const;
  it.each(options)('gives what the redactor gives at once, with %s', (_name, option) => {
    const redactor = createRedactor(option);
    for (const text of [...texts, `${texts[0]} internal-1234`]) {
      const run = screeningSteps(redactor, text);
      expect(run).toBeDefined();
      expect(run?.steps.length).toBeGreaterThan(0);
      for (const step of run?.steps ?? []) step();
      expect(run?.result()).toEqual(redactor?.(text));
    }
  });

  it('has no steps without a redactor, and none for a function createRedactor did not make', () => {
    const none = screeningSteps(undefined, 'Bearer abcdefghijklmnop1234');
    expect(none?.steps).toEqual([]);
    expect(none?.result()).toEqual({ text: 'Bearer abcdefghijklmnop1234', count: 0 });
    expect(screeningSteps((text) => ({ text, count: 0 }), 'text')).toBeUndefined();
  });
});

describe('secrets on screen', () => {
  const key = SECRETS[2]?.[1] as string;
  const step = (): Step =>
    makeStep({
      toolName: 'run_command',
      status: 'failed',
      input: { command: `curl -H "Authorization: Bearer ${key}" https://api.example.com` },
      presentation: { label: `Call with ${key}` },
      error: { message: `401 for key ${key}`, code: 'AUTH' },
      result: `ANTHROPIC_API_KEY=${key}\nok`,
    });

  /** The open details body is a lazy chunk: wait for it before reading the blocks. */
  const bodyOf = (container: HTMLElement) =>
    waitFor(() => expect(container.querySelector('[data-slot="tool-step-details-section"]')).not.toBeNull());

  it('masks every on-screen field by default and never changes the step', async () => {
    const s = step();
    const frozen = JSON.stringify(s);
    const { container } = render(<ToolStep step={s} defaultOpen />);
    await bodyOf(container);
    expect(container.textContent).not.toContain(key.slice(14, 30));
    expect(container.querySelector('[data-slot="tool-step-label"]')?.textContent).toBe(`Call with sk-ant-${MASK}`);
    expect(container.querySelector('[data-slot="tool-step-error-message"]')?.textContent).toContain(MASK);
    expect(container.querySelector('[data-slot="tool-step-input"]')?.textContent).toContain(MASK);
    expect(container.querySelector('[title]')?.getAttribute('title') ?? '').not.toContain(key.slice(14, 30));
    expect(JSON.stringify(s)).toBe(frozen);
  });

  it('reveals one block at a time, and copy copies what is shown', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container } = render(<ToolStep step={step()} defaultOpen />);
    await bodyOf(container);
    const input = container.querySelector('[data-section="input"]') as HTMLElement;
    fireEvent.click(within(input).getByRole('button', { name: /^Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.lastCall?.[0]).toContain(MASK);
    expect(within(input).getByText('1 secret hidden')).toBeTruthy();
    const reveal = within(input).getByRole('button', { name: 'Reveal the hidden secret' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(reveal);
    expect(container.querySelector('[data-slot="tool-step-input"]')?.textContent).toContain(key);
    // the other blocks stay masked
    expect(container.querySelector('[data-section="result"]')?.textContent).not.toContain(key);
    fireEvent.click(input.querySelector('[data-slot="tool-step-copy"]') as HTMLElement);
    await waitFor(() => expect(writeText.mock.lastCall?.[0]).toContain(key));
    fireEvent.click(within(input).getByRole('button', { name: 'Hide' }));
    expect(container.querySelector('[data-slot="tool-step-input"]')?.textContent).not.toContain(key);
  });

  it('shows everything with redact={false} and takes extra patterns on <ToolSteps>', async () => {
    const s = makeStep({ toolName: 'x', status: 'succeeded', result: `ACME-99 and ${key}` });
    const { container, rerender } = render(<ToolSteps state={stateOf([s])} redact={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    await bodyOf(container);
    expect(container.textContent).toContain(key);
    rerender(<ToolSteps state={stateOf([s])} redact={[/ACME-\d+/]} />);
    expect(container.textContent).not.toContain('ACME-99');
    expect(container.textContent).not.toContain(key);
  });
});
