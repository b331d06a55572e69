/**
 * TanStack AI's `CUSTOM` events, for the AG-UI decoder: TanStack AI speaks AG-UI and sends what AG-UI
 * has no event for as `CUSTOM { name, value }`. Two of them are about calls:
 *
 * - `approval-requested { toolCallId, toolName, input, approval: { id } }`: a server tool that needs a
 *   person's decision before it runs → `step-approval` (the run then pauses for it);
 * - `tool-input-available { toolCallId, toolName, input }`: a client tool whose input is complete and
 *   that the browser now runs → `step-input` (the step stays running).
 *
 * Other names are the app's own (read with the `custom` option). A known name with a malformed value is
 * a diagnostic; nothing else is lost.
 */
import type { StepEvent } from '../../events';
import { isRecord } from '../../values';
import { diagnostic } from '../types';

/** What the AG-UI decoder lets this read and change of its calls. */
export interface CustomCalls {
  /** Whether the stream showed the call; when not, the event makes its step (`step-start`). */
  has(id: string): boolean;
  /** Records a call this event made, or marks a known one's arguments complete. */
  inputDone(id: string, name: string): void;
  /** Calls waiting for a decision: the run that ends with one pauses. */
  readonly awaiting: Set<string>;
}

const NAMES = new Set(['approval-requested', 'tool-input-available']);

/** The step events of a TanStack AI `CUSTOM` event; `undefined` for a name that is not TanStack AI's. */
export function tanstackCustom(
  name: string,
  value: unknown,
  calls: CustomCalls,
  out: StepEvent[],
): StepEvent[] | undefined {
  if (!NAMES.has(name)) return undefined;
  const id = isRecord(value) && typeof value.toolCallId === 'string' ? value.toolCallId : '';
  if (!isRecord(value) || id === '') {
    out.push(diagnostic('ag-ui', `a "CUSTOM" "${name}" event without a "toolCallId"; dropped`));
    return undefined;
  }
  const events: StepEvent[] = [];
  const toolName = typeof value.toolName === 'string' ? value.toolName : '';
  if (!calls.has(id)) events.push({ type: 'step-start', id, toolName });
  calls.inputDone(id, toolName);
  const input: StepEvent = { type: 'step-input', id };
  if (value.input !== undefined) input.input = value.input;
  events.push(input);
  if (name === 'approval-requested') {
    const approval: StepEvent = { type: 'step-approval', id };
    const request = isRecord(value.approval) ? value.approval : {};
    if (typeof request.id === 'string' && request.id !== '') approval.approvalId = request.id;
    calls.awaiting.add(id);
    events.push(approval);
  }
  return events;
}
