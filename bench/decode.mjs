#!/usr/bin/env node
// `node bench/decode.mjs` (also spawned by `npm run bench`): decode + reduce against the floor, on
// every wire the kit reads, on a ladder of run sizes. Issue 9, item 3: within 2× the floor.
//
// The run is the same on every wire: N calls, each with 30 argument deltas, 20 progress updates
// (where the wire has progress) and a 2 KB result, as that wire writes it. Per wire and rung:
// - floor: cut the frames (eventsource-parser for SSE, lines for JSONL) and JSON.parse each one,
//   fed the same 16 KiB chunks a page reads;
// - page: `readStream` over those chunks into a `createStepStore` with a synchronous flush and one
//   listener reading the snapshot (what `useToolStream` does, minus React);
// - text: `stepsFromText` of the whole capture.
// The three are timed alternately (the machine's load drifts alike for all of them); figures are
// medians, the ratios medians of kit / floor over the same rounds. Not a test.
// `node bench/decode.mjs cogitator ai-sdk` runs some wires only; `--rungs 100,200` some rungs.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { createServer } from 'vite';

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const core = await server.ssrLoadModule('/src/core/index.ts');

const args = process.argv.slice(2);
const rungsArg = args.indexOf('--rungs');
const RUNGS = rungsArg >= 0 ? args[rungsArg + 1].split(',').map(Number) : [100, 200, 400, 800, 1600, 3200];
const only = args.filter((a, i) => !a.startsWith('--') && (rungsArg < 0 || i !== rungsArg + 1));
const CHUNK = 16 * 1024;
const DELTAS = 30;
const PROGRESS = 20;

// ---------------------------------------------------------------------------------------------
// The run, on each wire.

/** 2 KB of a tool's output (a file's lines). */
function resultText(i) {
  let text = '';
  for (let line = 0; text.length < 2048; line++)
    text += `src/module-${i}/file-${line}.ts:${line}: export const x = ${line};\n`;
  return text.slice(0, 2048);
}
/** The arguments of call `i`, as JSON text cut into `DELTAS` pieces. */
function argPieces(i) {
  const args = JSON.stringify({
    path: `src/module-${i}/index.ts`,
    pattern: `export (const|function) name${i}`,
    context: 3,
    include: ['**/*.ts', '**/*.tsx'],
    command: `pnpm test --filter module-${i} -- --reporter dot`,
  });
  const size = Math.ceil(args.length / DELTAS);
  const pieces = [];
  for (let c = 0; c < DELTAS; c++) pieces.push(args.slice(c * size, (c + 1) * size));
  return { args, pieces };
}

const sse = (frames) => frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('');
const sseTyped = (frames) => frames.map((f) => `event: ${f.type}\ndata: ${JSON.stringify(f)}\n\n`).join('');
const jsonl = (frames) => `${frames.map((f) => JSON.stringify(f)).join('\n')}\n`;

