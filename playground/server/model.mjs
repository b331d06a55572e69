// The language-model path: when OPENAI_API_KEY or ANTHROPIC_API_KEY is set, the same tools are driven
// by a real model through the AI SDK (`streamText` with the provider package), so the playground is a
// real coding agent. Every call still goes through `Run.call`: the same approvals, confinement, time
// limit and wires as the scripted plans. Tested with the SDK's mock model (test/playground/model.test.ts).
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { newReasoningId } from './agent.mjs';
import { TOOL_DESCRIPTIONS } from './tools.mjs';

/** Which model the environment asks for, or `undefined` (scripted plans). */
export function modelInfo(env = process.env) {
  if (env.ANTHROPIC_API_KEY) return { provider: 'anthropic', modelId: env.PLAYGROUND_MODEL || 'claude-sonnet-4-5' };
  if (env.OPENAI_API_KEY) return { provider: 'openai', modelId: env.PLAYGROUND_MODEL || 'gpt-4.1-mini' };
  return undefined;
}

/** The provider's language model (the provider packages read the key from the environment). */
async function languageModel(info) {
  if (info.provider === 'anthropic') {
    const { anthropic } = await import('@ai-sdk/anthropic');
    return anthropic(info.modelId);
  }
  const { openai } = await import('@ai-sdk/openai');
  return openai(info.modelId);
}

const path = { type: 'string', description: 'A path relative to the project root.' };
const SCHEMAS = {
  read_file: { type: 'object', properties: { path }, required: ['path'] },
  list_files: { type: 'object', properties: { path } },
  glob: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] },
  grep: {
    type: 'object',
    properties: { pattern: { type: 'string', description: 'A JavaScript regular expression.' }, path },
    required: ['pattern'],
  },
  edit_file: {
    type: 'object',
    properties: { path, oldText: { type: 'string' }, newText: { type: 'string' } },
    required: ['path', 'oldText', 'newText'],
  },
  write_file: { type: 'object', properties: { path, content: { type: 'string' } }, required: ['path', 'content'] },
  run_command: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  count_lines: { type: 'object', properties: { path } },
};

const SYSTEM =
  'You are a coding agent working on a small JavaScript project (ES modules, node:test tests; run them with ' +
  '`node --test`). Use the tools to read, search, edit and run things; paths are relative to the project ' +
  "root. Commands and file writes wait for the user's approval. Be brief.";

/**
 * A plan driven by a language model: `streamText` with the playground's tools; each tool's `execute`
 * is `run.call`, under the model's own call id.
 * @param {{ provider: string, modelId: string }} info
 * @param {{ model?: unknown, maxSteps?: number }} [options] `model`: a language model to use instead (tests)
 */
export function modelPlan(info, options = {}) {
  return async (run) => {
    const model = options.model ?? (await languageModel(info));
    const tools = Object.fromEntries(
      Object.entries(SCHEMAS).map(([name, schema]) => [
        name,
        tool({
          description: TOOL_DESCRIPTIONS[name],
          inputSchema: jsonSchema(schema),
          execute: async (input, { toolCallId }) => {
            const outcome = await run.call(name, input, undefined, toolCallId);
            // the model reads failures and denials as results, and can try something else
            return outcome.ok ? outcome.result : { error: outcome.message, code: outcome.code, denied: outcome.denied };
          },
        }),
      ]),
    );
    const result = streamText({
      model,
      system: SYSTEM,
      prompt: run.prompt,
      tools,
      stopWhen: stepCountIs(options.maxSteps ?? 20),
      abortSignal: run.abort.signal,
    });
    /** the model's reasoning parts: a fresh segment id each (providers reuse theirs, Anthropic's is the block index) */
    const segments = new Map();
    for await (const part of result.fullStream) {
      if (part.type === 'reasoning-start' || part.type === 'reasoning-delta' || part.type === 'reasoning-end') {
        run.emit(reasoningEvent(part, segments));
        continue;
      }
      if (part.type === 'text-delta') run.emit({ type: 'text', delta: part.text });
      else if (part.type === 'text-end') run.emit({ type: 'text', delta: '\n\n' });
      else if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
    }
  };
}

const has = (metadata, key) =>
  Object.values(metadata ?? {}).some((m) => m && typeof m === 'object' && typeof m[key] === 'string' && m[key] !== '');

/**
 * One of the model's reasoning parts as the agent's event. What the model withheld is said, never its
 * blob: Anthropic's `redactedData` makes the segment `redacted`, OpenAI's `reasoningEncryptedContent`
 * with no text `encrypted`; the metadata goes on as the SDK sends it on its own wire.
 */
export function reasoningEvent(part, segments) {
  if (part.type === 'reasoning-start') {
    const segment = { id: newReasoningId(), text: false };
    segments.set(part.id, segment);
    const event = { type: 'reasoning-start', id: segment.id };
    if (has(part.providerMetadata, 'redactedData')) event.visibility = 'redacted';
    if (part.providerMetadata) event.providerMetadata = part.providerMetadata;
    return event;
  }
  const segment = segments.get(part.id) ?? { id: newReasoningId(), text: false };
  if (part.type === 'reasoning-delta') {
    if (part.text) segment.text = true;
    return { type: 'reasoning-delta', id: segment.id, delta: part.text };
  }
  segments.delete(part.id);
  const event = { type: 'reasoning-end', id: segment.id };
  if (!segment.text && has(part.providerMetadata, 'reasoningEncryptedContent')) event.visibility = 'encrypted';
  if (part.providerMetadata) event.providerMetadata = part.providerMetadata;
  return event;
}
