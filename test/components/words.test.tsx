// Words: a list drawn in German holds no English word. The English words are read
// from `defaultLabels` itself (each string, and the fixed text around the values of each function), so
// a word a part writes inline instead of through `labels` shows up here as soon as it is rendered.
import { fireEvent, render, waitFor } from '@testing-library/react';
import { createStepStore, createToolStream, type Step, ToolSteps } from 'tool-steps';
import { defaultLabels, type ToolStepsLabels } from 'tool-steps/presentation';
import { createMcpToolCalls, createMcpTracker, stepsFromText } from 'tool-steps/wires';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { germanLabels } from '../../stories/support/labels-de';
import { makeStep, stateOf } from './step-fixtures';

const VALUE = '\u0001';
// sample arguments for the functions of a labels object: counts, texts, a step, parts and a duration
const SAMPLES: unknown[][] = [
  [3, 3, 3],
  [1, 1, 1],
  [VALUE, VALUE],
  [VALUE, 3],
  [{ label: VALUE, detail: VALUE, code: VALUE }],
  [[VALUE], VALUE],
];

/** The fixed text of a labels object: its strings, and what its functions write around their values. */
function fixedText(labels: ToolStepsLabels): Set<string> {
  const found = new Set<string>();
  const add = (text: string) => {
    for (const piece of text.split(new RegExp(`${VALUE}|\\d+(?:[.,]\\d+)?`, 'u'))) {
      const trimmed = piece.replace(/^[\s·:,()[\]{}⋯…→×-]+|[\s·:,()[\]{}⋯…→×-]+$/gu, '');
      if (/\p{L}{2}/u.test(trimmed)) found.add(trimmed);
    }
  };
  const walk = (value: unknown) => {
    if (typeof value === 'string') add(value);
    else if (typeof value === 'function') {
      for (const args of SAMPLES) {
        try {
          const out = (value as (...a: unknown[]) => unknown)(...args);
          // a sample of the wrong type shows as NaN or [object Object]: not a text of the kit
          if (typeof out === 'string' && !/NaN|\[object |undefined/.test(out)) add(out);
        } catch {
          // a sample of the wrong shape for this function
        }
      }
    } else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  // `locale` is a tag and `tools` holds tense names and the English verb table, not text of the kit
  const { locale: _locale, tools, ...words } = labels;
  walk(words);
  add(tools.fallback);
  for (const family of ['read', 'search', 'list']) for (const count of [1, 3]) add(labels.groups.family(family, count));
  return found;
}

/** Every English fixed text that German does not share ("Details" is a German word too). */
function englishOnly(): string[] {
  const german = fixedText(germanLabels);
  return [...fixedText(defaultLabels)].filter((text) => !german.has(text));
}

/** What a person can read or hear of a container: its text and its accessible names and tooltips. */
function readable(container: Element): string {
  const names = [...container.querySelectorAll('[aria-label], [title], [alt]')].flatMap((el) =>
    ['aria-label', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
  );
  // text node by text node: adjacent elements' texts are separate words ("3 Zeilen" | "exit 1")
  const texts: string[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  return [...texts, ...names].join('\n');
}

function englishIn(text: string, english: string[]): string[] {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return english.filter((word) => new RegExp(`(?<!\\p{L})${literal(word)}(?!\\p{L})`, 'u').test(text));
}

// a fixed clock (only Date.now: the lazy terminal view still loads on real timers)
const now = 1_700_000_000_000;
const t0 = now - 60_000;
const SECRET = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

const running: Step[] = [
  makeStep({
    id: 'r1',
    toolName: 'read_file',
    status: 'succeeded',
    input: { path: 'a.ts' },
    startedAt: t0,
    endedAt: t0 + 400,
  }),
  makeStep({
    id: 'r2',
    toolName: 'read_file',
    status: 'succeeded',
    input: { path: 'b.ts' },
    startedAt: t0,
    endedAt: t0 + 900,
  }),
  makeStep({
    id: 'secret',
    toolName: 'fetch_config',
    status: 'succeeded',
    input: { name: 'ci' },
    result: `token=${SECRET}`,
    details: { note: `Zugang ${SECRET}` },
    startedAt: t0 + 1000,
    endedAt: t0 + 2200,
  }),
  makeStep({
    id: 'term',
    toolName: 'run_command',
    status: 'failed',
    input: { command: 'npm test' },
    details: { stdout: 'ok 1\nok 2\n', stderr: 'nicht ok 3\n', exitCode: 1, durationMs: 8420 },
    error: { message: 'Befehl fehlgeschlagen', code: 'EXIT_1' },
    startedAt: t0 + 3000,
    endedAt: t0 + 11_420,
  }),
  makeStep({
    id: 'parent',
    toolName: 'delegate',
    status: 'succeeded',
    input: { task: 'x' },
    startedAt: t0 + 12_000,
    endedAt: t0 + 14_000,
  }),
  makeStep({ id: 'child', toolName: 'write_file', status: 'succeeded', parentId: 'parent', input: { path: 'c.ts' } }),
  makeStep({ id: 'run', toolName: 'run_command', status: 'running', input: { command: 'ls' }, startedAt: now - 5000 }),
];

describe('a list in German', () => {
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes no English word: statuses, elapsed time, group, nested steps, secrets, terminal, summary', async () => {
    const english = englishOnly();
    // the check itself: the English list holds the words of each part this test draws
    expect(english).toEqual(
      expect.arrayContaining(['Tool calls', 'Running', 'read', 'files', 'steps', 'secrets hidden', 'Reveal', 'Copy']),
    );
    const { container } = render(
      <ToolSteps
        state={stateOf(running, { diagnostics: { count: 2 } })}
        diagnostics
        labels={germanLabels}
        onCancel={() => {}}
        onRetry={() => {}}
      />,
    );
    for (const trigger of container.querySelectorAll(
      '[data-slot="tool-step-details-trigger"][aria-expanded="false"]',
    )) {
      fireEvent.click(trigger);
    }
    // the terminal view is loaded lazily
    await waitFor(() => expect(container.querySelector('[data-slot="tool-step-terminal-view"]')).not.toBeNull());

    // each part is there, in German
    const text = (slot: string) => container.querySelector(`[data-slot="${slot}"]`)?.textContent;
    expect(container.querySelector('[data-slot="tool-steps"]')).toHaveAttribute('aria-label', 'Werkzeugaufrufe');
    expect(text('tool-steps-group-summary')).toBe(`2 Dateien gelesen · ${germanLabels.duration(1300)}`);
    expect(text('tool-step-nested-trigger')).toBe('1 Schritt');
    expect(container.querySelector('[data-step-id="run"] [data-slot="tool-step-duration"]')?.textContent).toBe(
      germanLabels.elapsed(5000),
    );
    expect(text('tool-step-redaction-note')).toMatch(/Geheimnis(se)? verborgen/);
    expect(text('tool-step-model-view-switch')).toContain('Was das Modell las');
    // one clock: the terminal block writes the header's duration
    expect(text('tool-step-terminal-duration')).toBe(germanLabels.duration(8420));
    expect(text('tool-step-terminal-duration')).toBe(
      container.querySelector('[data-step-id="term"] [data-slot="tool-step-duration"]')?.textContent,
    );
    expect(text('tool-steps-diagnostics')).toBe('2 fehlerhafte oder verspätete Ereignisse übersprungen');
    expect(text('tool-steps-summary')).toBe(`Führt Befehl aus… ${germanLabels.elapsed(60_000)}`);

    expect(englishIn(readable(container), english)).toEqual([]);
  });

  it('writes the turn summary after the run, and why it was interrupted, in German', () => {
    const english = englishOnly();
    const done = running.filter((step) => step.id !== 'run');
    const { container } = render(
      <ToolSteps
        state={stateOf(done, { run: { status: 'interrupted', reason: 'Verbindung verloren' } })}
        labels={germanLabels}
      />,
    );
    const interrupted = container.querySelector('[data-slot="tool-steps-interrupted"]');
    expect(interrupted).not.toHaveAttribute('role');
    expect(interrupted?.textContent).toBe('Unterbrochen: Verbindung verloren');
    expect(container.querySelector('[data-slot="tool-steps-summary"]')?.textContent).toBe(
      `${germanLabels.duration(14_000)} gearbeitet · 6 Schritte, 1 fehlgeschlagen`,
    );
    expect(englishIn(readable(container), english)).toEqual([]);
  });
});

describe('the run interrupted line', () => {
  it('says why in English by default, and nothing when the run has an error or no reason', () => {
    const steps = [makeStep({ id: 'a', status: 'interrupted' })];
    const slot = '[data-slot="tool-steps-interrupted"]';
    const { container, rerender } = render(
      <ToolSteps state={stateOf(steps, { run: { status: 'interrupted', reason: 'connection lost' } })} />,
    );
    expect(container.querySelector(slot)?.textContent).toBe('Interrupted: connection lost');
    rerender(
      <ToolSteps
        state={stateOf(steps, {
          run: { status: 'interrupted', reason: 'connection lost', error: { message: 'socket hang up' } },
        })}
      />,
    );
    expect(container.querySelector(slot)).toBeNull();
    expect(container.querySelector('[data-slot="tool-steps-error"]')).not.toBeNull();
    rerender(<ToolSteps state={stateOf(steps, { run: { status: 'interrupted' } })} />);
    expect(container.querySelector(slot)).toBeNull();
  });
});

// English that the kit's pipeline writes into the state outside `labels` (decoders, the stream client,
// the MCP adapters): each stays out of a German list once the state carries codes instead.
const KIT_SENTENCES = ['stream', 'closed', 'before', 'finished', 'Stopped', 'Declined', 'reported', 'tool failed'];

/** The English words of the kit in a German list: its English table's fixed text, and its pipeline's sentences. */
function kitEnglishIn(container: Element): string[] {
  const text = readable(container);
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sentences = KIT_SENTENCES.filter((word) =>
    new RegExp(`(?<![\\p{L}_])${literal(word)}(?![\\p{L}_])`, 'iu').test(text),
  );
  return [...englishIn(text, englishOnly()), ...sentences];
}

const sse = (frames: object[]) =>
  frames.map((f) => `event: ${(f as { type: string }).type}\ndata: ${JSON.stringify(f)}\n\n`).join('');

/** A fetch whose answer streams these native events and then stays open until the request is aborted. */
function openStream(events: object[]): typeof fetch {
  return async (_url, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(events.map((e) => `${JSON.stringify(e)}\n`).join('')));
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  };
}

describe('a German list in every state the pipeline reaches', () => {
  it('an interrupted run (the stream closed before the run finished) writes no English word', () => {
    const text = [
      { type: 'run-start' },
      { type: 'step-start', id: 'a', toolName: 'read_file' },
      { type: 'step-input', id: 'a', input: { path: 'a.ts' } },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const state = stepsFromText(text, { protocol: 'native' });
    expect(state.run.status).toBe('interrupted');
    const { container } = render(<ToolSteps state={state} labels={germanLabels} />);
    expect(container.querySelector('[data-slot="tool-steps-interrupted"]')?.textContent).toMatch(/^Unterbrochen: /);
    expect(kitEnglishIn(container)).toEqual([]);
  });

  it('a stream the person stopped writes no English word, the announcements included', async () => {
    const stream = createToolStream({
      api: '/agent',
      protocol: 'native',
      fetch: openStream([{ type: 'run-start' }, { type: 'step-start', id: 'a', toolName: 'run_command' }]),
    });
    const { container } = render(<ToolSteps store={stream.store} labels={germanLabels} />);
    const sent = stream.send();
    await waitFor(() => expect(container.querySelector('[data-step-id="a"]')).not.toBeNull());
    stream.stop();
    await sent;
    await waitFor(() =>
      expect(container.querySelector('[data-step-id="a"]')).toHaveAttribute('data-status', 'interrupted'),
    );
    expect(stream.getSnapshot().status).toBe('interrupted');
    expect(kitEnglishIn(container)).toEqual([]);
    // without the summary line, the interrupted line says why
    const bare = render(<ToolSteps state={stream.getSnapshot().state} labels={germanLabels} summary={false} />);
    expect(bare.container.querySelector('[data-slot="tool-steps-interrupted"]')?.textContent).toMatch(
      /^Unterbrochen: /,
    );
    expect(kitEnglishIn(bare.container)).toEqual([]);
  });

  it('an MCP call whose question the person declined writes no English word', async () => {
    const store = createStepStore();
    const calls = createMcpToolCalls({ emit: (events) => store.apply(events) });
    const client = {
      callTool: async () => {
        await calls.elicit({ message: 'Datei wirklich löschen?' }, () => ({ action: 'decline' as const }));
        return { content: [{ type: 'text', text: 'abgelehnt' }] };
      },
    };
    await calls.call(client, {
      id: 'm',
      tool: { name: 'delete_file', title: 'Datei löschen' },
      arguments: { path: 'a.ts' },
    });
    const state = store.getSnapshot();
    expect(state.byId.m?.status).toBe('denied');
    const { container } = render(<ToolSteps state={state} labels={germanLabels} />);
    expect(kitEnglishIn(container)).toEqual([]);
  });

  it('a determinate progress update without text (MCP progress) writes its count in German', () => {
    const store = createStepStore({ schedule: (flush) => flush() });
    const tracker = createMcpTracker({ emit: (events) => store.apply(events) });
    tracker.sent({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 'p' } } });
    tracker.received({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p', progress: 2, total: 4 },
    });
    const { container } = render(<ToolSteps state={store.getSnapshot()} labels={germanLabels} />);
    expect(container.querySelector('[data-slot="tool-step-progress"]')?.textContent).toBe('2 von 4');
    expect(kitEnglishIn(container)).toEqual([]);
  });

  it('a vendor error without text (a failed server tool, a stream error) writes no English word', () => {
    const text = sse([
      { type: 'message_start', message: { id: 'msg_1', content: [] } },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srv_1', name: 'web_fetch', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"url":"https://x.example"}' },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'web_fetch_tool_result',
          tool_use_id: 'srv_1',
          content: { type: 'web_fetch_tool_result_error', error_code: 'url_not_accessible' },
        },
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'error', error: {} },
    ]);
    const state = stepsFromText(text, { protocol: 'anthropic' });
    expect(state.byId.srv_1?.status).toBe('failed');
    expect(state.run.status).toBe('error');
    const { container } = render(<ToolSteps state={state} labels={germanLabels} />);
    expect(container.querySelector('[data-slot="tool-step-error-code"]')?.textContent).toBe('url_not_accessible');
    expect(kitEnglishIn(container)).toEqual([]);
  });
});

