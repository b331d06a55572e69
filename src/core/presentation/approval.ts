/**
 * What approving a call will do, read from its name and arguments, for the approval card: the action
 * (its heading's verb) and what to show (a file's new content, a change, or one line of text such as a
 * command or a URL). Framework-free: no React here.
 */
import type { Step } from '../step';
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
  const path = text(args, KEYS.path) || undefined;
  const located = <T extends object>(value: T): T & { path?: string } => (path ? { ...value, path } : value);
  if (action === 'write' || action === 'edit') {
    const newText = text(args, KEYS.newText);
    if (newText !== undefined) {
      return { action, change: located({ oldText: text(args, KEYS.oldText) ?? '', newText }) };
    }
    const content = text(args, KEYS.content);
    if (content !== undefined) return { action, file: located({ content }) };
  }
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
  if (own) return { action, text: own };
  // the text editor's `command` names its sub-command, not a shell command
  const telling = text(args, editorCommand(step.toolName, args) ? TELLING.slice(2) : TELLING);
  if (telling) return { action, text: telling };
  return { action, text: Object.keys(args).length > 0 ? pretty(args) : '' };
}
