// Secrets outside the drawn text: six recognizable credentials, each in every wire field that reaches an
// attribute, an accessible name, a title, an announcement or a copy (tool name, step id, error code and
// message, progress content, approval input, a malformed frame for diagnostics), rendered in Chromium.
// No secret's own part may appear in any attribute of the list's DOM, in the accessibility tree, in the
// announcers' text, or in what a copy button writes.
import '../../src/styles.css';
import { type StepsState, ToolSteps } from 'tool-steps';
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { SECRETS } from '../../stories/support/secrets';
import { axNodes } from '../support/ax-tree';

/** `[name, a part of the secret that must never show]` (the kept prefix and a JWT's well-known header excluded). */
const NEEDLES: Array<[string, string]> = [
  ['Anthropic key', 'api03-aB1_cD2'],
  ['OpenAI project key', 'Ab3dEf6hIj9k'],
  ['bearer token', '9f8e7d6c5b4a'],
  ['JWT', 'SflKxwRJSMeK'],
  ['URL credentials', 's3cretP4ss'],
  ['.env line', 'correct horse'],
];
const secretOf = (name: string) => SECRETS.find(([n]) => n === name)?.[1] as string;

const T = 1_767_225_600_000;
const empty: StepsState = { ids: [], byId: {}, run: { status: 'streaming' }, diagnostics: { count: 0 } };

/** One run with `secret` in every field that reaches an attribute or a name. */
function stateWith(secret: string): StepsState {
  const steps: StepsState['byId'][string][] = [
    {
      id: secret,
      toolName: 'read_file',
      status: 'succeeded',
      inputText: '',
      input: { path: 'a.txt' },
      result: 'ok',
      startedAt: T,
      endedAt: T + 10,
    },
    {
      id: 'failed',
      toolName: 'http_request',
      status: 'failed',
      inputText: '',
      input: { url: 'https://example.com' },
      error: { code: secret, message: `refused: ${secret}` },
      startedAt: T,
      endedAt: T + 20,
    },
    {
      id: 'approval',
      toolName: 'run_command',
      status: 'awaiting-approval',
      inputText: '',
      input: { command: `echo ${secret}` },
      approval: { id: 'ap' },
      startedAt: T,
    },
    {
      id: 'tool',
      toolName: secret,
      status: 'running',
      inputText: '',
      progress: { content: `step 1: ${secret}`, details: { progress: 1, total: 2 }, count: 1 },
      startedAt: T,
    },
  ];
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'error', error: { code: secret, message: `run failed: ${secret}` } },
    diagnostics: {
      count: 1,
      last: { protocol: 'ag-ui', reason: `the stream ended before a whole frame: ${secret}`.slice(0, 120) },
    },
  };
}

/** Every name, description, value and property of the test frame's accessibility tree. */
async function axTexts(): Promise<string[]> {
  const nodes = await axNodes();
  const out: string[] = [];
  for (const node of nodes) {
    for (const v of [node.name?.value, node.description?.value, node.value?.value]) if (v != null) out.push(String(v));
    for (const p of node.properties ?? []) if (p.value.value != null) out.push(String(p.value.value));
  }
  return out;
}

const written: string[] = [];
const original = navigator.clipboard?.writeText;
afterEach(() => {
  written.length = 0;
});

test.each(NEEDLES)('%s: in no attribute, accessible name, announcement or copy', async (name, needle) => {
  const secret = secretOf(name);
  expect(secret).toContain(needle);
  Object.defineProperty(navigator.clipboard, 'writeText', {
    configurable: true,
    value: async (text: string) => {
      written.push(text);
    },
  });
  try {
    const screen = await render(<ToolSteps state={empty} diagnostics onApprove={() => {}} onDeny={() => {}} />);
    await screen.rerender(<ToolSteps state={stateWith(secret)} diagnostics onApprove={() => {}} onDeny={() => {}} />);
    // past the announcer's quiet time
    await new Promise((resolve) => setTimeout(resolve, 700));
    const root = screen.container;
    // open every row, then press every copy button
    for (const trigger of root.querySelectorAll<HTMLElement>(
      '[data-slot="tool-step-details-trigger"][aria-expanded="false"]',
    ))
      trigger.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const buttons = [...root.querySelectorAll<HTMLElement>('[data-slot="tool-step-copy"]')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) button.click();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const leaks: string[] = [];
    for (const element of root.querySelectorAll('*'))
      for (const attribute of element.attributes)
        if (attribute.value.includes(needle))
          leaks.push(
            `attribute ${attribute.name} of <${element.tagName.toLowerCase()} data-slot="${element.getAttribute('data-slot')}">`,
          );
    const announcer = root.querySelector('[data-slot="tool-steps-announcer"]');
    expect(announcer?.textContent).not.toBe('');
    if (announcer?.textContent?.includes(needle)) leaks.push(`announcer: ${announcer.textContent}`);
    for (const text of await axTexts())
      if (text.includes(needle)) leaks.push(`accessibility tree: ${text.slice(0, 120)}`);
    expect(written.length).toBe(buttons.length);
    for (const text of written) if (text.includes(needle)) leaks.push(`clipboard: ${text.slice(0, 120)}`);
    expect(leaks).toEqual([]);
  } finally {
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: original });
  }
});

test('a copy button is not a live region until it says "Copied"', async () => {
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async () => {} });
  try {
    const screen = await render(<ToolSteps state={stateWith('x')} onApprove={() => {}} onDeny={() => {}} />);
    const button = screen.container.querySelector<HTMLElement>('[data-slot="tool-step-copy"]') as HTMLElement;
    expect(button.querySelectorAll('[aria-live]').length).toBe(0);
    button.click();
    await expect.poll(() => button.querySelector('[aria-live="polite"]')?.textContent).toBe('Copied');
  } finally {
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: original });
  }
});
