import { cogitator } from './cogitator';
import { native } from './native';
import type { ProtocolName, StepDecoder } from './types';

export { CogitatorEventSchemas } from './cogitator';
export { detectProtocol } from './detect';
export type { ProtocolName, StepDecoder } from './types';

/** A decoder factory for each wire format, by name. */
export const decoders: Readonly<Record<ProtocolName, () => StepDecoder>> = { cogitator, native };
