import { cogitatorWebSocket } from '../cogitator-history';
import { aiSdk } from './ai-sdk';
import { anvia } from './anvia';
import { cogitator } from './cogitator';
import { native } from './native';
import type { ProtocolName, StepDecoder } from './types';

export { AiSdkChunkSchemas } from './ai-sdk';
export { ANVIA_CLIENT_PROTOCOL } from './anvia';
export { CogitatorEventSchemas } from './cogitator';
export { candidateProtocols, detectProtocol, unrecognizedStreamEvent } from './detect';
export type { ProtocolName, StepDecoder } from './types';

/** A decoder factory for each wire format (DESIGN.md names): `decoders.aiSdk()` makes a fresh decoder. */
export const decoders = { cogitator, cogitatorWebSocket, aiSdk, anvia, native } as const;

const byProtocol: Readonly<Record<ProtocolName, () => StepDecoder>> = {
  cogitator,
  'cogitator-ws': cogitatorWebSocket,
  'ai-sdk': aiSdk,
  anvia,
  native,
};

/** A fresh decoder for a protocol name (the `protocol` option's values). */
export function decoderFor(protocol: ProtocolName): StepDecoder {
  return (Object.hasOwn(byProtocol, protocol) ? byProtocol[protocol] : cogitator)();
}
