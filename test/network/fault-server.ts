// A local node:http server that answers each path with one fault. Shared by the
// Node-fetch matrix (test/network/faults.test.ts, which starts it itself) and the Chromium matrix
// (test/network/faults.browser.test.ts, which reaches it through fault-server.global.ts). Node only.
//
// Every answer carries `Access-Control-Allow-Origin: *` and OPTIONS preflights are answered, so a page
// served by Vite on another port may POST to it. Two control paths let a test in the browser do what the
// Node test does in-process:
//   GET /_control/closed?url=<path?query> answers once the response for that request closed (finished, or
//       the client went away): "nothing is left open", seen from the server.
//   GET /_control/release?url=<path?query> lets a stalled route go on.
// Keys are the request's path with its query, so a test may tag its URLs (`/stall?t=…`) and reruns never
// see an earlier run's responses.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StepEvent } from 'tool-steps/core';

export const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
export const native = (...events: StepEvent[]) => events.map(frame).join('');
export const START: StepEvent = { type: 'run-start' };
export const C1: StepEvent = { type: 'step-start', id: 'c1', toolName: 'read_file' };
export const C1_INPUT: StepEvent = { type: 'step-input', id: 'c1', input: { path: 'docs/über.md' } };
export const C1_DONE: StepEvent = { type: 'step-result', id: 'c1', result: 'Grüße, 世界' };
export const FINISH: StepEvent = { type: 'run-finish', status: 'done' };
export const WHOLE = native(START, C1, C1_INPUT, C1_DONE, FINISH);
const SSE = { 'content-type': 'text/event-stream' };

const bytes = Buffer.from(WHOLE);
/** The byte offset inside the 'ü' of "über" (a two-byte character): cutting there splits it. */
const MID_UTF8 = bytes.indexOf(Buffer.from('ü')) + 1;
/** The byte offset in the middle of the result frame. */
const MID_FRAME = bytes.indexOf(Buffer.from('"step-result"')) + 5;

/** What a route may ask of the server. */
export interface FaultContext {
  /** Resolves when the test releases this request (`FaultServer.release`, or `/_control/release`). */
  stall(): Promise<void>;
  /** The request's query parameters. */
  query: URLSearchParams;
}

export type Route = (req: IncomingMessage, res: ServerResponse, context: FaultContext) => void;

/** Writes a text one byte at a time, each write after the previous one was flushed. */
async function drip(res: ServerResponse, text: string): Promise<void> {
  for (const byte of Buffer.from(text)) {
    await new Promise<void>((resolve, reject) => res.write(Buffer.of(byte), (e) => (e ? reject(e) : resolve())));
  }
}

/**
 * Writes the whole run's first `length` bytes, then resets the connection: right after the bytes were
 * flushed, or with `?hold` once the test released it (when the client has shown what came).
 */
function reset(res: ServerResponse, length: number, { stall, query }: FaultContext): void {
  res.writeHead(200, SSE);
  res.write(bytes.subarray(0, length), () => {
    if (query.has('hold')) void stall().then(() => res.socket?.destroy());
    else setImmediate(() => res.socket?.destroy());
  });
}

/** A response that writes the run's start and its first step, then stays open until the client goes. */
const open: Route = (_req, res) => {
  res.writeHead(200, SSE);
  res.write(native(START, C1));
};

