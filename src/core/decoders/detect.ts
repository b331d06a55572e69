import { StepEventSchema } from '../events';
import { parseFrame, type ProtocolName } from './types';

const NATIVE_TYPES: ReadonlySet<string> = new Set(StepEventSchema.options.map((o) => o.shape.type.value));

/**
 * Names the wire format of a stream from its response headers or its first frame; `undefined` when
 * nothing says yet (a comment, `[DONE]`, an empty frame): ask again with the next frame.
 */
export function detectProtocol(frameOrHeaders: unknown): ProtocolName | undefined {
  if (typeof Headers !== 'undefined' && frameOrHeaders instanceof Headers) {
    const explicit = frameOrHeaders.get('x-tool-steps-protocol');
    return explicit === 'native' || explicit === 'cogitator' ? explicit : undefined;
  }
  const parsed = parseFrame('native', frameOrHeaders);
  if (parsed.ok !== true) return undefined;
  const type = (parsed.value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return undefined;
  return NATIVE_TYPES.has(type) ? 'native' : 'cogitator';
}