describe('reason codes', () => {
  const slot = '[data-slot="tool-steps-interrupted"]';
  const steps = [makeStep({ id: 'a', status: 'interrupted' })];

  it('writes a known code in the list’s words, and the wire’s own text as it is', () => {
    const { container, rerender } = render(
      <ToolSteps
        state={stateOf(steps, { run: { status: 'interrupted', reasonCode: 'cut-mid-frame' } })}
        labels={germanLabels}
      />,
    );
    expect(container.querySelector(slot)?.textContent).toBe(`Unterbrochen: ${germanLabels.reasons['cut-mid-frame']}`);
    rerender(
      <ToolSteps state={stateOf(steps, { run: { status: 'interrupted', reason: 'Wartung' } })} labels={germanLabels} />,
    );
    expect(container.querySelector(slot)?.textContent).toBe('Unterbrochen: Wartung');
  });

  it('writes an unknown code as a generic sentence with the code, and never throws on a hostile one', () => {
    const { container, rerender } = render(
      <ToolSteps
        state={stateOf(steps, { run: { status: 'interrupted', reasonCode: 'quota' } })}
        labels={germanLabels}
      />,
    );
    expect(container.querySelector(slot)?.textContent).toBe('Unterbrochen: Unbekannter Grund: quota');
    for (const code of ['__proto__', 'toString', 'constructor', '\u202Eevil']) {
      rerender(<ToolSteps state={stateOf(steps, { run: { status: 'interrupted', reasonCode: code } })} />);
      expect(container.querySelector(slot)?.textContent).toMatch(/^Interrupted: Unknown reason: /);
    }
  });

  it('writes a kit code of a failure as its sentence (no badge) and a wire’s code as a badge', () => {
    const failed = (error: { message: string; code?: string }) => stateOf(steps, { run: { status: 'error', error } });
    const { container, rerender } = render(
      <ToolSteps state={failed({ message: '/api: fetch failed', code: 'unreachable' })} labels={germanLabels} />,
    );
    const part = () => container.querySelector('[data-slot="tool-steps-error"]');
    expect(part()).toHaveAttribute('data-error-code', 'unreachable');
    expect(part()?.querySelector('[data-slot="tool-steps-error-code"]')).toBeNull();
    expect(part()?.textContent?.trim()).toBe(`${germanLabels.reasons.unreachable} /api: fetch failed`);
    rerender(
      <ToolSteps state={failed({ message: 'overloaded_error', code: 'overloaded_error' })} labels={germanLabels} />,
    );
    expect(part()?.querySelector('[data-slot="tool-steps-error-code"]')?.textContent).toBe('overloaded_error');
    expect(part()?.querySelector('[data-slot="tool-steps-error-message"]')?.textContent).toBe('');
  });
});
