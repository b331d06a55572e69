// Shrunk counterexamples the fuzzer found (./harness.ts), kept as they were printed, each checked by the
// property that found it. The first three were found on the code before issue 10's fixes.
import type { StepEvent } from 'tool-steps/core';
import { describe, it } from 'vitest';
import { checkDecoder, checkEvents, checkOneBadEnvelope } from './harness';

const start = { type: 'stream_start', protocol: 'anvia.client.v3', streamId: 's', eventId: 0, resumable: false };
const event = (eventId: number, e: Record<string, unknown>) => ({
  type: 'stream_event',
  streamId: 's',
  eventId,
  event: { runId: 'r', ...e },
});
const end = (eventId: number) => ({ type: 'stream_end', streamId: 's', eventId, status: 'completed' });

describe('fuzz regressions', () => {
  it('anvia: an approval after a result restarted the succeeded step (defect 9)', () => {
    checkDecoder('anvia', [
      start,
      event(1, { type: 'tool_result', toolCallId: 'c1', result: { status: 'success', output: '', content: '' } }),
      event(2, {
        type: 'interaction',
        interaction: { type: 'tool-approval', toolCallId: 'c1', toolName: 'read_file', id: '' },
      }),
      end(2),
    ]);
  });

  it('anvia: an eventId jump on the first event dropped every event after it (defect 3)', () => {
    checkOneBadEnvelope([start, event(1, { type: 'run_end' }), event(2, { type: 'run_start' }), end(2)], 0, 0);
  });

  it('native: a start after a result renamed the succeeded step (defect 9)', () => {
    checkEvents([
      { type: 'step-result', id: 'c2' },
      { type: 'step-start', id: 'c2', toolName: 'read_file' },
    ]);
  });

  it('cogitator: tool-call-start after tool-result renamed the succeeded step (defect 9)', () => {
    checkDecoder('cogitator', [
      { type: 'tool-result', toolCallId: 'c1' },
      { type: 'tool-call-start', id: 'c1', toolName: 'read_file' },
    ]);
  });

  it('a hand-made "event" that is an empty array: batch and fold agree when the fold applies batches of one', () => {
    checkEvents([[] as unknown as StepEvent]);
  });
});
