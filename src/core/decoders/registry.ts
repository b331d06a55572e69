/**
 * The one table of the wires the kit reads: each protocol name and how to load its decoder's factory.
 * The name list (`PROTOCOL_NAMES`, `ProtocolName`), the lazy loader (./load.ts, which `readStream`
 * uses: one `import()` per wire, so an app that reads one wire does not download the other eight) and
 * the synchronous map of ./index.ts (typed by `DecoderFactories`, so it cannot name another decoder)
 * derive from it. This module imports no decoder statically.
 */

import { isRecord, kindOf } from '../values';
import type { AgUiOptions } from './ag-ui';
import type { OpenAIAgentsOptions } from './openai-agents';
import type { StepDecoder } from './types';

/** The wire formats the kit reads. */
export type ProtocolName =
  | 'cogitator'
  | 'cogitator-ws'
  | 'ai-sdk'
  | 'anvia'
  | 'native'
  | 'openai-responses'
  | 'openai-agents'
  | 'anthropic'
  | 'ag-ui';

/**
 * Each protocol's decoder factory, loaded on demand; the order is the order messages list them in.
 * `TableMatchesNames` holds it to `ProtocolName`: a wire missing here, or one the name list lacks, fails to compile.
 */
export const DECODER_TABLE = {
  cogitator: () => import('./cogitator').then((m) => m.cogitator),
  'cogitator-ws': () => import('./cogitator-ws').then((m) => m.cogitatorWebSocket),
  'ai-sdk': () => import('./ai-sdk').then((m) => m.aiSdk),
  anvia: () => import('./anvia').then((m) => m.anvia),
  native: () => import('./native').then((m) => m.native),
  'openai-responses': () => import('./openai').then((m) => m.openaiResponses),
  'openai-agents': () => import('./openai-agents').then((m) => m.openaiAgents),
  anthropic: () => import('./anthropic').then((m) => m.anthropic),
  'ag-ui': () => import('./ag-ui').then((m) => m.agUi),
} as const;

/** Each protocol's decoder factory, as the table loads it. */
export type DecoderFactories = { readonly [N in ProtocolName]: Awaited<ReturnType<(typeof DECODER_TABLE)[N]>> };

/**
 * The options the decoder of one protocol takes (`undefined` for a decoder that takes none). Written with
 * the options' own names, so an entry that exports it names no type of the table; `OptionsOfMatchesTable`
 * holds it to the table.
 */
export type DecoderOptionsOf<N extends ProtocolName> = N extends 'ag-ui'
  ? AgUiOptions
  : N extends 'openai-agents'
    ? OpenAIAgentsOptions
    : undefined;

/** The protocols whose decoders take options. */
type ConfigurableProtocol = {
  [N in ProtocolName]: [Exclude<DecoderOptionsOf<N>, undefined>] extends [never] ? never : N;
}[ProtocolName];

/**
 * Options for the stream's decoder: with a `protocol` named, that decoder's own options
 * (`{ protocol: 'ag-ui', decoderOptions: { custom } }`); keyed by protocol name otherwise (with
 * `'auto'`, or for a reader whose protocol may change), and the options of the protocol detected are
 * used. Only the AG-UI and OpenAI Agents decoders take options.
 */
export type DecoderOptions =
  | AgUiOptions
  | OpenAIAgentsOptions
  | { readonly 'ag-ui'?: AgUiOptions; readonly 'openai-agents'?: OpenAIAgentsOptions };

/** `DecoderOptions` by name, held to the table: each decoder that takes options, with its own. */
type ByProtocol = Exclude<DecoderOptions, AgUiOptions | OpenAIAgentsOptions>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type TableMatchesNames = Holds<Same<keyof typeof DECODER_TABLE, ProtocolName>>;
export type OptionsOfMatchesTable = Holds<
  Same<
    { [N in ProtocolName]: DecoderOptionsOf<N> | undefined },
    { [N in ProtocolName]: Parameters<DecoderFactories[N]>[0] }
  >
