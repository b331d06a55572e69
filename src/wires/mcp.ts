/**
 * MCP tool calls as steps (`@modelcontextprotocol/sdk` 1.x, protocol 2025-11-25; the MCP
 * specification). A UI rarely sees MCP's wire: it sees the app's `Client`. So MCP is read by adapters, not
 * by a stream decoder:
 *
 * - `createMcpToolCalls({ emit })` wraps `Client.callTool` (any object with that method: the kit does
 *   not depend on the SDK) and emits the steps of each call: start, input, approval, progress,
 *   elicitation, result, error, cancellation and timeout.
 * - `createMcpTracker(options)` reads the JSON-RPC messages of any transport (stdio lines, Streamable
 *   HTTP, a WebSocket) as they are sent and received, and emits the same steps.
 *
 * The trap: a failure is a success on the wire. A tool's error is a *result* with `isError: true`
 * (the TS `McpServer` even returns an unknown tool or invalid arguments that way), while other servers
 * answer JSON-RPC errors for the same cases; both fail the step. And the SDK rejects an abort and a
 * timeout with the same code (-32001): only the caller's own signal tells them apart.
 */

import type { StepEvent, ToolPresentation } from 'tool-steps/core';
import { isRecord, wireText } from '../core/values';
import { isIconSrc } from './icon-src';

/**
 * The words the MCP adapters put on steps: the approval's side effects read from a tool's annotations
 * (hints from the server, not guarantees). Everything else they record is the server's own text or a
 * code the list writes through `labels`. Pass a locale's words to `createMcpToolCalls({ words })` or `mcpSideEffects`.
 */
export interface McpWords {
  /** A tool that may change or delete data. */
  destructive: string;
  /** A tool that reaches services outside the app. */
  openWorld: string;
}

/** The English `McpWords`. */
export const englishMcpWords: Readonly<McpWords> = Object.freeze({
  destructive: 'May change or delete data',
  openWorld: 'Reaches services outside this app',
});

/** An icon of a tool (`tools/list`): an `https:` or `data:` URL. */
export interface McpIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** A tool as `tools/list` describes it (the fields the adapters read). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  icons?: McpIcon[];
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/** A `tools/call` result (`CallToolResult`). */
export interface McpCallToolResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** What `onprogress` receives. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** The part of the SDK's `Client` that `createMcpToolCalls` uses. */
export interface McpClientLike {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: {
      onprogress?: (progress: McpProgress) => void;
      signal?: AbortSignal;
      timeout?: number;
      resetTimeoutOnProgress?: boolean;
      maxTotalTimeout?: number;
    },
  ): Promise<unknown>;
}

/** Where the adapters send events: `store.apply`, or any function. */
export type McpEmit = (events: StepEvent[]) => void;

/** The label of a tool: `title`, then `annotations.title`, then `name` (the SDK's `getDisplayName`). */
export function mcpToolLabel(tool: McpTool): string {
  // A tool from a `tools/list` the tracker read is the server's JSON: only strings are names.
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return text(tool.title) ?? text(tool.annotations?.title) ?? tool.name;
}

/**
 * The presentation of a tool's steps: its label (`mcpToolLabel`) and, when the tool has a safe one, its
 * icon as an image URL (`mcpIconSrc`; without one, the kit's table picks an icon by name).
 */
export function mcpToolPresentation(tool: McpTool, theme?: 'light' | 'dark'): ToolPresentation {
  const presentation: ToolPresentation = { label: mcpToolLabel(tool) };
  const icon = mcpIconSrc(tool, theme);
  if (icon !== undefined) presentation.icon = icon;
  return presentation;
}

/**
 * What a call of this tool may do, for an approval prompt, from its annotations and the spec's
 * defaults (`destructiveHint` true and `openWorldHint` true unless the tool says otherwise, none of it
 * for a read-only tool). Annotations are hints: use them only for servers you trust.
 */
export function mcpSideEffects(tool: McpTool, words: McpWords = englishMcpWords): string[] {
  const a = tool.annotations ?? {};
  if (a.readOnlyHint === true) return a.openWorldHint === false ? [] : [words.openWorld];
  const effects: string[] = [];
  if (a.destructiveHint !== false) effects.push(words.destructive);
  if (a.openWorldHint !== false) effects.push(words.openWorld);
  return effects;
}

