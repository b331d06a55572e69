// decoderFor: for every name of the decoder table, a fresh decoder that reads that wire's recording
// exactly as the `decoders.*` factory of the same wire does; a clear error for any other name.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ProtocolName, StepDecoder, StepEvent } from 'tool-steps/core';
import { decoderFor, decoders } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_NAMES } from '../../../src/core/decoders/registry';

const fixture = (path: string) => readFileSync(resolve(import.meta.dirname, '../../fixtures', path), 'utf8');

/** One recording of each wire and the `decoders.*` factory of that wire (a new name in the table fails to compile here). */
const WIRES: Record<ProtocolName, { readonly text: string; readonly factory: () => StepDecoder }> = {
  cogitator: { text: fixture('cogitator-workspace-edit.sse'), factory: decoders.cogitator },
  'cogitator-ws': { text: fixture('cogitator-ws-workspace-edit.jsonl'), factory: decoders.cogitatorWebSocket },
  'ai-sdk': { text: fixture('ai-sdk-tool-result.sse'), factory: decoders.aiSdk },
  anvia: { text: fixture('anvia-client-stream-tools.jsonl'), factory: decoders.anvia },
  native: { text: fixture('native-run.jsonl'), factory: decoders.native },
  'openai-responses': { text: fixture('wires/openai-builtins.sse'), factory: decoders.openaiResponses },
  'openai-agents': { text: fixture('wires/openai-agents.jsonl'), factory: () => decoders.openaiAgents() },
  anthropic: { text: fixture('wires/anthropic-tools.1.sse'), factory: decoders.anthropic },
  'ag-ui': { text: fixture('wires/ag-ui-tools.sse'), factory: () => decoders.agUi() },
};

/** The frames of a recording: SSE `data:` lines, or one JSON value per line. */
function frames(text: string): string[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
  return (data.length > 0 ? data : lines).filter((frame) => frame !== '[DONE]');
}

/** Every event a decoder makes of a recording, pushed frame by frame, then ended. */
function decode(decoder: StepDecoder, text: string): StepEvent[] {
  const out: StepEvent[] = [];
  for (const frame of frames(text)) out.push(...decoder.push(frame));
  out.push(...decoder.end());
  return out;
}

describe('decoderFor', () => {
  it.each(PROTOCOL_NAMES)('%s: reads its recording as decoders.* does, with a fresh decoder each call', (name) => {
    const { text, factory } = WIRES[name];
    const decoder = decoderFor(name);
    expect(decoder.protocol).toBe(name);
    expect(decoderFor(name)).not.toBe(decoder);
    const events = decode(decoder, text);
    expect(events.some((event) => event.type === 'step-start')).toBe(true);
    expect(events).toEqual(decode(factory(), text));
  });

  it('rejects an unknown name with a RangeError that says the name and every known one', () => {
    const known = PROTOCOL_NAMES.map((name) => `"${name}"`).join(', ');
    for (const name of ['vercel', 'auto', 'Cogitator', 'toString', '__proto__', '']) {
      expect(() => decoderFor(name as ProtocolName)).toThrow(RangeError);
      expect(() => decoderFor(name as ProtocolName)).toThrow(`Unknown protocol "${name}": the kit reads ${known}`);
    }
    expect(() => decoderFor(undefined as unknown as ProtocolName)).toThrow('Unknown protocol undefined');
  });

  it('rejects options the decoder does not take, naming the protocol and the option', () => {
    expect(() => decoderFor('ag-ui', { custom: 'no' } as never)).toThrow(RangeError);
    expect(() => decoderFor('ag-ui', { custom: 'no' } as never)).toThrow(/"ag-ui".*"custom"/);
    expect(() => decoderFor('native', { custom: () => undefined } as never)).toThrow(/native decoder takes no options/);
  });
});
