#!/usr/bin/env node
// `node bench/wires-decode.mjs`: the cost of decoding a 2,000-call AG-UI stream and an MCP JSON-RPC log,
// against the floor (split the frames and JSON.parse each one), medians of 15 runs each. Not a test.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';

const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const core = {
  ...(await server.ssrLoadModule('/src/core/index.ts')),
  ...(await server.ssrLoadModule('/src/wires/index.ts')),
};
const CALLS = 2000;
const RUNS = 15;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
function time(fn) {
  fn();
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

// AG-UI: START, two ARGS, END and RESULT per call, as @ag-ui/encoder writes them.
const agUiEvents = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }];
for (let i = 0; i < CALLS; i++) {
  const id = `call_${i}`;
  agUiEvents.push(
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'read_file', parentMessageId: 'm' },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{"path":"src/' },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: `file_${i}.ts"}` },
    { type: 'TOOL_CALL_END', toolCallId: id },
    { type: 'TOOL_CALL_RESULT', messageId: `t${i}`, toolCallId: id, content: `contents of file ${i}` },
  );
}
agUiEvents.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
const agUiText = agUiEvents.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

// MCP: a request, two progress notifications and a result per call, one JSON-RPC message per line.
const mcpMessages = [];
for (let i = 0; i < CALLS; i++) {
  mcpMessages.push(
    {
      dir: 's',
      message: {
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'search', arguments: { q: `q${i}` }, _meta: { progressToken: i } },
      },
    },
    {
      dir: 'r',
      message: {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: i, progress: 1, total: 2, message: 'half' },
      },
    },
    {
      dir: 'r',
      message: {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: i, progress: 2, total: 2 },
      },
    },
    {
      dir: 'r',
      message: {
        jsonrpc: '2.0',
        id: i,
        result: { content: [{ type: 'text', text: `result ${i}` }], structuredContent: { n: i } },
      },
    },
  );
}
const mcpText = mcpMessages.map((m) => JSON.stringify(m)).join('\n');

const floorSse = () => {
  const out = [];
  for (const block of agUiText.split('\n\n')) if (block) out.push(JSON.parse(block.slice(6)));
  return out;
};
const floorJsonl = () => mcpText.split('\n').map((line) => JSON.parse(line));
const pushAgUi = () => {
  const decoder = core.decoders.agUi();
  const out = [];
  for (const block of agUiText.split('\n\n')) if (block) out.push(...decoder.push(JSON.parse(block.slice(6))));
  return out;
};
const decodeAgUi = () => core.eventsFromText(agUiText, { protocol: 'ag-ui' });
const decodeAgUiAuto = () => core.eventsFromText(agUiText);
const reduceAgUi = () => core.stepsFromText(agUiText, { protocol: 'ag-ui' });
const trackMcp = () => {
  const events = [];
  const tracker = core.createMcpTracker({ emit: (e) => events.push(...e) });
  for (const line of mcpText.split('\n')) {
    const { dir, message } = JSON.parse(line);
    if (dir === 's') tracker.sent(message);
    else tracker.received(message);
  }
  return events;
};
const reduceMcp = () => core.reduceSteps(core.emptyStepsState, trackMcp());

const check = {
  agUi: core.stepsFromText(agUiText, { protocol: 'ag-ui' }),
  mcp: reduceMcp(),
};
for (const [name, state] of Object.entries(check)) {
  const done = state.ids.filter((id) => state.byId[id].status === 'succeeded').length;
  if (done !== CALLS || state.diagnostics.count !== 0)
    throw new Error(`${name}: ${done} of ${CALLS} succeeded, ${state.diagnostics.count} diagnostics`);
}

console.log(
  `wires decode bench · node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length} · ${CALLS} calls · median of ${RUNS}`,
);
const rows = [
  ['AG-UI floor: split SSE frames + JSON.parse', floorSse, agUiText.length],
  ['AG-UI split + JSON.parse + agUi().push', pushAgUi],
  ['AG-UI eventsFromText (protocol ag-ui)', decodeAgUi],
  ['AG-UI eventsFromText (protocol auto)', decodeAgUiAuto],
  ['AG-UI stepsFromText (decode + reduce)', reduceAgUi],
  ['MCP floor: split lines + JSON.parse', floorJsonl, mcpText.length],
  ['MCP createMcpTracker (parse + track)', trackMcp],
  ['MCP tracker + reduceSteps', reduceMcp],
];
let floor = 0;
for (const [name, fn, bytes] of rows) {
  const ms = time(fn);
  if (bytes !== undefined) floor = ms;
  const ratio = bytes !== undefined ? `(${(bytes / 2 ** 20).toFixed(2)} MiB)` : `${(ms / floor).toFixed(2)}× floor`;
  console.log(`  ${name.padEnd(46)} ${ms.toFixed(2).padStart(8)} ms  ${ratio}`);
}
await server.close();