/** Whether a host that gates calls on annotations should ask first: anything not marked read-only. */
export function mcpNeedsApproval(tool: McpTool): boolean {
  return tool.annotations?.readOnlyHint !== true;
}

/**
 * The tool icon to draw, or `undefined`: the first of `icons` for the theme (or without one) whose
 * `src` is `https:` or a raster `data:` image (`isIconSrc`). SVG is never chosen (the spec warns it can
 * carry script). The adapters put it on the step as `presentation.icon`, which `ToolStepIcon` draws
 * as an image.
 */
export function mcpIconSrc(tool: McpTool, theme?: 'light' | 'dark'): string | undefined {
  const safe = (icon: unknown): icon is McpIcon =>
    isRecord(icon) && isIconSrc(icon.src) && !(typeof icon.mimeType === 'string' && /svg/i.test(icon.mimeType));
  const icons = Array.isArray(tool.icons) ? tool.icons.filter(safe) : [];
  return (icons.find((i) => i.theme === theme) ?? icons.find((i) => i.theme === undefined) ?? icons[0])?.src;
}

function basename(uri: string): string {
  return uri.split(/[/\\]/).pop() || uri;
}

/** A content block as the kit's media renderer reads parts; `undefined` for text. */
function mediaPart(block: Record<string, unknown>): Record<string, unknown> | undefined {
  const mimeType = typeof block.mimeType === 'string' ? block.mimeType : undefined;
  switch (block.type) {
    case 'image':
    case 'audio':
      return { type: block.type === 'image' ? 'image' : 'file', mediaType: mimeType, data: block.data };
    case 'resource_link':
      return {
        type: mimeType?.startsWith('image/') ? 'image' : 'file',
        mediaType: mimeType,
        url: block.uri,
        filename: block.title ?? block.name,
      };
    case 'resource': {
      const r = isRecord(block.resource) ? block.resource : {};
      const type = typeof r.mimeType === 'string' ? r.mimeType : undefined;
      const filename = typeof r.uri === 'string' ? basename(r.uri) : undefined;
      const data = typeof r.blob === 'string' ? r.blob : { type: 'text', text: r.text };
      return { type: type?.startsWith('image/') ? 'image' : 'file', mediaType: type, data, filename };
    }
    default:
      return undefined;
  }
}

/**
 * The events that end a step from a `tools/call` result: `isError` fails it (the text is the
 * message); otherwise `result` is the text blocks (what a host gives the model) and `details` is
 * `structuredContent` (JSON or a table), the media blocks (`kind: 'media'`), or resource links alone
 * (`kind: 'sources'`; never fetched).
 */
export function mcpResultEvents(id: string, result: unknown): StepEvent[] {
  const r = isRecord(result) ? result : {};
  const blocks = (Array.isArray(r.content) ? r.content : []).filter(isRecord);
  const text = blocks
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    .join('\n');
  if (r.isError === true) {
    // without text, the code: the list writes its sentence (`labels.reasons`)
    const event: StepEvent = text
      ? { type: 'step-error', id, message: text }
      : { type: 'step-error', id, message: '', code: 'tool-error' };
    if (blocks.length > 0) event.result = text || blocks;
    return [event];
  }
  const others = blocks.filter((b) => b.type !== 'text');
  const event: StepEvent = { type: 'step-result', id, result: text || (others.length > 0 ? others : text) };
  if (others.length > 0 && others.every((b) => b.type === 'resource_link')) {
    event.details = {
      kind: 'sources',
      sources: others.map((b) => ({
        url: wireText(b.uri),
        ...(typeof (b.title ?? b.name) === 'string' && { title: (b.title ?? b.name) as string }),
        ...(typeof b.description === 'string' && { snippet: b.description }),
      })),
    };
  } else if (others.length > 0) {
    const parts: unknown[] = blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : mediaPart(b)));
    event.details = { kind: 'media', parts: parts.filter(Boolean) };
  } else if (r.structuredContent !== undefined) {
    event.details = r.structuredContent;
  }
  return [event];
}