const wires = {
  cogitator(n) {
    const f = [{ type: 'start', messageId: 'msg_1' }];
    for (let i = 0; i < n; i++) {
      const id = `call_${i}`;
      f.push({ type: 'tool-call-start', id, toolName: 'grep' });
      for (const piece of argPieces(i).pieces) f.push({ type: 'tool-call-delta', id, argsTextDelta: piece });
      f.push({ type: 'tool-call-end', id });
      for (let p = 0; p < PROGRESS; p++)
        f.push({ type: 'tool-update', toolCallId: id, content: `searching ${p}/${PROGRESS}` });
      f.push({ type: 'tool-result', id: `res_${i}`, toolCallId: id, result: resultText(i) });
    }
    f.push({ type: 'finish', messageId: 'msg_1', status: 'completed' });
    return { text: `${sse(f)}data: [DONE]\n\n`, framing: 'sse', progress: true };
  },
  'ai-sdk'(n) {
    const f = [{ type: 'start', messageId: 'msg_1' }, { type: 'start-step' }];
    for (let i = 0; i < n; i++) {
      const toolCallId = `call_${i}`;
      const { args, pieces } = argPieces(i);
      f.push({ type: 'tool-input-start', toolCallId, toolName: 'grep' });
      for (const inputTextDelta of pieces) f.push({ type: 'tool-input-delta', toolCallId, inputTextDelta });
      f.push({ type: 'tool-input-available', toolCallId, toolName: 'grep', input: JSON.parse(args) });
      for (let p = 0; p < PROGRESS; p++)
        f.push({
          type: 'tool-output-available',
          toolCallId,
          output: { status: `searching ${p}/${PROGRESS}` },
          preliminary: true,
        });
      f.push({ type: 'tool-output-available', toolCallId, output: resultText(i) });
    }
    f.push({ type: 'finish-step' }, { type: 'finish', finishReason: 'tool-calls' });
    return { text: `${sse(f)}data: [DONE]\n\n`, framing: 'sse', progress: true };
  },
  native(n) {
    const f = [{ type: 'run-start', runId: 'r1' }];
    for (let i = 0; i < n; i++) {
      const id = `call_${i}`;
      f.push({ type: 'step-start', id, toolName: 'grep' });
      for (const delta of argPieces(i).pieces) f.push({ type: 'step-input-delta', id, delta });
      f.push({ type: 'step-input', id });
      for (let p = 0; p < PROGRESS; p++) f.push({ type: 'step-progress', id, content: `searching ${p}/${PROGRESS}` });
      f.push({ type: 'step-result', id, result: resultText(i) });
    }
    f.push({ type: 'run-finish', status: 'done' });
    return { text: sse(f), framing: 'sse', progress: true };
  },
  anvia(n) {
    const f = [{ type: 'stream_start', protocol: 'anvia.client.v3', streamId: 's1', eventId: 0 }];
    let eventId = 0;
    const ev = (event) => f.push({ type: 'stream_event', streamId: 's1', eventId: ++eventId, event });
    ev({ type: 'run_start', runId: 'r1' });
    for (let i = 0; i < n; i++) {
      const toolCallId = `call_${i}`;
      const { args, pieces } = argPieces(i);
      ev({ type: 'tool_call_start', toolCallId, toolName: 'grep' });
      for (const delta of pieces) ev({ type: 'tool_call_delta', toolCallId, delta });
      ev({ type: 'tool_call_end', toolCallId, toolName: 'grep', input: JSON.parse(args) });
      ev({ type: 'tool_result', toolCallId, toolName: 'grep', result: { status: 'success', output: resultText(i) } });
    }
    ev({ type: 'run_end', status: 'completed' });
    f.push({ type: 'stream_end', streamId: 's1', eventId, status: 'completed' });
    return { text: jsonl(f), framing: 'jsonl', progress: false };
  },
  'ag-ui'(n) {
    const f = [{ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' }];
    for (let i = 0; i < n; i++) {
      const toolCallId = `call_${i}`;
      f.push({ type: 'TOOL_CALL_START', toolCallId, toolCallName: 'grep', parentMessageId: 'm1' });
      for (const delta of argPieces(i).pieces) f.push({ type: 'TOOL_CALL_ARGS', toolCallId, delta });
      f.push({ type: 'TOOL_CALL_END', toolCallId });
      for (let p = 0; p < PROGRESS; p++)
        f.push({
          type: 'ACTIVITY_SNAPSHOT',
          messageId: `activity_${i}`,
          activityType: 'progress',
          content: { toolCallId, label: `searching ${p}/${PROGRESS}` },
        });
      f.push({ type: 'TOOL_CALL_RESULT', messageId: `tool_${i}`, toolCallId, content: resultText(i), role: 'tool' });
    }
    f.push({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' });
    return { text: sse(f), framing: 'sse', progress: true };
  },
  'openai-responses'(n) {
    // Hosted MCP calls: their arguments stream and their output is on this wire (a function call's is not).
    const f = [{ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } }];
    for (let i = 0; i < n; i++) {
      const { args, pieces } = argPieces(i);
      const item = {
        id: `mcp_${i}`,
        type: 'mcp_call',
        server_label: 'files',
        name: 'grep',
        arguments: '',
        status: 'in_progress',
      };
      f.push({ type: 'response.output_item.added', output_index: i, item });
      for (const delta of pieces)
        f.push({ type: 'response.mcp_call_arguments.delta', output_index: i, item_id: item.id, delta });
      f.push({ type: 'response.mcp_call_arguments.done', output_index: i, item_id: item.id, arguments: args });
      f.push({
        type: 'response.output_item.done',
        output_index: i,
        item: { ...item, arguments: args, status: 'completed', output: resultText(i) },
      });
    }
    f.push({ type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } });
    return { text: sseTyped(f.map((e, i) => ({ ...e, sequence_number: i }))), framing: 'sse', progress: false };
  },
  'openai-agents'(n) {
    // The serialized run stream: the model's raw events (the argument deltas) and the run items.
    const f = [];
    for (let i = 0; i < n; i++) {
      const callId = `call_${i}`;
      const { args, pieces } = argPieces(i);
      for (const delta of pieces)
        f.push({
          type: 'raw_model_stream_event',
          data: { type: 'model', event: { type: 'response.function_call_arguments.delta', item_id: `fc_${i}`, delta } },
        });
      const rawItem = { type: 'function_call', callId, name: 'grep', status: 'completed', arguments: args };
      f.push({
        type: 'run_item_stream_event',
        name: 'tool_called',
        item: { type: 'tool_call_item', rawItem, agent: { name: 'Bench' } },
      });
      const output = resultText(i);
      f.push({
        type: 'run_item_stream_event',
        name: 'tool_output',
        item: {
          type: 'tool_call_output_item',
          rawItem: {
            type: 'function_call_result',
            callId,
            name: 'grep',
            status: 'completed',
            output: { type: 'text', text: output },
          },
          output,
          agent: { name: 'Bench' },
        },
      });
    }
    return { text: jsonl(f), framing: 'jsonl', progress: false };
  },
  anthropic(n) {
    // Server tool calls (code execution): their input streams and their result is on this wire.
    const f = [{ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } }];
    let index = 0;
    for (let i = 0; i < n; i++) {
      const id = `srvtoolu_${i}`;
      f.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'server_tool_use', id, name: 'bash_code_execution', input: {} },
      });
      for (const partial_json of argPieces(i).pieces)
        f.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
      f.push({ type: 'content_block_stop', index });
      index++;
      f.push({
        type: 'content_block_start',
        index,
        content_block: {
          type: 'bash_code_execution_tool_result',
          tool_use_id: id,
          content: { type: 'bash_code_execution_result', stdout: resultText(i), stderr: '', return_code: 0 },
        },
      });
      f.push({ type: 'content_block_stop', index });
      index++;
    }
    f.push({ type: 'message_delta', delta: { stop_reason: 'end_turn' } }, { type: 'message_stop' });
    return { text: sseTyped(f), framing: 'sse', progress: false };
  },
  'cogitator-ws'(n) {
    // Whole calls (no argument deltas on this transport), progress and results.
    const f = [];
    for (let i = 0; i < n; i++) {
      const id = `call_${i}`;
      f.push({
        type: 'event',
        id: 'run_1',
        payload: { type: 'tool-call', id, name: 'grep', arguments: JSON.parse(argPieces(i).args) },
      });
      for (let p = 0; p < PROGRESS; p++)
        f.push({
          type: 'event',
          id: 'run_1',
          payload: { type: 'tool-update', toolCallId: id, content: `searching ${p}/${PROGRESS}` },
        });
      f.push({
        type: 'event',
        id: 'run_1',
        payload: { type: 'tool-result', callId: id, name: 'grep', result: resultText(i) },
      });
    }
    f.push({ type: 'event', id: 'run_1', payload: { type: 'complete', result: { status: 'completed' } } });
    return { text: jsonl(f), framing: 'jsonl', progress: true };
  },
};

