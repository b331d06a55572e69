// The playground's HTTP server (node:http): the agent's endpoints, one per wire, and the page (Vite's
// dev server in middleware mode, on the same port). Binds to 127.0.0.1 only, and answers only its own
// page (guard.mjs): the page gets the server's secret from its HTML and sends it with every call.
import { createServer as createHttpServer } from 'node:http';
import { resolve } from 'node:path';
import { sourceAliases } from '../../scripts/source-entries.mjs';
import { planFor, Run, SCENARIOS } from './agent.mjs';
import { allowedHosts, newSecret, refusal, SECRET_META } from './guard.mjs';
import { modelInfo, modelPlan } from './model.mjs';
import { SESSION_ID, Session } from './sessions.mjs';
import { openWire, WIRES } from './wires.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const MAX_BODY = 1024 * 1024;

class HttpError extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function readJson(req) {
  return new Promise((resolvePromise, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'The request body is larger than 1 MiB.', 'INVALID_INPUT'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolvePromise(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch {
        reject(new HttpError(400, 'The request body is not JSON.', 'INVALID_INPUT'));
      }
    });
    req.on('error', reject);
  });
}

function sendJson(res, status, value) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

/** The text of the last user message of an AI SDK `messages` array or an Anvia one. */
function lastUserText(messages) {
  if (!Array.isArray(messages)) return undefined;
  const message = messages.findLast?.((m) => m && m.role === 'user');
  if (!message) return undefined;
  if (typeof message.content === 'string') return message.content;
  const parts = Array.isArray(message.parts) ? message.parts : Array.isArray(message.content) ? message.content : [];
  return parts
    .filter((p) => p && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
}

/**
 * Makes the playground server.
 * @param {{ port?: number, host?: string, vite?: boolean, commandTimeoutMs?: number, searchTimeoutMs?: number,
 *   textDelayMs?: number, languageModel?: unknown, log?: (line: string) => void }} [options]
 */
export async function createPlayground(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const commandTimeoutMs = options.commandTimeoutMs ?? 30_000;
  const log = options.log ?? (() => {});
  const secret = newSecret();
  /** who may call: set once the server listens (its port is known then) */
  const allowed = { hosts: new Set(), secret };
  /** @type {Map<string, Session>} */
  const sessions = new Map();
  /** every running child process, killed (by process group) when the server stops */
  const children = new Set();
  // a language model given by the caller (tests: the SDK's mock model), else the one the environment names
  const model = options.languageModel ? { provider: 'mock', modelId: 'test' } : modelInfo();

  const session = (id) => {
    if (typeof id !== 'string' || !SESSION_ID.test(id)) {
      throw new HttpError(400, 'A session id (letters, digits, "-", "_"; at most 64) is required.', 'INVALID_INPUT');
    }
    let s = sessions.get(id);
    if (!s) {
      s = new Session(id);
      sessions.set(id, s);
    }
    return s;
  };

  const allRuns = () => [...sessions.values()].map((s) => s.run).filter(Boolean);

  /** Starts a run on `wire`, answering `res`. */
  const startRun = (wire, res, s, prompt) => {
    if (typeof prompt !== 'string' || !prompt.trim())
      throw new HttpError(400, 'The request has no text.', 'INVALID_INPUT');
    if (prompt.length > 4000) throw new HttpError(400, 'The request is longer than 4,000 characters.', 'INVALID_INPUT');
    s.run?.stop('Replaced by a newer request.');
    const run = new Run({
      session: s,
      prompt,
      commandTimeoutMs,
      searchTimeoutMs: options.searchTimeoutMs,
      children,
      textDelayMs: options.textDelayMs,
    });
    s.run = run;
    attach(wire, res, run);
    log(`run ${run.id} (${wire}): ${JSON.stringify(prompt.slice(0, 80))}`);
    run.start(model ? modelPlan(model, { model: options.languageModel }) : planFor(prompt)).finally(() => {
      if (s.run === run) s.run = undefined;
    });
    return run;
  };

  /** Attaches a response to a run; a client that leaves mid-run stops it (and kills its commands). */
  const attach = (wire, res, run, wireOptions) => {
    const sink = openWire(wire, res, run, wireOptions);
    run.sink = sink;
    res.on('close', () => {
      if (!res.writableFinished && run.sink === sink) {
        log(`run ${run.id}: the client disconnected; stopping it`);
        run.stop('The client disconnected before the run finished.');
      }
    });
    return sink;
  };

  /**
   * Resumes the run `find` picks with `decisions`, each of which must name one of its waiting calls;
   * else 409, and the run (and whatever response it streams to) is left as it was.
   */
  const resumeRun = (wire, res, decisions, find) => {
    const run = allRuns().find(find);
    if (!run) {
      throw new HttpError(
        409,
        'No paused run waits for this decision (it ended, was replaced or timed out).',
        'RUN_NOT_PAUSED',
      );
    }
    const resolved = run.match(decisions);
    if (!resolved) {
      throw new HttpError(
        409,
        'A decision names no call of this run that waits for one: only a call shown waiting can be decided.',
        'NOT_WAITING',
      );
    }
    // a response still open (decided while another call ran) ends `paused`: one live response a run
    if (run.sink && !run.sink.closed) run.pause();
    run.resume(attach(wire, res, run, { resumed: true }), resolved);
  };

  const decisionMap = (object) => {
    const map = new Map();
    if (object && typeof object === 'object') {
      for (const [key, value] of Object.entries(object)) {
        if (value && typeof value.approved === 'boolean') {
          map.set(
            key,
            typeof value.reason === 'string'
              ? { approved: value.approved, reason: value.reason }
              : { approved: value.approved },
          );
        }
      }
    }
    return map;
  };

  const routes = {
    'GET /api/info': async () => ({
      wires: WIRES,
      scenarios: SCENARIOS.map(({ id, prompt }) => ({ id, prompt })),
      model: model ? `${model.provider}:${model.modelId}` : null,
      commandTimeoutMs,
    }),
    'POST /api/reset': async (body) => {
      await session(body.session).reset();
      return { ok: true };
    },
    // Cogitator: POST {base}/agents/:name/stream, resume with { threadId, decisions } (PROTOCOLS.md §1.7)
    'POST /api/cogitator/agents/playground/stream': async (body, res) => {
      startRun('cogitator', res, session(body.context?.session), body.input);
    },
    'POST /api/cogitator/agents/playground/resume': async (body, res) => {
      // only the calls named: a `defaultDecision` for the rest is never applied (they were not decided)
      resumeRun('cogitator', res, decisionMap(body.decisions), (r) => r.threadId === body.threadId);
    },
    // AI SDK: the chat transport's body { id, messages, trigger }; approvals come back as
    // `approval-responded` tool parts in the last assistant message (addToolApprovalResponse)
    'POST /api/ai-sdk/chat': async (body, res) => {
      const last = Array.isArray(body.messages) ? body.messages.at(-1) : undefined;
      if (last?.role === 'assistant') {
        const decisions = new Map();
        for (const part of Array.isArray(last.parts) ? last.parts : []) {
          if (part?.state === 'approval-responded' && part.approval && typeof part.approval.approved === 'boolean') {
            decisions.set(part.approval.id, { approved: part.approval.approved, reason: part.approval.reason });
          }
        }
        if (decisions.size === 0)
          throw new HttpError(400, "The last message is the assistant's but answers no approval.", 'INVALID_INPUT');
        resumeRun('ai-sdk', res, decisions, (r) => [...decisions.keys()].some((k) => r.findWaiting(k)));
        return;
      }
      startRun('ai-sdk', res, session(body.id), lastUserText(body.messages));
    },
    // Anvia: { type: 'messages' } or { type: 'interaction_response', interactionId, response }
    'POST /api/anvia': async (body, res) => {
      if (body.type === 'interaction_response') {
        const response = body.response ?? {};
        if (response.type !== 'tool-approval' || typeof response.approved !== 'boolean') {
          throw new HttpError(
            400,
            'An interaction response needs { type: "tool-approval", approved }.',
            'INVALID_INPUT',
          );
        }
        const decisions = new Map([[body.interactionId, { approved: response.approved, reason: response.reason }]]);
        resumeRun('anvia', res, decisions, (r) => Boolean(r.findWaiting(body.interactionId)));
        return;
      }
      if (body.type !== 'messages')
        throw new HttpError(400, 'Expected a "messages" or "interaction_response" request.', 'INVALID_INPUT');
      startRun('anvia', res, session(body.metadata?.session), lastUserText(body.messages));
    },
    // native: { prompt, session } or { runId, decisions }
    'POST /api/native': async (body, res) => {
      if (body.decisions) {
        resumeRun('native', res, decisionMap(body.decisions), (r) => r.id === body.runId);
        return;
      }
      startRun('native', res, session(body.session), body.prompt);
    },
  };

  const server = createHttpServer();
  let vite;
  if (options.vite !== false) {
    const { createServer: createViteServer } = await import('vite');
    const { default: react } = await import('@vitejs/plugin-react');
    vite = await createViteServer({
      configFile: false, // not the library's vite.config.ts: no dts or lib build, no test projects
      root: resolve(repo, 'playground'),
      cacheDir: resolve(repo, 'node_modules/.vite-playground'),
      clearScreen: false,
      logLevel: 'warn',
      appType: 'spa',
      plugins: [
        react(),
        {
          // the page's one way to the secret: its own HTML, which no other origin can read
          name: 'playground-secret',
          transformIndexHtml: () => [
            { tag: 'meta', attrs: { name: SECRET_META, content: secret }, injectTo: 'head-prepend' },
          ],
        },
      ],
      resolve: {
        // every entry of package.json's exports to its source, never to a dist/ left by a build
        alias: sourceAliases(repo),
      },
      server: {
        middlewareMode: true,
        hmr: { server },
        // the page imports src/, stories/support/ and test/fixtures/ from outside playground/
        fs: { allow: [repo] },
        // no origin but the page's own reads a file (Vite's default answers any localhost origin)
        cors: false,
        allowedHosts: ['127.0.0.1', 'localhost'],
      },
    });
  }

  server.on('request', async (req, res) => {
    const refused = refusal(req, allowed);
    if (refused) {
      log(`refused ${req.method} ${req.url}: ${refused.message}`);
      sendJson(res, refused.status, { error: { message: refused.message, code: refused.code } });
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    const route = routes[`${req.method} ${path}`];
    if (!route) {
      if (path.startsWith('/api/')) {
        sendJson(res, 404, { error: { message: `No endpoint ${req.method} ${path}.`, code: 'NOT_FOUND' } });
      } else if (vite) {
        vite.middlewares(req, res);
      } else {
        sendJson(res, 404, { error: { message: 'The page is not served (vite: false).', code: 'NOT_FOUND' } });
      }
      return;
    }
    try {
      const body = req.method === 'POST' ? await readJson(req) : {};
      if (body === null || typeof body !== 'object')
        throw new HttpError(400, 'The request body must be a JSON object.', 'INVALID_INPUT');
      const answer = await route(body, res);
      if (answer !== undefined) sendJson(res, 200, answer);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      const code = error instanceof HttpError ? error.code : 'INTERNAL';
      if (status === 500) log(`error: ${error?.stack ?? error}`);
      sendJson(res, status, { error: { message: error instanceof Error ? error.message : String(error), code } });
    }
  });

  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  allowed.hosts = allowedHosts(host, port);
  const url = `http://${host}:${port}/`;

  let closing;
  return {
    url,
    /** what the page sends in `x-playground-secret` (tests without the page read it here) */
    secret,
    server,
    sessions,
    children,
    /** Stops every run, kills every child process group, removes the scratch copies, closes the server. */
    close() {
      closing ??= (async () => {
        for (const s of sessions.values()) s.run?.stop('The server is stopping.');
        for (const child of children) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        // the scratch copies first: whatever happens to the rest, nothing is left in the temporary folder
        await Promise.all([...sessions.values()].map((s) => s.dispose()));
        server.closeAllConnections?.();
        await new Promise((r) => server.close(() => r()));
        await vite?.close();
      })();
      return closing;
    },
  };
}