/**
 * A progress notification as a step update: the message, with `{ progress, total }` as details (the
 * list writes "2 of 4" from them, in its locale, when there is no message).
 */
export function mcpProgressEvent(id: string, p: McpProgress): StepEvent {
  const details = p.total !== undefined ? { progress: p.progress, total: p.total } : { progress: p.progress };
  const event: StepEvent = { type: 'step-progress', id, details };
  if (p.message !== undefined) event.content = p.message;
  return event;
}

/** The error code the SDK gives an abort and a timeout alike (`RequestTimeout`). */
const REQUEST_TIMEOUT = -32001;

/** Options of one call (`McpToolCalls.call`). */
export interface McpCallOptions {
  /** The step id: the host's own call id (the model's tool call id), not the JSON-RPC id. */
  id: string;
  /** The tool (from `listTools()`) or its name. */
  tool: McpTool | string;
  arguments?: Record<string, unknown>;
  /** Stops the call: the step ends `cancelled`. */
  signal?: AbortSignal;
  /** Passed to `callTool` (the SDK's default is 60 s); a timeout fails the step with `TOOL_TIMEOUT`. */
  timeout?: number;
  maxTotalTimeout?: number;
  /**
   * Asks a person before calling (the host's gate; MCP has no approval message). Called for tools
   * `needsApproval` selects, after the step shows `awaiting-approval` with the annotations' side
   * effects; resolve `false` to deny the call. Without it, nothing is asked.
   */
  approve?: (request: { id: string; tool: McpTool; arguments?: Record<string, unknown> }) => boolean | Promise<boolean>;
  /** Which tools `approve` is asked about. @default mcpNeedsApproval */
  needsApproval?: (tool: McpTool) => boolean;
}

/** How a call ended. */
export type McpCallOutcome =
  | { status: 'succeeded'; result: unknown }
  | { status: 'failed' | 'cancelled' | 'denied'; result?: unknown; error?: unknown };

/** An `elicitation/create` request's params (form or URL mode). */
export interface McpElicitation {
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  requestedSchema?: unknown;
}

/**
 * An elicitation's answer (`ElicitResult`). A type, not an interface: the SDK's `setRequestHandler` takes a
 * result with an index signature, which an interface never satisfies.
 */
