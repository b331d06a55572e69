/**
 * The decoders, loaded on demand. `readStream` knows the protocol only once the headers or the first
 * frames have named it, and it is async anyway, so it imports just the decoder it needs: an app that
 * reads one wire does not download the other eight (each is a separate chunk for the app's bundler).
 * The synchronous readers (`eventsFromText`, `decoderFor`) import them all statically instead.
 */
import type { ProtocolName, StepDecoder } from './types';

/** A fresh decoder for `protocol`, once its module has loaded. Rejects only when the module cannot load. */
export function loadDecoder(protocol: ProtocolName): Promise<StepDecoder> {
  switch (protocol) {
    case 'cogitator':
      return import('./cogitator').then((m) => m.cogitator());
    case 'cogitator-ws':
      return import('./cogitator-ws').then((m) => m.cogitatorWebSocket());
    case 'ai-sdk':
      return import('./ai-sdk').then((m) => m.aiSdk());
    case 'anvia':
      return import('./anvia').then((m) => m.anvia());
    case 'native':
      return import('./native').then((m) => m.native());
    case 'openai-responses':
      return import('./openai').then((m) => m.openaiResponses());
    case 'openai-agents':
      return import('./openai-agents').then((m) => m.openaiAgents());
    case 'anthropic':
      return import('./anthropic').then((m) => m.anthropic());
    case 'ag-ui':
      return import('./ag-ui').then((m) => m.agUi());
  }
}
