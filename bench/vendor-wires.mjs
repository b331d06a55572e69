#!/usr/bin/env node
// `node bench/vendor-wires.mjs`: the decode cost of the OpenAI Responses, OpenAI Agents SDK and
// Anthropic Messages decoders on a 2,000-call stream, against the floor every reader pays (cutting the
// SSE frames with eventsource-parser and JSON.parse of each `data:`). Medians of 15 runs after a
// warm-up, floor and decode timed alternately (a shared machine's load drifts alike for both); the
// ratio is the median of decode / floor. Not a test: figures for the report, never part of `npm test`.
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
const { eventsFromText, reduceSteps, emptyStepsState } = {
  ...(await server.ssrLoadModule('/src/core/index.ts')),
  ...(await server.ssrLoadModule('/src/wires/index.ts')),
};

const CALLS = 2000;
const RUNS = 15;

const sse = (events) =>
  events.map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join('');

function openaiStream() {
  const events = [{ type: 'response.created', response: { id: 'resp_bench', status: 'in_progress', output: [] } }];
  const output = [];
  for (let i = 0; i < CALLS; i++) {
    const args = JSON.stringify({ path: `src/file-${i}.ts`, limit: i });
    const item = {
      id: `fc_${i}`,
      type: 'function_call',
      status: 'in_progress',
      arguments: '',
      call_id: `call_${i}`,
      name: 'read_file',
    };
    const done = { ...item, status: 'completed', arguments: args };
    events.push({ type: 'response.output_item.added', output_index: i, item });
    for (const piece of [args.slice(0, 10), args.slice(10, 25), args.slice(25)]) {
      events.push({ type: 'response.function_call_arguments.delta', output_index: i, item_id: item.id, delta: piece });
    }
    events.push({ type: 'response.function_call_arguments.done', output_index: i, item_id: item.id, arguments: args });
    events.push({ type: 'response.output_item.done', output_index: i, item: done });
    output.push(done);
  }
  events.push({ type: 'response.completed', response: { id: 'resp_bench', status: 'completed', output } });
  return sse(events);
}

function anthropicStream() {
  const events = [
    { type: 'message_start', message: { id: 'msg_bench', type: 'message', role: 'assistant', content: [] } },
  ];
  for (let i = 0; i < CALLS; i++) {
    const args = JSON.stringify({ path: `src/file-${i}.ts`, limit: i });
    events.push({
      type: 'content_block_start',
      index: i,
      content_block: { type: 'tool_use', id: `toolu_${i}`, name: 'read_file', input: {} },
    });
    for (const piece of ['', args.slice(0, 10), args.slice(10, 25), args.slice(25)]) {
      events.push({ type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: piece } });
    }
    events.push({ type: 'content_block_stop', index: i });
  }
  events.push({ type: 'message_delta', delta: { stop_reason: 'tool_use' } }, { type: 'message_stop' });
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

function agentsStream() {
  const lines = [];
  for (let i = 0; i < CALLS; i++) {
    const raw = {
      type: 'function_call',
      callId: `call_${i}`,
      name: 'read_file',
      status: 'completed',
      arguments: JSON.stringify({ path: `src/file-${i}.ts` }),
    };
    lines.push({
      type: 'run_item_stream_event',
      name: 'tool_called',
      item: { type: 'tool_call_item', rawItem: raw, agent: { name: 'Bench' } },
    });
  }
  for (let i = 0; i < CALLS; i++) {
    const raw = {
      type: 'function_call_result',
      callId: `call_${i}`,
      name: 'read_file',
      status: 'completed',
      output: { type: 'text', text: `contents ${i}` },
    };
    lines.push({
      type: 'run_item_stream_event',
      name: 'tool_output',
      item: { type: 'tool_call_output_item', rawItem: raw, output: `contents ${i}`, agent: { name: 'Bench' } },
    });
  }
  return lines.map((l) => JSON.stringify(l)).join('\n');
}

function sseFloor(text) {
  let n = 0;
  const parser = createParser({
    onEvent(event) {
      JSON.parse(event.data);
      n++;
    },
  });
  parser.feed(text);
  return n;
}
const jsonlFloor = (text) => text.split('\n').map((line) => JSON.parse(line)).length;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** Times `a` and `b` alternately (the machine's load drifts alike for both): medians and the median of the ratios. */
function pair(a, b) {
  a();
  b();
  const as = [];
  const bs = [];
  const ratios = [];
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    a();
    const ta = performance.now() - t0;
    t0 = performance.now();
    b();
    const tb = performance.now() - t0;
    as.push(ta);
    bs.push(tb);
    ratios.push(tb / ta);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

console.log(
  `vendor wires · ${CALLS} calls · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · median of ${RUNS}`,
);
const wires = [
  ['openai-responses', openaiStream(), sseFloor],
  ['anthropic', anthropicStream(), sseFloor],
  ['openai-agents', agentsStream(), jsonlFloor],
];
for (const [protocol, text, floorOf] of wires) {
  let events = [];
  const {
    a: floor,
    b: decode,
    ratio,
  } = pair(
    () => floorOf(text),
    () => {
      events = eventsFromText(text, { protocol });
    },
  );
  const t0 = performance.now();
  const steps = reduceSteps(emptyStepsState, events).ids.length;
  const reduce = performance.now() - t0;
  console.log(
    `${protocol.padEnd(17)} ${(text.length / 1e6).toFixed(2)} MB  floor ${floor.toFixed(1)} ms  decode ${decode.toFixed(1)} ms  ratio ${ratio.toFixed(2)}×  (one reduce ${reduce.toFixed(1)} ms, ${steps} steps)`,
  );
}
await server.close();