export type McpElicitResult = {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** MCP calls of one client (one server), shown as steps. */
export interface McpToolCalls {
  /**
   * Calls a tool through `Client.callTool` (or anything shaped like it) and emits its step. Never
   * throws for the call's own failures: they end the step, and the outcome says how.
   */
  call(client: McpClientLike, options: McpCallOptions): Promise<McpCallOutcome>;
  /**
   * Shows a server's `elicitation/create` on the step of the call in flight (the SDK gives the
   * handler no link to its call, so it shows only while exactly one call runs), asks `answer`, and
   * returns its result. Accepting moves the step back to running; declining or cancelling ends it
   * `denied` (what the tool answers after that is not shown). Use it in the client's handler:
   * `client.setRequestHandler(ElicitRequestSchema, (req) => calls.elicit(req.params, () => ask(req.params)))`.
   */
  elicit(params: McpElicitation, answer: () => McpElicitResult | Promise<McpElicitResult>): Promise<McpElicitResult>;
}

interface InFlight {
  id: string;
  declined?: boolean;
}

/**
 * The adapter around the MCP SDK's `Client.callTool`: `createMcpToolCalls({ emit: store.apply })`,
 * then `calls.call(client, { id, tool, arguments })` for each call. No dependency on the SDK: any
 * object with a `callTool(params, schema, options)` method works.
 */
export function createMcpToolCalls(options: {
  emit: McpEmit;
  /** The approval's side-effect words. @default englishMcpWords */
  words?: McpWords;
  /** Which of a tool's themed icons to put on its steps (the page's colour scheme). */
  iconTheme?: 'light' | 'dark';
}): McpToolCalls {
  const { emit } = options;
  const inFlight = new Set<InFlight>();
  return {
    async call(client, call) {
      const { id, signal } = call;
      const tool: McpTool = typeof call.tool === 'string' ? { name: call.tool } : call.tool;
      emit([
        { type: 'step-start', id, toolName: tool.name, presentation: mcpToolPresentation(tool, options.iconTheme) },
        { type: 'step-input', id, input: call.arguments ?? {} },
      ]);
      if (call.approve && (call.needsApproval ?? mcpNeedsApproval)(tool)) {
        const approval: StepEvent = { type: 'step-approval', id, sideEffects: mcpSideEffects(tool, options.words) };
        if (tool.description) approval.description = tool.description;
        emit([approval]);
        const approved = await call.approve({ id, tool, arguments: call.arguments });
        emit([{ type: 'step-decision', id, approved }]);
        if (!approved) return { status: 'denied' };
      }
      const entry: InFlight = { id };
      inFlight.add(entry);
      try {
        const result = await client.callTool({ name: tool.name, arguments: call.arguments }, undefined, {
          signal,
          timeout: call.timeout,
          maxTotalTimeout: call.maxTotalTimeout,
          resetTimeoutOnProgress: true,
          onprogress: (p) => emit([mcpProgressEvent(id, p)]),
        });
        if (entry.declined) return { status: 'denied', result };
        const events = mcpResultEvents(id, result);
        emit(events);
        return events[0]?.type === 'step-error' ? { status: 'failed', result } : { status: 'succeeded', result };
      } catch (error) {
        if (signal?.aborted) {
          // the caller's own reason, when it gave one as an error
          const reason = signal.reason instanceof Error ? signal.reason.message : undefined;
          emit([reason !== undefined ? { type: 'step-cancelled', id, reason } : { type: 'step-cancelled', id }]);
          return { status: 'cancelled', error };
        }
        if (entry.declined) return { status: 'denied', error };
        const code = isRecord(error) && typeof error.code === 'number' ? error.code : undefined;
        const event: StepEvent = {
          type: 'step-error',
          id,
          message: error instanceof Error ? error.message : wireText(error),
        };
        if (code === REQUEST_TIMEOUT) event.code = 'TOOL_TIMEOUT';
        else if (code !== undefined) event.code = `MCP_${code}`;
        emit([event]);
        return { status: 'failed', error };
      } finally {
        inFlight.delete(entry);
      }
    },
    async elicit(params, answer) {
      const only = inFlight.size === 1 ? [...inFlight][0] : undefined;
      if (only) emit([{ type: 'step-approval', id: only.id, description: params.message }]);
      const result = await answer();
      if (only && inFlight.has(only)) {
        if (result.action === 'accept') emit([{ type: 'step-decision', id: only.id, approved: true }]);
        else {
          // the question is the card's description; the header says "Denied" in the list's words
          only.declined = true;
          emit([{ type: 'step-decision', id: only.id, approved: false }]);
        }
      }
      return result;
    },
  };
}

/** Options of `createMcpTracker`. */
export interface McpTrackerOptions {
  emit: McpEmit;
  /** Tools by name (from a `tools/list` result), for labels; the tracker also reads `tools/list` results it sees. */
  tools?: readonly McpTool[];
  /** The step id of a `tools/call` request. @default `mcp-<JSON-RPC id>` */
  stepId?: (request: { id: string | number; name: string; arguments?: unknown }) => string;
  /** Which of a tool's themed icons to put on its steps (the page's colour scheme). */
  iconTheme?: 'light' | 'dark';
}

/** A JSON-RPC transport's messages in, steps out. */
export interface McpTracker {
  /** A message the client sent (requests, notifications, its answers to the server's requests). */
  sent(message: unknown): void;
  /** A message the client received. */
  received(message: unknown): void;
}

/**
 * Follows `tools/call` on any JSON-RPC transport: wrap the transport's `send` and `onmessage` (or
 * read a stdio log) and pass each message. Requests start steps; `notifications/progress` updates
 * them by progress token; the response ends them (`isError` and JSON-RPC errors fail them);
 * `notifications/cancelled` from either side cancels them; an `elicitation/create` while exactly one
 * call is open shows on it, and the client's answer decides it.
 */
export function createMcpTracker(options: McpTrackerOptions): McpTracker {
  const { emit } = options;
  const tools = new Map((options.tools ?? []).map((t) => [t.name, t]));
  const byRequest = new Map<string, string>();
  const byToken = new Map<string, string>();
  const listRequests = new Set<string>();
  const elicitations = new Map<string, string>();
  // Ids, request ids and tokens come from the wire: `wireText` never throws (`String()` does on some JSON).
  const key = (id: unknown) => `${typeof id}:${wireText(id)}`;

  function cancel(requestId: unknown, reason: unknown): void {
    const step = byRequest.get(key(requestId));
    if (step === undefined) return;
    byRequest.delete(key(requestId));
    emit([{ type: 'step-cancelled', id: step, ...(typeof reason === 'string' && { reason }) }]);
  }

  return {
    sent(message) {
      if (!isRecord(message)) return;
      const params = isRecord(message.params) ? message.params : {};
      if (message.method === 'tools/call' && message.id !== undefined && typeof params.name === 'string') {
        const rpcId = message.id as string | number;
        const id =
          options.stepId?.({ id: rpcId, name: params.name, arguments: params.arguments }) ?? `mcp-${wireText(rpcId)}`;
        byRequest.set(key(rpcId), id);
        const meta = isRecord(params._meta) ? params._meta : {};
        if (meta.progressToken !== undefined) byToken.set(key(meta.progressToken), id);
        const tool = tools.get(params.name) ?? { name: params.name };
        emit([
          { type: 'step-start', id, toolName: params.name, presentation: mcpToolPresentation(tool, options.iconTheme) },
          { type: 'step-input', id, input: params.arguments ?? {} },
        ]);
      } else if (message.method === 'tools/list' && message.id !== undefined) {
        listRequests.add(key(message.id));
      } else if (message.method === 'notifications/cancelled') {
        cancel(params.requestId, params.reason);
      } else if (message.method === undefined && elicitations.has(key(message.id))) {
        const step = elicitations.get(key(message.id)) as string;
        elicitations.delete(key(message.id));
        const result = isRecord(message.result) ? message.result : {};
        const approved = result.action === 'accept';
        emit([{ type: 'step-decision', id: step, approved }]);
        // Declined: the step ended `denied`; the tool's answer after that is not shown (as in `createMcpToolCalls`).
        if (!approved) for (const [request, s] of byRequest) if (s === step) byRequest.delete(request);
      }
    },
    received(message) {
      if (!isRecord(message)) return;
      const params = isRecord(message.params) ? message.params : {};
      if (message.method === 'notifications/progress') {
        const step = byToken.get(key(params.progressToken));
        if (step !== undefined && typeof params.progress === 'number') {
          emit([
            mcpProgressEvent(step, {
              progress: params.progress,
              total: typeof params.total === 'number' ? params.total : undefined,
              message: typeof params.message === 'string' ? params.message : undefined,
            }),
          ]);
        }
      } else if (message.method === 'notifications/cancelled') {
        cancel(params.requestId, params.reason);
      } else if (message.method === 'elicitation/create' && message.id !== undefined) {
        const open = [...new Set(byRequest.values())];
        if (open.length !== 1) return;
        const step = open[0] as string;
        elicitations.set(key(message.id), step);
        emit([{ type: 'step-approval', id: step, description: wireText(params.message ?? '') }]);
      } else if (message.method === undefined && message.id !== undefined) {
        const k = key(message.id);
        if (listRequests.delete(k)) {
          const list = isRecord(message.result) && Array.isArray(message.result.tools) ? message.result.tools : [];
          for (const t of list)
            if (isRecord(t) && typeof t.name === 'string') tools.set(t.name, t as unknown as McpTool);
          return;
        }
        const step = byRequest.get(k);
        if (step === undefined) return;
        byRequest.delete(k);
        for (const [token, s] of byToken) if (s === step) byToken.delete(token);
        if (isRecord(message.error)) {
          const error = message.error;
          const event: StepEvent = {
            type: 'step-error',
            id: step,
            message: typeof error.message === 'string' ? error.message : '',
          };
          if (typeof error.code === 'number')
            event.code = error.code === REQUEST_TIMEOUT ? 'TOOL_TIMEOUT' : `MCP_${error.code}`;
          else if (event.message === '') event.code = 'tool-error';
          emit([event]);
        } else emit(mcpResultEvents(step, message.result));
      }
    },
  };
}
