/**
 * What approving a call will do, read from its name and arguments, for the approval card: the action
 * (its heading's verb) and what to show (a file's new content, a change, or one line of text such as a
 * command or a URL). Framework-free: no React here.
 */

import type { Step } from 'tool-steps/core';
import { humanizeToolName } from './humanize';

/** What approving a call will do: the verb of the card's heading ("Will write", "Will run"). */
export type ApprovalAction = 'write' | 'edit' | 'delete' | 'run' | 'fetch' | 'send' | 'other';

/** What the approval card shows of a call: its action and exactly one of `file`, `change` or `text`. */
export interface ApprovalPreview {
  action: ApprovalAction;
  /** A file to be written: its path and the whole content (drawn by the code view). */
  file?: { path?: string; content: string };
  /** A change to a file: the text replaced and its replacement (drawn by the diff view). */
  change?: { path?: string; oldText: string; newText: string };
  /** The rest, in full: the command, the path, the URL, the recipient, else the arguments. */
  text?: string;
  /** Every argument the part above does not show (each can change what runs), when there are any. */
  others?: Record<string, unknown>;
}

/** The action of a tool name's first word (`write_file`, `create_file`, `bash` → run, `send_email`). */
const VERB_ACTIONS: Readonly<Record<string, ApprovalAction>> = {
  write: 'write',
  create: 'write',
  save: 'write',
  edit: 'edit',
  update: 'edit',
  replace: 'edit',
  modify: 'edit',
  patch: 'edit',
  apply: 'edit',
  delete: 'delete',
  remove: 'delete',
  run: 'run',
  execute: 'run',
  fetch: 'fetch',
  download: 'fetch',
  send: 'send',
  post: 'send',
  reply: 'send',
};

/** Names without a verb to read. */
const NAME_ACTIONS: Readonly<Record<string, ApprovalAction>> = {
  http_request: 'fetch',
  terminal: 'run',
  rm: 'delete',
};

/** Tools that say what they do in an argument: Anthropic's text editor tool (`command: 'create'`). */
const COMMAND_ACTIONS: Readonly<Record<string, ApprovalAction>> = {
  create: 'write',
  str_replace: 'edit',
  insert: 'edit',
  undo_edit: 'edit',
  view: 'other',
};

/** The arguments each part of a preview is read from, best first. */
const KEYS = {
  path: ['path', 'file_path', 'filePath', 'filename', 'file', 'target_file'],
  content: ['content', 'file_text', 'contents', 'text', 'data'],
  oldText: ['old_string', 'old_str', 'oldText', 'old_text'],
  newText: ['new_string', 'new_str', 'newText', 'new_text'],
  run: ['command', 'cmd', 'script', 'code', 'sql', 'query'],
  fetch: ['url', 'uri', 'href', 'link', 'endpoint'],
  send: ['to', 'recipient', 'recipients', 'email', 'channel'],
} as const;

// The most telling argument of any other call (what the card showed for every tool before).
const TELLING = ['command', 'cmd', 'script', 'code', 'sql', 'query', 'path', 'file_path', 'filePath', 'url', 'pattern'];

type Args = Readonly<Record<string, unknown>>;

/** The key `text` reads its value from, for the arguments left to show. */
function keyOf(args: Args, keys: readonly string[]): string | undefined {
  return keys.find((key) => text(args, [key]) !== undefined);
}

function text(args: Args, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = Object.hasOwn(args, key) ? args[key] : undefined;
    if (typeof value === 'string') return value;
    // `["npm", "test"]`, `["a@example.com", "b@example.com"]`
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
      return value.join(key === 'to' || key === 'recipients' ? ', ' : ' ');
    }
  }
  return undefined;
}

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

/** The text editor's sub-command (`create`, `str_replace`, `view`...), when the call is one. */
function editorCommand(toolName: string, input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !/edit/i.test(toolName)) return undefined;
  const command = (input as Record<string, unknown>).command;
  return typeof command === 'string' && Object.hasOwn(COMMAND_ACTIONS, command) ? command : undefined;
}

/** The action of a call: the text editor's `command`, else the tool name's verb, else a few named tools. */
export function approvalActionOf(toolName: string, input?: unknown): ApprovalAction {
  const command = editorCommand(toolName, input);
  if (command !== undefined) return COMMAND_ACTIONS[command] as ApprovalAction;
  const lower = toolName.toLowerCase();
  if (Object.hasOwn(NAME_ACTIONS, lower)) return NAME_ACTIONS[lower] as ApprovalAction;
  const verb = humanizeToolName(toolName).verb;
  return verb !== undefined && Object.hasOwn(VERB_ACTIONS, verb) ? (VERB_ACTIONS[verb] as ApprovalAction) : 'other';
}

/**
 * What the approval card shows of a call. A write shows the file's content; an edit with old and new
 * text shows the change (one with a whole new content shows it as a file); a command, a deletion, a
 * fetch or a message shows its command, path, URL or recipient, once; anything else its most telling
 * argument, else all of its arguments. Never throws.
 */