/** Every fault, by path. */
export const faults: Record<string, Route> = {
  '/whole': (_req, res) => res.writeHead(200, SSE).end(WHOLE),
  '/cut-reset': (_req, res, context) => reset(res, MID_FRAME, context),
  '/cut-close': (_req, res) => res.writeHead(200, SSE).end(bytes.subarray(0, MID_FRAME)),
  '/utf8-reset': (_req, res, context) => reset(res, MID_UTF8, context),
  '/utf8-close': (_req, res) => res.writeHead(200, SSE).end(bytes.subarray(0, MID_UTF8)),
  '/stall': (_req, res, { stall }) => {
    res.writeHead(200, SSE);
    res.write(native(START, C1));
    void stall().then(() => res.end());
  },
  '/401-json': (_req, res) =>
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'Sign in first.', code: 'UNAUTHENTICATED' } })),
  '/401-html': (_req, res) =>
    res
      .writeHead(401, { 'content-type': 'text/html' })
      .end('<html><head><title>Sign in required</title></head><body><form>…</form></body></html>'),
  '/403-json': (_req, res) =>
    res
      .writeHead(403, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'This key may not run tools.', code: 'FORBIDDEN' } })),
  '/403-html': (_req, res) =>
    res
      .writeHead(403, { 'content-type': 'text/html' })
      .end('<html><head><title>Access denied</title></head><body><h1>403</h1><p>No.</p></body></html>'),
  '/500-json': (_req, res) =>
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'The model is down.' })),
  '/500-html': (_req, res) =>
    res
      .writeHead(500, { 'content-type': 'text/html' })
      .end('<!doctype html><html><head><title>Internal Server Error</title></head><body>Oops</body></html>'),
  '/502-json': (_req, res) =>
    res
      .writeHead(502, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'The upstream model did not answer.' } })),
  '/502-html': (_req, res) =>
    res
      .writeHead(502, { 'content-type': 'text/html' })
      .end(
        `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title><style>${'x'.repeat(500)}</style></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>\n</html>`,
      ),
  '/200-html': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><head><title>Sign in &ndash; Corp SSO</title></head><body>${'<p>x</p>'.repeat(50_000)}</body></html>`,
      ),
  '/200-json': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'Your API key has expired.', code: 'invalid_key' } })),
  '/json-lines': (_req, res, { stall }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`${JSON.stringify(START)}\n${JSON.stringify(C1)}\n`);
    void stall().then(() => res.end(`${[C1_DONE, FINISH].map((e) => JSON.stringify(e)).join('\n')}\n`));
  },
  '/json-doc': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'run-error', message: 'Quota exceeded.', code: 'quota' }, null, 2)),
  '/empty': (_req, res) => res.writeHead(200, SSE).end(),
  '/204': (_req, res) => res.writeHead(204).end(),
  /** A result frame of `?mib=` MiB (33 by default: one over the kit's 32 MiB limit). */
  '/huge': (_req, res, { query }) => {
    const mib = Number(query.get('mib') ?? 33);
    res.writeHead(200, SSE);
    res.write(native(START, C1, C1_INPUT));
    res.write('data: {"type":"step-result","id":"c1","result":"');
    res.write(Buffer.alloc(mib * 1024 * 1024, 'x'));
    res.end(`"}\n\n${native(FINISH)}`);
  },
  '/drip': (_req, res) => {
    res.writeHead(200, SSE);
    void drip(res, WHOLE).then(() => res.end());
  },
  '/stop': open,
  '/abort': open,
  '/unmount': open,
};

export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Resolves once the response to the request with this path and query closed (it may not have come yet). */
  closed(key: string): Promise<void>;
  /** Lets the stalled request with this path and query go on (it may not have stalled yet). */
  release(key: string): void;
  close(): Promise<void>;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function keyed(): (key: string) => Deferred {
  const map = new Map<string, Deferred>();
  return (key) => {
    let entry = map.get(key);
    if (!entry) {
      entry = deferred();
      map.set(key, entry);
    }
    return entry;
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, authorization',
  'access-control-max-age': '600',
};

/** Starts the fault server on a free port of 127.0.0.1. */
export async function startFaultServer(): Promise<FaultServer> {
  const closedOf = keyed();
  const releaseOf = keyed();
  const server: Server = createServer((req, res) => {
    const key = req.url ?? '/';
    const url = new URL(key, 'http://127.0.0.1');
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/_control/closed' || url.pathname === '/_control/release') {
      const target = url.searchParams.get('url') ?? '';
      if (url.pathname === '/_control/release') {
        releaseOf(target).resolve();
        res.writeHead(200, { 'content-type': 'text/plain' }).end('released');
      } else {
        void closedOf(target).promise.then(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('closed'));
      }
      return;
    }
    res.once('close', () => closedOf(key).resolve());
    const route = faults[url.pathname];
    if (route) route(req, res, { stall: () => releaseOf(key).promise, query: url.searchParams });
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    closed: (key) => closedOf(key).promise,
    release: (key) => releaseOf(key).resolve(),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: a port a server had a moment ago. */
export async function refusedUrl(path = '/gone'): Promise<string> {
  const gone = createServer();
  gone.listen(0, '127.0.0.1');
  await once(gone, 'listening');
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}${path}`;
  gone.close();
  await once(gone, 'close');
  return url;
}
