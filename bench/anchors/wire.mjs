// The bytes every path of bench/anchors.mjs reads: an AI SDK UI message stream (`x-vercel-ai-ui-message-stream:
// v1`, one `data: <JSON>\n\n` SSE event per chunk, `data: [DONE]` last; shared/AI-SDK.md A1), built once per
// rung, with what a correct reader must end with (`expected`), checked after every run.

/** The headers `toUIMessageStreamResponse()` sends; the kit detects the protocol from them. */
export const HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  'x-vercel-ai-ui-message-stream': 'v1',
};

/** Ladder A: per call, 30 argument deltas, 20 progress updates and a 2 KB output. */
export const DELTAS_PER_CALL = 30;
export const PROGRESS_PER_CALL = 20;
export const OUTPUT_CHARS = 2048;
/** Ladder B: the argument's JSON text is streamed in deltas of this many characters. */
export const BIG_DELTA_CHARS = 100;

const frame = (chunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const cut = (text, pieces) => {
  const size = Math.ceil(text.length / pieces);
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};

function stdout(i) {
  let out = '';
  for (let k = 0; out.length < OUTPUT_CHARS; k++) out += `✓ packages/pkg-${i} › test ${k} passed (${k % 17} ms)\n`;
  return out.slice(0, OUTPUT_CHARS);
}

/**
 * `calls` tool calls, one after the other, as `streamText(...).toUIMessageStreamResponse()` writes a tool
 * whose `execute` is an async generator: `tool-input-start`, the argument text in `tool-input-delta`s,
 * `tool-input-available`, `tool-output-available` with `preliminary: true` per progress update, then the
 * final `tool-output-available`.
 */
export function callsWire(calls) {
  const parts = [frame({ type: 'start', messageId: 'msg_bench' }), frame({ type: 'start-step' })];
  const args = [];
  for (let i = 0; i < calls; i++) {
    const toolCallId = `call_${i}`;
    const toolName = i % 2 ? 'read_file' : 'run_command';
    const input = {
      command: `pnpm vitest run --project core --filter pkg-${i}`,
      cwd: `packages/pkg-${i}`,
      env: { CI: '1', FORCE_COLOR: '0' },
      note: `run the unit tests of package ${i} and report every failure with its file and line`,
    };
    const text = JSON.stringify(input);
    args.push(text);
    parts.push(frame({ type: 'tool-input-start', toolCallId, toolName }));
    for (const inputTextDelta of cut(text, DELTAS_PER_CALL)) {
      parts.push(frame({ type: 'tool-input-delta', toolCallId, inputTextDelta }));
    }
    parts.push(frame({ type: 'tool-input-available', toolCallId, toolName, input }));
    for (let p = 1; p <= PROGRESS_PER_CALL; p++) {
      const output = { status: 'running', line: `pkg-${i}: test ${p} of ${PROGRESS_PER_CALL} passed`, done: p };
      parts.push(frame({ type: 'tool-output-available', toolCallId, output, preliminary: true }));
    }
    parts.push(frame({ type: 'tool-output-available', toolCallId, output: { exitCode: 0, stdout: stdout(i) } }));
  }
  parts.push(frame({ type: 'finish-step' }), frame({ type: 'finish', finishReason: 'tool-calls' }), 'data: [DONE]\n\n');
  return wire(parts.join(''), { calls, args, outputChars: OUTPUT_CHARS, progress: PROGRESS_PER_CALL });
}

/**
 * One `write_file` call whose argument's JSON text is `bytes` long (source-like lines, with quotes and
 * newlines to escape), streamed in deltas of about 100 characters, then `tool-input-available` with the
 * whole input (as the SDK sends it) and a small output.
 */
export function bigArgumentWire(bytes) {
  let content = '';
  for (let k = 0; content.length < bytes; k++) content += `// line ${k}\nexport const value${k} = compute("${k}");\n`;
  const input = { path: 'src/generated/big.ts', content };
  // Trim the content until the whole argument text is `bytes` long (each character of a line is one
  // character of JSON, bar the escaped quotes and newlines).
  while (JSON.stringify(input).length > bytes) {
    const over = JSON.stringify(input).length - bytes;
    input.content = input.content.slice(0, input.content.length - Math.max(1, Math.floor(over / 2)));
  }
  const text = JSON.stringify(input);
  const toolCallId = 'call_big';
  const toolName = 'write_file';
  const parts = [frame({ type: 'start', messageId: 'msg_bench' }), frame({ type: 'start-step' })];
  parts.push(frame({ type: 'tool-input-start', toolCallId, toolName }));
  for (let c = 0; c < text.length; c += BIG_DELTA_CHARS) {
    parts.push(frame({ type: 'tool-input-delta', toolCallId, inputTextDelta: text.slice(c, c + BIG_DELTA_CHARS) }));
  }
  parts.push(frame({ type: 'tool-input-available', toolCallId, toolName, input }));
  const output = { ok: true, bytesWritten: input.content.length };
  parts.push(frame({ type: 'tool-output-available', toolCallId, output }));
  parts.push(frame({ type: 'finish-step' }), frame({ type: 'finish', finishReason: 'tool-calls' }), 'data: [DONE]\n\n');
  return wire(parts.join(''), { calls: 1, args: [text], output, deltas: Math.ceil(text.length / BIG_DELTA_CHARS) });
}

function wire(text, expected) {
  return { text, bytes: new TextEncoder().encode(text), expected };
}
