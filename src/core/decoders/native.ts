/**
 * The kit's own wire format: `StepEvent` JSON, one per SSE `data:` line or JSONL line, checked with
 * what `StepEventSchema` accepts (the hand-compiled check in ../event-check.ts).
 */
import { check } from '../check';
import { checkStepEvent, fastStepEventChecks } from '../event-check';
import type { StepEvent } from '../events';
import { isEventTime, isRecord, kindOf } from '../values';
import { closedEarly, describeIssue, diagnostic, parseFrame, type StepDecoder } from './types';

/** Makes a decoder for one native stream. */
export function native(): StepDecoder {
  let ended = false;
  /** An event was read (a stream of none closed before any run started). */
  let read = false;
  return {
    protocol: 'native',
    push(frame) {
      const parsed = parseFrame('native', frame);
      if (parsed.ok === 'skip') return [];
      if (parsed.ok === false) return [parsed.event];
      let value = parsed.value;
      // A bad time costs the event its time, not the event.
      let badTime: StepEvent | undefined;
      if (isRecord(value) && value.at !== undefined && !isEventTime(value.at)) {
        const what = typeof value.at === 'number' ? String(value.at) : kindOf(value.at);
        badTime = diagnostic('native', `"at" ${what} is no time (0 to 2100); ignored`);
        const { at: _bad, ...rest } = value;
        value = rest;
      }
      let event: StepEvent;
      const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
      const fast =
        typeof type === 'string' && Object.hasOwn(fastStepEventChecks, type) && !Array.isArray(value)
          ? fastStepEventChecks[type]
          : undefined;
      if (fast?.(value as Record<string, unknown>) === true) {
        event = value as StepEvent;
      } else {
        const checked = check(checkStepEvent, value);
        if (!checked.success) {
          const what = typeof type === 'string' ? `"${type}" event` : 'event';
          const malformed = diagnostic('native', `a malformed ${what}${describeIssue(checked.error)}`);
          return badTime ? [badTime, malformed] : [malformed];
        }
        event = checked.data;
      }
      if (event.type === 'run-finish' || event.type === 'run-error' || event.type === 'run-abort') ended = true;
      if (event.type === 'run-start') ended = false;
      read = true;
      return badTime ? [badTime, event] : [event];
    },
    end() {
      if (ended) return [];
      ended = true;
      // A stream that carried no event at all is said as on every wire (and by auto-detection).
      return [closedEarly(read)];
    },
  };
}