// ---------------------------------------------------------------------------------------------
// Floor and kit.

function chunksOf(text) {
  const out = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  return out;
}

function floorSse(chunks) {
  let n = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data !== '[DONE]') JSON.parse(event.data);
      n++;
    },
  });
  for (const chunk of chunks) parser.feed(chunk);
  return n;
}
function floorJsonl(chunks) {
  let n = 0;
  let rest = '';
  for (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      const line = rest + chunk.slice(start, nl);
      rest = '';
      start = nl + 1;
      if (line !== '') {
        JSON.parse(line);
        n++;
      }
    }
    rest += chunk.slice(start);
  }
  return n;
}

/** What a page does: readStream into a store, flushed synchronously to one listener. */
async function page(chunks, protocol) {
  const store = core.createStepStore({ schedule: (flush) => flush() });
  let seen = store.getSnapshot();
  store.subscribe(() => {
    seen = store.getSnapshot();
  });
  for await (const batch of core.readStream(chunks, { protocol })) store.apply(batch);
  return seen;
}

function check(state, name, n) {
  const done = state.ids.filter((id) => state.byId[id].status === 'succeeded').length;
  if (state.ids.length !== n || state.diagnostics.count !== 0)
    throw new Error(
      `${name}: ${state.ids.length} steps, ${done} succeeded, diagnostics ${JSON.stringify(state.diagnostics)}`,
    );
  return done;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Rounds per rung: more for small runs (their times are short and noisy). */
const roundsFor = (n) => (n <= 200 ? 15 : n <= 800 ? 9 : 5);

console.log(
  `decode bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} · ${CHUNK / 1024} KiB chunks · medians, floor / page / text timed alternately`,
);
console.log(
  `${'wire'.padEnd(17)} ${'calls'.padStart(5)} ${'MB'.padStart(6)} ${'floor ms'.padStart(9)} ${'page ms'.padStart(9)} ${'text ms'.padStart(9)} ${'page×'.padStart(6)} ${'text×'.padStart(6)}`,
);
const started = performance.now();
const summary = [];
for (const [name, make] of Object.entries(wires)) {
  if (only.length > 0 && !only.includes(name)) continue;
  for (const n of RUNGS) {
    const { text, framing } = make(n);
    const chunks = chunksOf(text);
    const floor = framing === 'sse' ? () => floorSse(chunks) : () => floorJsonl(chunks);
    const text_ = () => core.stepsFromText(text, { protocol: name });
    // Correctness first: every call succeeds, nothing was dropped or repaired.
    const expected = name === 'openai-responses' || name === 'openai-agents' || name === 'anthropic' ? n : n;
    check(text_(), `${name} text`, expected);
    check(await page(chunks, name), `${name} page`, expected);
    const rounds = roundsFor(n);
    const f = [];
    const p = [];
    const t = [];
    const pr = [];
    const tr = [];
    for (let r = -1; r < rounds; r++) {
      // Rotate the order, so no one of the three always runs after the same other.
      const order = [0, 1, 2].map((k) => (k + r + 3) % 3);
      const ms = [0, 0, 0];
      for (const k of order) {
        const t0 = performance.now();
        if (k === 0) floor();
        else if (k === 1) await page(chunks, name);
        else text_();
        ms[k] = performance.now() - t0;
      }
      if (r < 0) continue; // warm-up
      f.push(ms[0]);
      p.push(ms[1]);
      t.push(ms[2]);
      pr.push(ms[1] / ms[0]);
      tr.push(ms[2] / ms[0]);
    }
    const row = {
      name,
      n,
      mb: text.length / 1e6,
      floor: median(f),
      page: median(p),
      text: median(t),
      pageX: median(pr),
      textX: median(tr),
    };
    summary.push(row);
    console.log(
      `${name.padEnd(17)} ${String(n).padStart(5)} ${row.mb.toFixed(1).padStart(6)} ${row.floor.toFixed(1).padStart(9)} ${row.page.toFixed(1).padStart(9)} ${row.text.toFixed(1).padStart(9)} ${row.pageX.toFixed(2).padStart(6)} ${row.textX.toFixed(2).padStart(6)}${row.pageX > 2 || row.textX > 2 ? '  > 2×' : ''}`,
    );
  }
}
const worst = summary.reduce((w, r) => (Math.max(r.pageX, r.textX) > Math.max(w.pageX, w.textX) ? r : w), summary[0]);
if (worst)
  console.log(
    `worst: ${worst.name} at ${worst.n} calls, ${Math.max(worst.pageX, worst.textX).toFixed(2)}× the floor · ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
await server.close();
