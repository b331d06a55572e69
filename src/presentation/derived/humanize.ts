/**
 * Tool names to labels: any case style, MCP and namespaced names, acronyms, hostile input.
 */
import { isVerb, labelInTense, type Tense } from './words';

/** A tool name read for people: `mcp__github__create_issue` → `{ label: 'Create issue', verb: 'create', noun: 'issue', server: 'github' }`. */
export interface HumanizedToolName {
  /** The label in the base form, e.g. "Create issue"; "Tool call" when the name has nothing to read. */
  label: string;
  /** The first word, lower-case, when it reads as a verb. */
  verb?: string;
  /** The words after the verb (or all of them when there is no verb), as in the label. */
  noun?: string;
  /** The MCP server or namespace the name carries (`mcp__github__…`, `github.create_issue`, `github/create_issue`). */
  server?: string;
}

/** A humanized name with its three tensed labels and the lower-case words (for the icon). */
export interface ReadName extends HumanizedToolName {
  /** Lower-case words of the tool part as written (before `browser_` is dropped), and of the server part. */
  words: readonly string[];
  serverWords: readonly string[];
  tensed: Readonly<Record<Tense, string>>;
  /** Whether there was anything to humanize (else the label is "Tool call"). */
  derived: boolean;
}

/** The longest label the kit derives; longer ones end in "…". */
export const LABEL_MAX = 60;
const NAME_MAX = 200;
const CACHE_MAX = 500;
const cache = new Map<string, ReadName>();

// Control, format (bidi overrides, zero-width) and private-use characters never reach the screen.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu;

/** Strips characters that are invisible or reorder text, collapses whitespace and caps the length. */
export function cleanText(text: string, max: number): string {
  const head = text.length > max * 4 + 64 ? text.slice(0, max * 4 + 64) : text;
  const clean = head.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > max || head !== text ? cut(clean, max) : clean;
}

/** Cuts at `max` characters with "…", never inside a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

// Namespaces that say nothing about the tool (OpenAI's `functions.`, Gemini's `default_api.`).
const NOISE = new Set(['functions', 'function', 'tools', 'tool', 'default_api', 'multi_tool_use', 'mcp']);
// Prefixes that name the surface rather than the action (Playwright and Puppeteer MCP servers).
const SURFACE = new Set(['browser', 'playwright', 'puppeteer']);
const ACRONYMS = new Set(
  'api url uri http https html css json csv pdf sql id ui ai llm db ssh dns ip aws gcp sms xml yaml jwt mcp pr os cpu gpu ocr rss ftp smtp tts vm npm cli sdk seo crm faq utc gps jql iam sso otp mfa'.split(
    ' ',
  ),
);
const NAMES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  youtube: 'YouTube',
  openai: 'OpenAI',
  postgres: 'Postgres',
  python: 'Python',
  google: 'Google',
  slack: 'Slack',
  notion: 'Notion',
  jira: 'Jira',
  wikipedia: 'Wikipedia',
  tavily: 'Tavily',
  brave: 'Brave',
};
// Abbreviations spelled out, so they read and conjugate ("Executing command").
const SPELLED: Record<string, string> = {
  exec: 'execute',
  cmd: 'command',
  msg: 'message',
  img: 'image',
  dir: 'directory',
};
// Well-known provider tools whose names read badly word by word.
const ALIASES: Record<string, string> = {
  bash: 'run command',
  shell: 'run command',
  computer: 'use computer',
  str_replace_based_edit_tool: 'edit file',
  str_replace_editor: 'edit file',
  text_editor: 'edit file',
  web_search: 'search the web',
  web_search_preview: 'search the web',
  websearch: 'search the web',
  web_fetch: 'fetch web page',
  code_interpreter: 'run code',
  code_execution: 'run code',
  python_repl: 'run python',
  sequential_thinking: 'think',
  sequentialthinking: 'think',
  file_search: 'search files',
  image_generation: 'generate image',
};

/** Splits one name part into words: separators, camelCase humps, acronyms (`getHTTPResponse` → get HTTP Response). */
function split(part: string): string[] {
  return part
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{N})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

/**
 * Cuts the name into its server or namespace and its tool part: `mcp__github__create_issue` (the
 * `mcp` prefix is noise, then `github` before `__`), `github.create_issue`, `github/create_issue`.
 */
function namespace(name: string): [server: string | undefined, tool: string] {
  const match = /^(.+?)(?:__|[./:])(.+)$/.exec(name);
  if (!match) return [undefined, name];
  const [, head = '', tail = ''] = match;
  if (NOISE.has(head.toLowerCase())) return namespace(tail);
  // `fetch.url` is one name in dotted case; `github.create_issue` is a namespace and a tool name.
  const tailIsName = /[_\-\s]|\p{Ll}\p{Lu}/u.test(tail) || name.includes('__');
  return tailIsName && /[\p{L}\p{N}]/u.test(head) ? [head, tail] : [undefined, name];
}

