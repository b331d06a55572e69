// Helpers for the playground server tests: requests on each wire, decoded by the kit's own decoders.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { emptyStepsState, reduceSteps, type StepEvent, type StepsState } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';

export type Wire = 'cogitator' | 'ai-sdk' | 'anvia' | 'native';
export const WIRES: Wire[] = ['cogitator', 'ai-sdk', 'anvia', 'native'];

const PROTOCOL = { cogitator: 'cogitator', 'ai-sdk': 'ai-sdk', anvia: 'anvia', native: 'native' } as const;

/** The header the playground's page sends its server's secret in. */
export const SECRET_HEADER = 'x-playground-secret';

const withSecret = (secret?: string): Record<string, string> => (secret ? { [SECRET_HEADER]: secret } : {});

/** A JSON POST as the playground's page sends it (with the server's secret). */
export async function post(
  url: string,
  body: unknown,
  { signal, secret }: { signal?: AbortSignal; secret?: string } = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/x-ndjson',
      ...withSecret(secret),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** A GET as the playground's page sends it (with the server's secret). */
export function get(url: string, secret?: string): Promise<Response> {
  return fetch(url, { headers: withSecret(secret) });
}

/** The secret a playground page holds: the `<meta name="playground-secret">` of its HTML. */
export function secretIn(html: string): string | undefined {
  return /<meta name="playground-secret" content="([^"]+)"/.exec(html)?.[1];
}

/**
 * One HTTP request with exactly these headers (`fetch` cannot set `Host`): its status, headers and body.
 * `url` names where it connects; `headers.host` may name anything.
 */
export function raw(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const given = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: given }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One conversation with the agent on one wire: start, then resume with decisions, decoding every answer. */
export class Conversation {
  events: StepEvent[] = [];
  texts: string[] = [];
  private threadId?: string;
  private runId?: string;
  private messageId?: string;
  private prompt = '';

  constructor(
    readonly base: string,
    readonly wire: Wire,
    readonly session: string,
    /** The server's secret (`createPlayground(...).secret`), sent with every request. */
    readonly secret?: string,
  ) {}

  get state(): StepsState {
    return reduceSteps(emptyStepsState, this.events);
  }

  /** The steps by tool name, in order. */
  steps(toolName?: string) {
    const state = this.state;
    return state.ids.flatMap((id) => state.byId[id] ?? []).filter((s) => !toolName || s.toolName === toolName);
  }

  private read(text: string) {
    this.texts.push(text);
    this.events.push(...eventsFromText(text, { protocol: PROTOCOL[this.wire] }));
    this.threadId ??= /"threadId":"([^"]+)"/.exec(text)?.[1];
    this.runId ??= /"runId":"([^"]+)"/.exec(text)?.[1];
    this.messageId ??= /"messageId":"([^"]+)"/.exec(text)?.[1];
  }

  async start(prompt: string, signal?: AbortSignal): Promise<Response> {
    this.prompt = prompt;
    const body = {
      cogitator: { input: prompt, context: { session: this.session } },
      'ai-sdk': { id: this.session, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: prompt }] }] },
      anvia: { type: 'messages', messages: [{ role: 'user', content: prompt }], metadata: { session: this.session } },
      native: { prompt, session: this.session },
    }[this.wire];
    const path = {
      cogitator: 'api/cogitator/agents/playground/stream',
      'ai-sdk': 'api/ai-sdk/chat',
      anvia: 'api/anvia',
      native: 'api/native',
    }[this.wire];
    const response = await post(this.base + path, body, { signal, secret: this.secret });
    if (!signal) this.read(await response.text());
    return response;
  }

  /** Decides every step awaiting approval, the wire's own way, and reads the resumed answer. */
  async decide(approved: boolean, signal?: AbortSignal): Promise<Response> {
    const waiting = this.steps().filter((s) => s.status === 'awaiting-approval');
    if (waiting.length === 0) throw new Error('no step awaits approval');
    for (const step of waiting) this.events.push({ type: 'step-decision', id: step.id, approved });
    const decisions = Object.fromEntries(waiting.map((s) => [s.id, { approved }]));
    const [first] = waiting;
    const request = {
      cogitator: ['api/cogitator/agents/playground/resume', { threadId: this.threadId, decisions }],
      'ai-sdk': [
        'api/ai-sdk/chat',
        {
          id: this.session,
          messages: [
            { id: 'u1', role: 'user', parts: [{ type: 'text', text: this.prompt }] },
            {
              id: this.messageId,
              role: 'assistant',
              parts: waiting.map((s) => ({
                type: `tool-${s.toolName}`,
                toolCallId: s.id,
                state: 'approval-responded',
                input: s.input,
                approval: { id: s.approval?.id, approved },
              })),
            },
          ],
        },
      ],
      anvia: [
        'api/anvia',
        {
          type: 'interaction_response',
          interactionId: first?.approval?.id,
          response: { type: 'tool-approval', approved },
        },
      ],
      native: ['api/native', { runId: this.runId, decisions }],
    }[this.wire] as [string, unknown];
    const response = await post(this.base + request[0], request[1], { signal, secret: this.secret });
    if (!signal) this.read(await response.text());
    return response;
  }
}

/** Debian's Chromium through playwright-core, as every playground end-to-end test drives it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** True when a process with this id still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, polling every 50 ms, for at most `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'the condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `npm start` in `cwd` as a person starts it, in its own process group (a test sends Ctrl-C to the group, as a
 * terminal does), with `env` over the environment: the process, and its URL once it printed one.
 */
export async function startPlayground(
  cwd: string,
  env: Record<string, string>,
): Promise<{ server: ChildProcess; url: string; output: () => string }> {
  let output = '';
  const server = spawn('npm', ['start'], {
    cwd,
    env: { ...process.env, PORT: '0', PLAYGROUND_TEXT_DELAY_MS: '1', BROWSER: 'none', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const printed = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/;
  await until(() => printed.test(output), 60_000, `the URL in: ${output}`);
  return { server, url: printed.exec(output)?.[1] ?? '', output: () => output };
}
