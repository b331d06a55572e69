// The native decoder: StepEvent JSON passes through; anything else becomes a diagnostic.

import type { StepEvent } from 'tool-steps/core';
import { decoders, eventsFromText } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const valid: StepEvent[] = [
  { type: 'run-start', runId: 'r1', at: 1 },
  {
    type: 'step-start',
    id: 'c1',
    toolName: 'read_file',
    parentId: 'p',
    presentation: { label: 'Read', icon: 'file-text', detail: 'a' },
  },
  { type: 'step-input-delta', id: 'c1', delta: '{"path":', replace: false },
  { type: 'step-input', id: 'c1', input: { path: 'a' } },
  { type: 'step-input', id: 'c1' },
  { type: 'step-progress', id: 'c1', content: 'half', details: [1], presentation: { label: 'Reading' } },
  {
    type: 'step-approval',
    id: 'c1',
    approvalId: 'ap',
    toolName: 'read_file',
    input: {},
    description: 'd',
    sideEffects: ['filesystem'],
  },
  { type: 'step-decision', id: 'c1', approved: false, reason: 'no' },
  { type: 'step-result', id: 'c1', result: null, details: { diff: '' } },
  { type: 'step-error', id: 'c2', message: 'm', code: 'TOOL_TIMEOUT', result: 1, details: 2 },
  { type: 'step-denied', id: 'c3', reason: 'r' },
  { type: 'step-cancelled', id: 'c4', reason: 'user' },
  { type: 'run-finish', status: 'paused' },
  { type: 'run-error', message: 'm', code: 'C' },
  { type: 'run-abort', reason: 'cut' },
  { type: 'diagnostic', reason: 'r', protocol: 'cogitator' },
];

describe('native decoder', () => {
  it('names its protocol', () => {
    expect(decoders.native().protocol).toBe('native');
  });

  for (const event of valid) {
    it(`passes ${event.type} through unchanged, from text or from a parsed value`, () => {
      expect(decoders.native().push(JSON.stringify(event))).toStrictEqual([event]);
      expect(decoders.native().push(event)).toStrictEqual([event]);
    });
  }

  it('drops unknown keys (the schema is the boundary)', () => {
    expect(decoders.native().push(JSON.stringify({ type: 'step-cancelled', id: 'c', extra: 1 }))).toStrictEqual([
      { type: 'step-cancelled', id: 'c' },
    ]);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ['a missing toolName', { type: 'step-start', id: 'c1' }, /^a malformed "step-start" event at "toolName": .+/],
    ['an empty id', { type: 'step-result', id: '' }, /^a malformed "step-result" event at "id": .+/],
    [
      'a wrong field type',
      { type: 'step-input-delta', id: 'c', delta: 5 },
      /^a malformed "step-input-delta" event at "delta": .+/,
    ],
    [
      'a nested path',
      { type: 'step-progress', id: 'c', presentation: { icon: 'x' } },
      /^a malformed "step-progress" event at "presentation\.label": .+/,
    ],
    [
      'an array item',
      { type: 'step-approval', id: 'c', sideEffects: ['ok', 3] },
      /^a malformed "step-approval" event at "sideEffects\.1": .+/,
    ],
    ['a bad enum', { type: 'run-finish', status: 'completed' }, /^a malformed "run-finish" event at "status": .+/],
    ['an unknown type', { type: 'step-teleport', id: 'c' }, /^a malformed "step-teleport" event at "type": .+/],
    ['no type', { id: 'c' }, /^a malformed event at "type": .+/],
    ['not an object', [1, 2], /^a malformed event: .+/],
    ['null', null, /^a malformed event: .+/],
  ];
  for (const [name, frame, reason] of invalid) {
    it(`${name} → a diagnostic with the path and the message`, () => {
      const out = decoders.native().push(JSON.stringify(frame));
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ type: 'diagnostic', protocol: 'native' });
      expect((out[0] as { reason: string }).reason).toMatch(reason);
    });
  }

  it('text that is not JSON → a diagnostic', () => {
    expect(decoders.native().push('{"type":"step-st')).toStrictEqual([
      { type: 'diagnostic', protocol: 'native', reason: 'a frame that is not JSON: {"type":"step-st' },
    ]);
  });

  it('[DONE] and empty frames are skipped', () => {
    const decoder = decoders.native();
    expect([...decoder.push('[DONE]'), ...decoder.push(''), ...decoder.push('  ')]).toEqual([]);
  });
});

describe('native end()', () => {
  it('without a run end → run-abort, once', () => {
    const decoder = decoders.native();
    decoder.push(JSON.stringify({ type: 'run-start' }));
    decoder.push(JSON.stringify({ type: 'step-start', id: 'c', toolName: 'x' }));
    expect(decoder.end()).toStrictEqual([{ type: 'run-abort', code: 'stream-closed' }]);
    expect(decoder.end()).toEqual([]);
  });

  it('an empty stream also ends with run-abort, in the sentence auto-detection says of it', () => {
    expect(decoders.native().end()).toStrictEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
    expect(eventsFromText('', { protocol: 'native' })).toEqual(eventsFromText(''));
  });

  for (const last of [
    { type: 'run-finish', status: 'done' },
    { type: 'run-finish' },
    { type: 'run-error', message: 'x' },
    { type: 'run-abort' },
  ]) {
    it(`after ${JSON.stringify(last)} → nothing`, () => {
      const decoder = decoders.native();
      decoder.push(JSON.stringify({ type: 'run-start' }));
      decoder.push(JSON.stringify(last));
      expect(decoder.end()).toEqual([]);
    });
  }

  it('a new run-start after a finish opens the run again', () => {
    const decoder = decoders.native();
    decoder.push(JSON.stringify({ type: 'run-finish' }));
    decoder.push(JSON.stringify({ type: 'run-start' }));
    expect(decoder.end()).toHaveLength(1);
  });

  it('a malformed run-finish does not end the run', () => {
    const decoder = decoders.native();
    decoder.push(JSON.stringify({ type: 'run-finish', status: 'weird' }));
    // Nothing valid was read: the stream reads as an empty one (a bad frame equals its absence).
    expect(decoder.end()).toStrictEqual([{ type: 'run-abort', code: 'closed-before-start' }]);
  });
});
