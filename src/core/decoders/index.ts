import { cogitatorWebSocket } from '../cogitator-history';
import { type AgUiOptions, agUi } from './ag-ui';
import { aiSdk } from './ai-sdk';
import { anvia } from './anvia';
import { cogitator } from './cogitator';
import { native } from './native';
import type { ProtocolName, StepDecoder } from './types';

export type { AgUiOptions } from './ag-ui';
export { ANVIA_CLIENT_PROTOCOL } from './anvia';
export { detectProtocol } from './detect';
export type { ProtocolName, StepDecoder } from './types';

/** A decoder factory for each wire format (DESIGN.md names): `decoders.aiSdk()` makes a fresh decoder. */
export const decoders: {
  /** Cogitator's SSE stream (`protocol: 'cogitator'`). */
  readonly cogitator: () => StepDecoder;
  /** Cogitator's WebSocket frames (`protocol: 'cogitator-ws'`). */
  readonly cogitatorWebSocket: () => StepDecoder;
  /** The Vercel AI SDK UI message stream, ai 5 to 7 (`protocol: 'ai-sdk'`). */
  readonly aiSdk: () => StepDecoder;
  /** Anvia's `anvia.client.v3` stream (`protocol: 'anvia'`). */
  readonly anvia: () => StepDecoder;
  /** The kit's own `StepEvent` JSON (`protocol: 'native'`). */
  readonly native: () => StepDecoder;
  /** AG-UI events, @ag-ui/core 1.0 and 0.0.x (`protocol: 'ag-ui'`). */
  readonly agUi: (options?: AgUiOptions) => StepDecoder;
} = { cogitator, cogitatorWebSocket, aiSdk, anvia, native, agUi };

const byProtocol: Readonly<Record<ProtocolName, () => StepDecoder>> = {
  cogitator,
  'cogitator-ws': cogitatorWebSocket,
  'ai-sdk': aiSdk,
  anvia,
  native,
  'ag-ui': () => agUi(),
};

/** Whether a value is one of the protocol names the kit reads (the `protocol` option's values besides `'auto'`). */
export function isProtocolName(name: unknown): name is ProtocolName {
  return typeof name === 'string' && Object.hasOwn(byProtocol, name);
}

/** The message for a protocol name no decoder has: it says the name, the known ones and what to do. */
export function unknownProtocolMessage(name: unknown): string {
  const known = Object.keys(byProtocol)
    .map((known) => `"${known}"`)
    .join(', ');
  const shown = typeof name === 'string' ? `"${name}"` : String(name);
  return `Unknown protocol ${shown}: the kit reads ${known} (or "auto" to detect it from the stream). Check the protocol option's spelling.`;
}

/**
 * A fresh decoder for a protocol name (the `protocol` option's values besides `'auto'`).
 *
 * @throws {RangeError} for a name no decoder has (a typo, `'auto'`, a protocol of a newer version);
 * the message names it and lists the known ones.
 */
export function decoderFor(protocol: ProtocolName): StepDecoder {
  if (!isProtocolName(protocol)) throw new RangeError(unknownProtocolMessage(protocol));
  return byProtocol[protocol]();
}
