// The paths bench/anchors.mjs times on the same bytes. Each `run(wire)` reads the whole stream and returns
// what it ended with; `check(result, expected)` says, outside the timing, whether that is the right final
// state ('' when it is, else what is wrong).
import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport, parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema } from 'ai';
import { createParser } from 'eventsource-parser';
import { HEADERS } from './wire.mjs';

/** The size of each network read: every streaming path reads the bytes in pieces of this size. */
export const READ_BYTES = 16 * 1024;

/** The bytes as a response body, read `READ_BYTES` at a time (views of one buffer, no copy). */
function body(bytes) {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + READ_BYTES));
      offset += READ_BYTES;
    },
  });
}
const count = (n) => n.toLocaleString('en-US');
const response = (bytes) => new Response(body(bytes), { headers: HEADERS });

/** A frame parser that JSON.parses each `data:` (bar `[DONE]`) and counts what a reader needs to have seen. */
function floorParser() {
  const seen = { chunks: 0, starts: 0, finals: 0 };
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data);
      seen.chunks++;
      if (chunk.type === 'tool-input-start') seen.starts++;
      else if (chunk.type === 'tool-output-available' && !chunk.preliminary) seen.finals++;
    },
  });
  return { parser, seen };
}

function checkFloor(seen, expected) {
  if (seen.starts !== expected.calls || seen.finals !== expected.calls) {
    return `${seen.starts} starts, ${seen.finals} outputs`;
  }
  return '';
}

/** The kit's final state: every call succeeded with the streamed arguments and the output. */
function checkSteps(state, expected) {
  if (state.ids.length !== expected.calls) return `${state.ids.length} steps`;
  if (state.run.status !== 'done') return `run ${state.run.status}`;
  for (let i = 0; i < state.ids.length; i++) {
    const step = state.byId[state.ids[i]];
    if (step.status !== 'succeeded') return `${step.id} ${step.status}`;
    if (step.inputText !== expected.args[i]) return `${step.id} inputText differs`;
    if (JSON.stringify(step.input) !== expected.args[i]) return `${step.id} input differs`;
    if (expected.progress !== undefined && step.progress?.count !== expected.progress) {
      return `${step.id} ${step.progress?.count} progress updates`;
    }
    if (expected.outputChars !== undefined && step.result?.stdout?.length !== expected.outputChars) {
      return `${step.id} result differs`;
    }
    if (expected.output !== undefined && JSON.stringify(step.result) !== JSON.stringify(expected.output)) {
      return `${step.id} result differs`;
    }
  }
  return '';
}

/** The AI SDK's final message: one tool part per call, each `output-available`, final (not preliminary). */
function checkMessage(message, expected) {
  if (!message) return 'no message';
  const parts = message.parts.filter((p) => p.type.startsWith('tool-') || p.type === 'dynamic-tool');
  if (parts.length !== expected.calls) return `${parts.length} tool parts`;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.state !== 'output-available' || part.preliminary) {
      return `${part.toolCallId} ${part.state}${part.preliminary ? ' (preliminary)' : ''}`;
    }
    if (JSON.stringify(part.input) !== expected.args[i]) return `${part.toolCallId} input differs`;
    if (expected.outputChars !== undefined && part.output?.stdout?.length !== expected.outputChars) {
      return `${part.toolCallId} output differs`;
    }
    if (expected.output !== undefined && JSON.stringify(part.output) !== JSON.stringify(expected.output)) {
      return `${part.toolCallId} output differs`;
    }
  }
  return '';
}

/**
 * The paths, in the order each round runs them. `core` is the kit's `src/core/index.ts` and `src/wires/index.ts` (loaded through
 * Vite's SSR loader). `anchor: true` marks the AI SDK's paths (capped, fewer runs): their `run(wire,
 * stopAt)` stops reading at `stopAt` (a `performance.now()` time) and returns `{ stopped: true }`.
 */
