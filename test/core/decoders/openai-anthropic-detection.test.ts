/**
 * Auto-detection of the OpenAI Responses, Agents SDK and Anthropic streams among the other wires, and
 * the bad input the vendor reducers reject (OpenAI): read tolerantly, with a diagnostic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { reduceSteps } from 'tool-steps/core';
import { decoderFor, detectProtocol, eventsFromText, stepsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { emptyStepsState } from '../../../src/core/step';

const wire = (name: string) => readFileSync(new URL(`../../fixtures/wires/${name}`, import.meta.url), 'utf8');
const dataFrames = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trim());

describe('detection of the vendor wires', () => {
  const captures = readdirSync(new URL('../../fixtures/wires/', import.meta.url)).filter((f) =>
    /^(openai|anthropic).*\.(sse|jsonl)$/.test(f),
  );

  it.each(captures)('%s is detected from its first frame', (name) => {
    const text = wire(name);
    const first = name.endsWith('.jsonl') ? text.split('\n')[0] : dataFrames(text)[0];
    const expected = name.startsWith('anthropic')
      ? 'anthropic'
      : name.startsWith('openai-agents')
        ? 'openai-agents'
        : 'openai-responses';
    expect(detectProtocol(first)).toBe(expected);
    // Read with 'auto', the capture gives what its own decoder gives.
    expect(stepsFromText(text)).toEqual(stepsFromText(text, { protocol: expected }));
  });

  it.each([
    [
      'an OpenAI error event',
      { type: 'error', code: 'server_error', message: 'x', param: null, sequence_number: 3 },
      'openai-responses',
    ],
    ['an OpenAI keepalive', { type: 'keepalive', sequence_number: 9 }, 'openai-responses'],
    [
      'an Anthropic error event',
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'anthropic',
    ],
    ['an Anthropic ping', { type: 'ping' }, undefined],
    ['a Cogitator error (no sequence_number, message only)', { type: 'error', message: 'x' }, 'cogitator'],
    ['an AI SDK error', { type: 'error', errorText: 'x' }, 'ai-sdk'],
  ])('%s', (_name, frame, expected) => {
    expect(detectProtocol(frame)).toBe(expected);
  });

  it('takes the explicit header for each new wire', () => {
    for (const name of ['openai-responses', 'openai-agents', 'anthropic'] as const) {
      expect(detectProtocol(new Headers({ 'x-tool-steps-protocol': name }))).toBe(name);
      expect(decoderFor(name).protocol).toBe(name);
    }
  });
});

describe('OpenAI Responses bad input: what the SDK rejects, read with a diagnostic', () => {
  const body = wire('openai-builtins.sse');
  const clean = stepsFromText(body, { protocol: 'openai-responses' });

  it('an unknown event type (the SDK throws "Unhandled response stream event") is counted once and skipped', () => {
    const extra =
      'event: response.hologram.rendering\ndata: {"type":"response.hologram.rendering","output_index":0,"sequence_number":99}\n\n';
    const text = body.replace('event: response.output_item.added', `${extra}${extra}event: response.output_item.added`);
    const state = stepsFromText(text);
    expect(state.diagnostics.count).toBe(1);
    expect(state.ids).toEqual(clean.ids);
    expect(state.byId.call_read?.input).toEqual(clean.byId.call_read?.input);
  });

  it('frames without their event: line and CRLF framing change nothing (the SDK reads the JSON type too)', () => {
    const text = body.replace(/^event: .*\n/gm, '').replace(/\n/g, '\r\n');
    expect(stepsFromText(text)).toEqual(clean);
  });

  it('an argument delta whose item_id is not the item at its output_index is read by id, with a diagnostic', () => {
    const text = body.replace(
      '"type":"response.function_call_arguments.delta","output_index":5,"item_id":"fc_01"',
      '"type":"response.function_call_arguments.delta","output_index":6,"item_id":"fc_01"',
    );
    // Index 6 is not added yet at that point: the event is still found by its id.
    const state = stepsFromText(text);
    expect(state.byId.call_read?.input).toEqual({ path: 'CHANGELOG.md' });
    const swapped = body.replace(
      '"type":"response.function_call_arguments.delta","output_index":6,"item_id":"fc_02"',
      '"type":"response.function_call_arguments.delta","output_index":5,"item_id":"fc_02"',
    );
    const crossed = stepsFromText(swapped);
    expect(crossed.byId.call_prs?.input).toEqual({});
    expect(crossed.diagnostics.count).toBe(1);
  });

  it('a function call done with status incomplete is not kept open by response.incomplete', () => {
    const text = wire('openai-shell.sse').replace(
      'event: response.incomplete',
      `event: response.output_item.done\ndata: ${JSON.stringify({
        type: 'response.output_item.done',
        output_index: 4,
        item: {
          id: 'fc_cut',
          type: 'function_call',
          status: 'incomplete',
          arguments: '{"path":"notes.md","text":"Line one',
          call_id: 'call_cut',
          name: 'write_file',
        },
        sequence_number: 90,
      })}\n\nevent: response.incomplete`,
    );
    expect(stepsFromText(text).byId.call_cut?.status).toBe('interrupted');
  });

  it('a stream cut before response.completed aborts the run: its calls end interrupted', () => {
    const cut = body.slice(0, body.indexOf('event: response.completed'));
    const state = reduceSteps(emptyStepsState, eventsFromText(cut));
    expect(state.run.status).toBe('interrupted');
    expect(state.byId.call_read?.status).toBe('interrupted');
  });
});