>;
export type ByProtocolMatchesTable = Holds<
  Same<ByProtocol, { readonly [N in ConfigurableProtocol]?: Exclude<DecoderOptionsOf<N>, undefined> }>
>;

/** Every protocol name, in the table's order. */
export const PROTOCOL_NAMES: readonly ProtocolName[] = Object.keys(DECODER_TABLE) as ProtocolName[];

/** What one option holds, for the check of `decoderOptions` before a stream is read. */
type OptionKind = 'function' | 'text' | 'texts';
/** Every option of every decoder that takes some (the compiler holds it to the decoders' own types). */
const OPTION_KINDS: {
  readonly [N in ConfigurableProtocol]: {
    readonly [K in keyof Exclude<DecoderOptionsOf<N>, undefined> & string]-?: OptionKind;
  };
} = {
  'ag-ui': { custom: 'function' },
  'openai-agents': { errorTexts: 'texts', rejectionText: 'text' },
};

const KIND_WORDS: Readonly<Record<OptionKind, string>> = {
  function: 'a function',
  text: 'a string',
  texts: 'an array of strings',
};

function holds(kind: OptionKind, value: unknown): boolean {
  if (value === undefined) return true;
  if (kind === 'function') return typeof value === 'function';
  if (kind === 'text') return typeof value === 'string';
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * `decoderOptions` (either form of `DecoderOptions`) by protocol name, or the message that says what is
 * wrong with them: an option the decoder does not take, or a value of the wrong kind, named with the
 * protocol. Nothing is wrong with no options.
 */
export function decoderOptionsByProtocol(
  protocol: 'auto' | ProtocolName,
  decoderOptions: unknown,
): { ok: true; byProtocol: Readonly<Record<string, unknown>> } | { ok: false; message: string } {
  if (decoderOptions === undefined) return { ok: true, byProtocol: {} };
  const fail = (what: string) => ({
    ok: false as const,
    message: `decoderOptions ${what}. Pass a protocol's own options with that protocol ({ protocol: "ag-ui", decoderOptions: { custom } }), or options by protocol name ({ "ag-ui": { custom } }).`,
  });
  if (!isRecord(decoderOptions)) return fail(`is ${kindOf(decoderOptions)}, not an object`);
  const keys = Object.keys(decoderOptions);
  const byName = keys.length > 0 && keys.every((key) => (PROTOCOL_NAMES as readonly string[]).includes(key));
  const entries: [string, unknown][] = byName
    ? Object.entries(decoderOptions)
    : protocol === 'auto'
      ? []
      : [[protocol, decoderOptions]];
  if (!byName && protocol === 'auto' && keys.length > 0) {
    return fail(
      `has ${keys.map((k) => `"${k}"`).join(', ')}, which names no protocol: with protocol "auto" they are keyed by protocol name`,
    );
  }
  for (const [name, options] of entries) {
    const kinds = (OPTION_KINDS as Readonly<Record<string, Readonly<Record<string, OptionKind>>>>)[name];
    if (options === undefined) continue;
    if (!kinds) return fail(`for "${name}": the ${name} decoder takes no options`);
    if (!isRecord(options)) return fail(`for "${name}" is ${kindOf(options)}, not an object`);
    for (const [key, value] of Object.entries(options)) {
      const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined;
      if (!kind) {
        const known = Object.keys(kinds)
          .map((k) => `"${k}"`)
          .join(', ');
        return fail(`for "${name}": "${key}" is no option of the ${name} decoder (it takes ${known})`);
      }
      if (!holds(kind, value))
        return fail(`for "${name}": "${key}" is ${kindOf(value)}, where the decoder takes ${KIND_WORDS[kind]}`);
    }
  }
  return { ok: true, byProtocol: Object.fromEntries(entries) };
}

/** A decoder factory called with options, whichever protocol it is for. */
export type AnyDecoderFactory = (options?: unknown) => StepDecoder;
