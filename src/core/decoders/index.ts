import type { AgUiOptions, DecoderOptionsOf, OpenAIAgentsOptions, ProtocolName, StepDecoder } from 'tool-steps/core';
import { agUi } from './ag-ui';
import { aiSdk } from './ai-sdk';
import { anthropic } from './anthropic';
import { anvia } from './anvia';
import { cogitator } from './cogitator';
import { cogitatorWebSocket } from './cogitator-ws';
import { native } from './native';
import { openaiResponses } from './openai';
import { openaiAgents as createOpenAIAgents } from './openai-agents';
import { type AnyDecoderFactory, type DecoderFactories, decoderOptionsByProtocol, PROTOCOL_NAMES } from './registry';
import { isProtocolName, unknownProtocolMessage } from './types';

export type { DecoderOptions } from './registry';

/**
 * A decoder of the OpenAI Agents SDK's run events (`protocol: 'openai-agents'`). A wrapper, not a
 * re-export: esbuild keeps a code-split module (this decoder loads on demand in `readStream`) in the
 * entry chunk when an entry re-exports one of its bindings.
 */
export function openaiAgents(options?: OpenAIAgentsOptions): StepDecoder {
  return createOpenAIAgents(options);
}
export type { ToolOutputsOptions } from './openai-outputs';
export { eventsFromToolOutputs } from './openai-outputs';
export type { ProtocolName } from './types';
export { isProtocolName, unknownProtocolMessage } from './types';

/**
 * Each protocol's decoder factory, typed by the table in ./registry.ts (the one list of the wires): the
 * synchronous readers' map.
 */
const byProtocol: DecoderFactories = {
  cogitator,
  'cogitator-ws': cogitatorWebSocket,
  'ai-sdk': aiSdk,
  anvia,
  native,
  'openai-responses': openaiResponses,
  'openai-agents': openaiAgents,
  anthropic,
  'ag-ui': agUi,
};

/** The `decoders` key of a protocol name: camelCase, and `cogitatorWebSocket` for `'cogitator-ws'`. */
const keyOf = (name: ProtocolName): string =>
  name === 'cogitator-ws' ? 'cogitatorWebSocket' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** A decoder factory for each wire format: `decoders.aiSdk()` makes a fresh decoder. */
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
  /** The OpenAI Responses API stream (`protocol: 'openai-responses'`); client calls wait for `eventsFromToolOutputs`. */
  readonly openaiResponses: () => StepDecoder;
  /** The OpenAI Agents SDK's run events (`protocol: 'openai-agents'`), objects or their JSON. */
  readonly openaiAgents: (options?: OpenAIAgentsOptions) => StepDecoder;
  /** The Anthropic Messages API stream (`protocol: 'anthropic'`); client calls wait for `eventsFromToolOutputs`. */
  readonly anthropic: () => StepDecoder;
  /** AG-UI events, @ag-ui/core 1.0 and 0.0.x (`protocol: 'ag-ui'`). */
  readonly agUi: (options?: AgUiOptions) => StepDecoder;
} = Object.fromEntries(PROTOCOL_NAMES.map((name) => [keyOf(name), byProtocol[name]])) as never;

/**
 * A fresh decoder for a protocol name (the `protocol` option's values besides `'auto'`), made with that
 * decoder's options (`decoderFor('ag-ui', { custom })`).
 *
 * @throws {RangeError} for a name no decoder has (a typo, `'auto'`, a protocol of a newer version), or
 * for options the decoder does not take; the message names the protocol and the option.
 */
export function decoderFor<N extends ProtocolName>(protocol: N, options?: DecoderOptionsOf<N>): StepDecoder {
  if (!isProtocolName(protocol)) throw new RangeError(unknownProtocolMessage(protocol));
  const checked = decoderOptionsByProtocol(protocol, options);
  if (!checked.ok) throw new RangeError(checked.message);
  return (byProtocol[protocol] as AnyDecoderFactory)(checked.byProtocol[protocol]);
}