function word(raw: string, first: boolean): string {
  const lower = raw.toLowerCase();
  if (Object.hasOwn(NAMES, lower)) return NAMES[lower] as string;
  if (ACRONYMS.has(lower)) return lower.toUpperCase();
  if (lower.endsWith('s') && ACRONYMS.has(lower.slice(0, -1))) return `${lower.slice(0, -1).toUpperCase()}s`;
  if (raw.length > 1 && raw === raw.toUpperCase() && raw !== lower && !/\p{N}/u.test(raw)) return raw;
  return first ? `${lower.charAt(0).toUpperCase()}${lower.slice(1)}` : lower;
}

function read(rawName: string): ReadName {
  const name = cleanText(rawName, NAME_MAX);
  const [rawServer, tool] = namespace(name);
  // SCREAMING_SNAKE_CASE is not a row of acronyms.
  const shouting = tool === tool.toUpperCase();
  let words = split(tool).map((w) => {
    const lower = w.toLowerCase();
    if (shouting) return Object.hasOwn(SPELLED, lower) ? (SPELLED[lower] as string) : lower;
    return Object.hasOwn(SPELLED, lower) ? (SPELLED[lower] as string) : w;
  });
  const key = words.join('_').toLowerCase();
  if (Object.hasOwn(ALIASES, key)) words = (ALIASES[key] as string).split(' ');
  const lower = words.map((w) => w.toLowerCase());
  const iconWords = [...lower];
  if (words.length > 1 && SURFACE.has(lower[0] as string) && isVerb(lower[1] as string)) {
    words = words.slice(1);
    lower.shift();
  } else if (words.length > 1 && lower[words.length - 1] === 'search' && !isVerb(lower[0] as string)) {
    // `tavily_search`, `google_search`: "Search Tavily".
    words = ['search', ...words.slice(0, -1)];
    lower.unshift(lower.pop() as string);
  }
  let server = rawServer ? cleanText(rawServer, 40) : undefined;
  if (!server && words.length > 1 && Object.hasOwn(NAMES, lower[0] as string) && isVerb(lower[1] as string)) {
    // `slack_post_message`, `github_create_issue`: a service prefix is the server ("Post message", slack).
    server = lower.shift();
    words = words.slice(1);
  }
  const serverWords = server ? split(server).map((w) => w.toLowerCase()) : [];
  if (!words.length) {
    const label = 'Tool call';
    return {
      label,
      words: [],
      serverWords,
      tensed: { base: label, present: label, past: label },
      derived: false,
      ...(server && { server }),
    };
  }
  const base = cut(words.map((w, i) => word(w, i === 0)).join(' '), LABEL_MAX);
  const verb = isVerb(lower[0] as string) ? (lower[0] as string) : undefined;
  const rest = verb ? base.slice(base.indexOf(' ') + 1) : base;
  const result: ReadName = {
    label: base,
    words: iconWords,
    serverWords,
    tensed: {
      base,
      present: cut(labelInTense(base, 'present'), LABEL_MAX),
      past: cut(labelInTense(base, 'past'), LABEL_MAX),
    },
    derived: true,
  };
  if (verb) result.verb = verb;
  if (!verb || words.length > 1) result.noun = rest;
  if (server) result.server = server;
  return result;
}

/** The memoized reading of a name (bounded: the oldest of 500 names goes first). */
export function readName(name: string): ReadName {
  // A huge name is neither looked up nor kept: hashing it would cost as much as reading it.
  if (name.length > NAME_MAX) return read(name);
  const hit = cache.get(name);
  if (hit) return hit;
  const result = read(name);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(name, result);
  return result;
}

/**
 * Reads a tool name for people, whatever its case style: `delete_file`, `getWeather`, `search-orders`,
 * `SearchOrders`, `fetch.url`, `runSQLQuery` ("Run SQL query"), and names that carry a server or
 * namespace: `mcp__github__create_issue`, `github.create_issue`, `github/create_issue` ("Create issue",
 * server `github`), `functions.get_weather` ("Get weather"). An empty name is "Tool call". Control and
 * bidirectional-override characters are dropped and the label is at most 60 characters.
 */
export function humanizeToolName(name: string): HumanizedToolName {
  const { label, verb, noun, server } = readName(typeof name === 'string' ? name : '');
  const result: HumanizedToolName = { label };
  if (verb) result.verb = verb;
  if (noun) result.noun = noun;
  if (server) result.server = server;
  return result;
}