export function approvalPreview(step: Pick<Step, 'toolName' | 'input' | 'inputText'>): ApprovalPreview {
  const { input } = step;
  const action = approvalActionOf(typeof step.toolName === 'string' ? step.toolName : '', input);
  if (typeof input === 'string') return { action, text: input };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { action, text: input === undefined ? step.inputText : pretty(input) };
  }
  const args = input as Args;
  const preview = objectPreview(step.toolName, action, args);
  const used = new Set(preview.used);
  const rest = Object.entries(args).filter(([key, value]) => !used.has(key) && value !== undefined);
  const { used: _, ...shown } = preview;
  return rest.length > 0 ? { ...shown, others: Object.fromEntries(rest) } : shown;
}

function objectPreview(
  toolName: string,
  action: ApprovalAction,
  args: Args,
): ApprovalPreview & { used: (string | undefined)[] } {
  const path = text(args, KEYS.path) || undefined;
  const pathKey = path ? keyOf(args, KEYS.path) : undefined;
  const located = <T extends object>(value: T): T & { path?: string } => (path ? { ...value, path } : value);
  if (action === 'write' || action === 'edit') {
    const newText = text(args, KEYS.newText);
    if (newText !== undefined) {
      return {
        action,
        change: located({ oldText: text(args, KEYS.oldText) ?? '', newText }),
        used: [pathKey, keyOf(args, KEYS.newText), keyOf(args, KEYS.oldText), 'command'],
      };
    }
    const content = text(args, KEYS.content);
    if (content !== undefined) {
      return { action, file: located({ content }), used: [pathKey, keyOf(args, KEYS.content), 'command'] };
    }
  }
  const ownKeys =
    action === 'run'
      ? KEYS.run
      : action === 'fetch'
        ? KEYS.fetch
        : action === 'send'
          ? KEYS.send
          : action === 'delete' || action === 'write' || action === 'edit'
            ? KEYS.path
            : [];
  const own =
    action === 'run'
      ? text(args, KEYS.run)
      : action === 'fetch'
        ? text(args, KEYS.fetch)
        : action === 'send'
          ? text(args, KEYS.send)
          : action === 'delete' || action === 'write' || action === 'edit'
            ? path
            : undefined;
  if (own) return { action, text: own, used: [keyOf(args, ownKeys)] };
  // the text editor's `command` names its sub-command, not a shell command
  const tellingKeys = editorCommand(toolName, args) ? TELLING.slice(2) : TELLING;
  const telling = text(args, tellingKeys);
  if (telling)
    return { action, text: telling, used: [keyOf(args, tellingKeys), editorCommand(toolName, args) && 'command'] };
  return { action, text: Object.keys(args).length > 0 ? pretty(args) : '', used: Object.keys(args) };
}

/** The JSON of a value with every object's keys in order, so the same arguments read the same. */
function canonical(value: unknown): string {
  const seen = new Set<object>();
  const sorted = (item: unknown): unknown => {
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return '[Circular]';
    seen.add(item);
    const out = Array.isArray(item)
      ? item.map(sorted)
      : Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
        );
    seen.delete(item);
    return out;
  };
  try {
    return JSON.stringify(sorted(value)) ?? '';
  } catch {
    return String(value);
  }
}

const K = Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((word) => Number.parseInt(word, 16)),
);

/** SHA-256 of bytes, as hex (synchronous, so a press can check it at once). */
function sha256(bytes: Uint8Array): string {
  const length = bytes.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 =
        ((hh as number) +
          (rotr(e as number, 6) ^ rotr(e as number, 11) ^ rotr(e as number, 25)) +
          (((e as number) & (f as number)) ^ (~(e as number) & (g as number))) +
          (K[i] as number) +
          (w[i] as number)) >>>
        0;
      const t2 =
        ((rotr(a as number, 2) ^ rotr(a as number, 13) ^ rotr(a as number, 22)) +
          (((a as number) & (b as number)) ^ ((a as number) & (c as number)) ^ ((b as number) & (c as number)))) >>>
        0;
      hh = g;
      g = f;
      f = e;
      e = ((d as number) + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh] as number[];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (next[i] as number)) >>> 0;
  }
  return [...h].map((word) => word.toString(16).padStart(8, '0')).join('');
}

/**
 * A short stable digest of a call's arguments: the first 32 hex digits of the SHA-256 of their JSON
 * (UTF-8, every object's keys sorted, no spaces), or of the raw argument text while none parsed. The
 * same arguments give the same digest here and on a server, whatever the order of their keys; the
 * approval card passes the digest of what it showed with the decision (`{ inputDigest }`).
 */
export function inputDigest(step: { input?: unknown; inputText?: string }): string {
  const shown = step.input === undefined ? (step.inputText ?? '') : step.input;
  return sha256(new TextEncoder().encode(canonical(shown))).slice(0, 32);
}