export function paths(core) {
  const { createStepStore, readStream, stepsFromText } = core;
  return [
    {
      key: 'floor',
      name: 'floor (stream)',
      includes:
        'the response body in 16 KiB reads → TextDecoder (stream) → eventsource-parser → JSON.parse of every data field',
      async run(wire) {
        const reader = response(wire.bytes).body.getReader();
        const decoder = new TextDecoder();
        const { parser, seen } = floorParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
        parser.feed(decoder.decode());
        return seen;
      },
      check: checkFloor,
    },
    {
      key: 'floorText',
      name: 'floor (text)',
      includes: 'eventsource-parser over the whole text at once → JSON.parse of every data field (synchronous)',
      async run(wire) {
        const { parser, seen } = floorParser();
        parser.feed(wire.text);
        return seen;
      },
      check: checkFloor,
    },
    {
      key: 'kit',
      name: 'kit readStream + store',
      includes:
        'readStream(response) (protocol detected from the headers, 16 KiB reads, TextDecoder, framer, AI SDK decoder, validation) → createStepStore({ schedule: flush => flush() }).apply(batch) per read, one subscribed listener; the result is store.getSnapshot()',
      async run(wire) {
        const store = createStepStore({ schedule: (flush) => flush() });
        let notified = 0;
        store.subscribe(() => notified++);
        for await (const batch of readStream(response(wire.bytes))) store.apply(batch);
        return { state: store.getSnapshot(), notified };
      },
      check: (result, expected) => checkSteps(result.state, expected),
      notes: (result) => `${count(result.notified)} store notifications`,
    },
    {
      key: 'kitText',
      name: 'kit stepsFromText',
      includes:
        'stepsFromText(text): the whole text decoded (protocol detected from the first frame) and reduced in one batch, synchronously',
      async run(wire) {
        return stepsFromText(wire.text);
      },
      check: checkSteps,
    },
    {
      key: 'chat',
      name: 'AI SDK Chat',
      anchor: true,
      includes:
        "new Chat({ transport: new DefaultChatTransport({ fetch }) }) from @ai-sdk/react (the object useChat drives), one messages subscriber registered as useChat does (no throttle), await chat.sendMessage({ text }); the transport's fetch answers with the same bytes in 16 KiB reads; the SDK parses them (TextDecoderStream → EventSourceParserStream → JSON parse + uiMessageChunkSchema validation) and its reducer replaces the message in chat.messages after each chunk; no React rendering",
      async run(wire, stopAt) {
        let requests = 0;
        const fetch = async () => {
          requests++;
          return response(wire.bytes);
        };
        const chat = new Chat({ transport: new DefaultChatTransport({ api: '/api/chat', fetch }) });
        let notified = 0;
        let stopped = false;
        chat['~registerMessagesCallback'](() => {
          notified++;
          if (!stopped && performance.now() > stopAt) {
            stopped = true;
            void chat.stop();
          }
        });
        await chat.sendMessage({ text: 'run the tests' });
        return { chat, notified, requests, stopped };
      },
      check(result, expected) {
        const { chat, requests } = result;
        if (requests !== 1) return `${requests} requests`;
        if (chat.status !== 'ready') return `status ${chat.status}${chat.error ? `: ${chat.error.message}` : ''}`;
        return checkMessage(chat.messages.at(-1), expected);
      },
      notes: (result) => `${count(result.notified)} message notifications`,
    },
    {
      key: 'rums',
      name: 'AI SDK readUIMessageStream',
      anchor: true,
      includes:
        "the same bytes in 16 KiB reads → parseJsonEventStream({ schema: uiMessageChunkSchema }) (the transport's parsing: TextDecoderStream → EventSourceParserStream → JSON parse + validation) → readUIMessageStream({ stream }), every snapshot read (a structuredClone of the message per chunk), the last one kept",
      async run(wire, stopAt) {
        const chunks = parseJsonEventStream({
          stream: response(wire.bytes).body,
          schema: uiMessageChunkSchema,
        }).pipeThrough(
          new TransformStream({
            transform(parsed, controller) {
              if (!parsed.success) throw parsed.error;
              controller.enqueue(parsed.value);
            },
          }),
        );
        let message;
        let snapshots = 0;
        for await (const snapshot of readUIMessageStream({ stream: chunks, terminateOnError: true })) {
          message = snapshot;
          snapshots++;
          if (performance.now() > stopAt) return { stopped: true };
        }
        return { message, snapshots };
      },
      check: (result, expected) => checkMessage(result.message, expected),
      notes: (result) => `${count(result.snapshots)} snapshots`,
    },
  ];
}
