// decoderFor: a decoder for each protocol name, and a clear error for any other name.
import type { ProtocolName } from 'tool-steps/core';
import { decoderFor, decoders } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const NAMES: ProtocolName[] = ['cogitator', 'cogitator-ws', 'ai-sdk', 'anvia', 'native'];

describe('decoderFor', () => {
  it('makes a fresh decoder of each protocol, the same kind decoders.* makes', () => {
    for (const name of NAMES) {
      const decoder = decoderFor(name);
      expect(decoder.protocol).toBe(name);
      expect(decoderFor(name)).not.toBe(decoder);
    }
    expect(decoderFor('ai-sdk').protocol).toBe(decoders.aiSdk().protocol);
    expect(decoderFor('native').push('{"type":"run-start"}')).toEqual([{ type: 'run-start' }]);
  });

  it('rejects an unknown name with a RangeError that says the name and the known ones', () => {
    const known = '"cogitator", "cogitator-ws", "ai-sdk", "anvia", "native"';
    for (const name of ['vercel', 'auto', 'Cogitator', 'toString', '__proto__', '']) {
      expect(() => decoderFor(name as ProtocolName)).toThrow(RangeError);
      expect(() => decoderFor(name as ProtocolName)).toThrow(`Unknown protocol "${name}": the kit reads ${known}`);
    }
    expect(() => decoderFor(undefined as unknown as ProtocolName)).toThrow('Unknown protocol undefined');
  });
});
