/**
 * The decoders, loaded on demand (from the table in ./registry.ts). `readStream` knows the protocol only
 * once the headers or the first frames have named it, and it is async anyway, so it imports just the
 * decoder it needs: an app that reads one wire does not download the other eight (each is a separate
 * chunk for the app's bundler). The synchronous readers (`eventsFromText`, `decoderFor`) import them all
 * statically instead.
 */
import { type AnyDecoderFactory, DECODER_TABLE } from './registry';
import type { ProtocolName, StepDecoder } from './types';

/**
 * A fresh decoder for `protocol`, made with `options`, once its module has loaded. Rejects only when
 * the module cannot load.
 */
export function loadDecoder(protocol: ProtocolName, options?: unknown): Promise<StepDecoder> {
  return DECODER_TABLE[protocol]().then((create) => (create as AnyDecoderFactory)(options));
}
