// The synthetic run of bench/decode.mjs, written for each wire the kit reads: N calls, each with 30
// argument deltas, 20 progress updates (where the wire has progress) and a 2 KB result.

const DELTAS = 30;
const PROGRESS = 20;

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

/** Reasoning deltas per segment in the `+reasoning` runs. */
const REASONING_TOKENS = 100;

export const wires = {
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
    return aiSdkRun(n, 0);
  },
  // The AI SDK run with a reasoning segment before each call, streamed token by token
  // (REASONING_TOKENS deltas each: 2,000 calls make 200,000 reasoning deltas).
  'ai-sdk+reasoning'(n) {
    return { ...aiSdkRun(n, REASONING_TOKENS), protocol: 'ai-sdk' };
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

/** An AI SDK run of `n` grep calls, each after a reasoning segment of `tokens` deltas (none when 0). */
function aiSdkRun(n, tokens) {
  const f = [{ type: 'start', messageId: 'msg_1' }, { type: 'start-step' }];
  for (let i = 0; i < n; i++) {
    if (tokens > 0) {
      const id = `reasoning_${i}`;
      f.push({ type: 'reasoning-start', id });
      for (let t = 0; t < tokens; t++) f.push({ type: 'reasoning-delta', id, delta: ` tok${t % 10}` });
      f.push({ type: 'reasoning-end', id });
    }
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
}
