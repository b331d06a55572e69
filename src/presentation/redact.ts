/**
 * Secrets on screen: recognizable credentials (providers' API keys, bearer tokens, JWTs, private key
 * blocks, `password=` pairs, `.env` lines with secret-looking names) masked in what is drawn. Only the
 * display is masked: the step state is never changed (the function returns new strings and values).
 * No React.
 */
import { setOwn } from '../core/values';

/** What replaces a secret: not a word, the same in every locale (the note and button are `labels.redaction`). */
export const redactMask = '••••••••';

/** A function that masks the secrets of a text. */
export type RedactFunction = (text: string) => string;

/** What the `redact` option takes. */
export interface RedactConfig {
  /** Extra patterns: every match is masked (a global flag is added when missing). */
  patterns?: readonly RegExp[];
  /** Runs after the patterns, on their output; returns the text to show. */
  redact?: RedactFunction;
  /** Whether the built-in patterns apply. @default true */
  builtin?: boolean;
}

/**
 * The `redact` option of `<ToolSteps>`: `true` (the default: the built-in patterns), `false` (off),
 * extra patterns (added to the built-in ones), a function (run after them), or a `RedactConfig`.
 */
export type RedactOption = boolean | readonly RegExp[] | RedactFunction | RedactConfig;

/** A text with its secrets masked, and how many were. */
export interface Redacted {
  text: string;
  count: number;
}

/** Masks the secrets of one text. */
export type Redactor = (text: string) => Redacted;

interface Rule {
  /** A literal every match contains: a text without it skips the pattern (long output costs one search). */
  hint?: string;
  pattern: RegExp;
  /** The replacement of one match; groups as `String.replace` gives them. */
  mask: (match: string, ...groups: string[]) => string;
}

const M = () => redactMask;
const keep = (prefix: string) => () => prefix + M();
const keepGroup = (_m: string, head: string) => head + M();

// Values that name no secret although their key says "token" or "password": counts, flags, placeholders.
const HARMLESS =
  /^(?:["']?)(?:true|false|null|none|undefined|bearer|basic|required|optional|string|\d{1,9}|[*•x.]+|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\})(?:["']?)$/i;
const pairMask = (match: string, _sep: string, value: string) => {
  if (HARMLESS.test(value) || value.includes(M())) return match;
  const quote = value.startsWith('"') || value.startsWith("'") ? value.charAt(0) : '';
  return `${match.slice(0, match.length - value.length)}${quote}${M()}${quote}`;
};

// Each pattern starts at something literal (a prefix, a keyword), so a long text costs one scan each.
const BUILTIN: readonly Rule[] = [
  // PEM private keys, also when the stream cut the block before its END line
  {
    hint: 'PRIVATE KEY',
    pattern:
      /(-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)[\s\S]*?(?:(-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)|$(?![\s\S]))/g,
    mask: (_m, begin: string, end: string | undefined) => `${begin}\n${M()}\n${end ?? ''}`,
  },
  // Prefixes that name a key whatever follows mask from the first character after them, so a key that is
  // still streaming in (or was cut short for a line) never shows the part that has arrived.
  { hint: 'sk-ant-', pattern: /(?<![A-Za-z0-9-])sk-ant-[A-Za-z0-9_-]+/g, mask: keep('sk-ant-') },
  { hint: 'sk-proj-', pattern: /(?<![A-Za-z0-9-])sk-proj-[A-Za-z0-9_-]+/g, mask: keep('sk-proj-') },
  { hint: 'sk-', pattern: /(?<![\w-])sk-(?:svcacct|admin)-[A-Za-z0-9_-]+/g, mask: keep('sk-') },
  { hint: 'sk-', pattern: /(?<![\w-])sk-(?:None-)?[A-Za-z0-9_-]{32,}/g, mask: keep('sk-') },
  { hint: '_', pattern: /(?<!\w)((?:sk|rk)_(?:live|test)_)[A-Za-z0-9]+/g, mask: keepGroup },
  { hint: 'whsec_', pattern: /(?<!\w)(whsec_)[A-Za-z0-9+/=]+/g, mask: keepGroup },
  { hint: '_', pattern: /(?<!\w)(gh[pousr]_)[A-Za-z0-9]{30,}/g, mask: keepGroup },
  { hint: 'github_pat_', pattern: /(?<!\w)(github_pat_)[A-Za-z0-9_]+/g, mask: keepGroup },
  { hint: 'glpat-', pattern: /(?<!\w)(glpat-)[A-Za-z0-9_-]+/g, mask: keepGroup },
  { pattern: /(?<![A-Z0-9])((?:AKIA|ASIA|ABIA|ACCA))[A-Z0-9]{16}(?![A-Z0-9])/g, mask: keepGroup },
  { hint: 'xox', pattern: /(?<!\w)(xox[abposre]-)[A-Za-z0-9-]{10,}/g, mask: keepGroup },
  { hint: 'xapp-', pattern: /(?<!\w)(xapp-)[A-Za-z0-9-]{10,}/g, mask: keepGroup },
  { hint: 'hooks.slack.com', pattern: /(https:\/\/hooks\.slack\.com\/services\/)[A-Za-z0-9/]{20,}/g, mask: keepGroup },
  { hint: 'AIza', pattern: /(?<![\w-])(AIza)[0-9A-Za-z_-]{35}(?![\w-])/g, mask: keepGroup },
  { hint: 'hf_', pattern: /(?<![\w-])(hf_)[A-Za-z0-9]{30,}/g, mask: keepGroup },
  { hint: 'npm_', pattern: /(?<![\w-])(npm_)[A-Za-z0-9]{36}(?![\w-])/g, mask: keepGroup },
  // JWTs: a JSON header and payload (base64url of `{"`) and a signature
  { hint: 'eyJ', pattern: /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, mask: M },
  // Authorization headers and bearer tokens
  { pattern: /(\b(?:Bearer|Basic|Token)[ \t]+)[A-Za-z0-9._~+/-]{12,}=*/g, mask: keepGroup },
  {
    pattern: /(\b(?:Authorization|Proxy-Authorization|X-Api-Key|Api-Key)["']?[ \t]*[:=][ \t]*["']?)([^\s"',;]{8,})/gi,
    mask: (m: string, head: string, value: string) => (value.includes(M()) ? m : head + M()),
  },
  // passwords in URLs: scheme://user:password@host
  { hint: '://', pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)([^@\s/]{3,})(?=@)/gi, mask: keepGroup },
  // `.env` lines whose name looks secret: API_KEY=…, DB_PASSWORD=…, DATABASE_URL=…
  {
    hint: '=',
    pattern:
      /^([ \t]*(?:export[ \t]+)?[A-Z][A-Z0-9_]*(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD|CREDENTIALS?|DSN|DATABASE_URL|CONNECTION_STRING)[ \t]*=[ \t]*)(\S.*)$/gm,
    mask: (m: string, head: string, value: string) => (HARMLESS.test(value) || value.includes(M()) ? m : head + M()),
  },
  // password=…, "token": "…", api_key: … (the keyword ends the name: `max_tokens` is not one)
  {
    pattern:
      /(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)(?![A-Za-z0-9])(\\?["']?[ \t]{0,3}[:=][ \t]{0,3})("[^"\n]{1,400}"|'[^'\n]{1,400}'|[^\s"'&,;<>)}\]]{1,400})/gi,
    mask: pairMask,
  },
];

// Keys of structured values whose string value is a secret whatever it looks like.
const SECRET_KEY =
  /(?:^|[^a-z])(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|authorization|credentials?)$/i;

function globalOf(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

function configOf(option: RedactOption | undefined): RedactConfig | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return {};
  if (typeof option === 'function') return { redact: option };
  if (Array.isArray(option)) return { patterns: option as readonly RegExp[] };
  return option as RedactConfig;
}

/**
 * A redactor for the `redact` option, or `undefined` when it is `false`. Never throws: a host function
 * that throws, or returns something else than a string, hides the whole text (better than showing it).
 */
export function createRedactor(option?: RedactOption): Redactor | undefined {
  const config = configOf(option);
  if (!config) return undefined;
  const rules: Rule[] = config.builtin === false ? [] : [...BUILTIN];
  for (const pattern of config.patterns ?? []) {
    if (pattern instanceof RegExp) rules.push({ pattern: globalOf(pattern), mask: M });
  }
  const host = config.redact;
  // The hints, shortest first: one that is absent rules out every longer hint containing it ('_' rules
  // out 'hf_' and 'npm_', 'sk-' rules out 'sk-ant-'), so a long text without secrets is searched once
  // per distinct short literal rather than once per rule.
  const hints = [...new Set(rules.flatMap((rule) => (rule.hint === undefined ? [] : [rule.hint])))].sort(
    (a, b) => a.length - b.length,
  );
  // One stage per hint looked for, per rule and for the host's function, each run over the whole text
  // in turn: the redactor runs them all at once; a large text's screening (screen-large.ts) runs them with
  // a yield between two, which gives the same text.
  const stages: RedactStage[] = [];
  for (const hint of hints) {
    stages.push((s) => {
      for (const shorter of s.absent) {
        if (hint.includes(shorter)) {
          s.absent.add(hint);
          return;
        }
      }
      if (!s.source.includes(hint)) s.absent.add(hint);
    });
  }
  for (const rule of rules) {
    stages.push((s) => {
      if (rule.hint !== undefined && (s.replaced ? !s.out.includes(rule.hint) : s.absent.has(rule.hint))) return;
      rule.pattern.lastIndex = 0;
      s.out = s.out.replace(rule.pattern, (...args: unknown[]) => {
        s.replaced = true;
        const match = args[0] as string;
        const groups = args.slice(1, -2).map((g) => (typeof g === 'string' ? g : (undefined as unknown as string)));
        const masked = rule.mask(match, ...groups);
        if (masked !== match) s.count++;
        return masked;
      });
    });
  }
  if (host) {
    stages.push((s) => {
      let hosted: unknown;
      try {
        hosted = host(s.out);
      } catch {
        hosted = undefined;
      }
      if (typeof hosted !== 'string') {
        // a host function that fails hides the whole text
        s.out = M();
        s.count++;
        return;
      }
      if (hosted !== s.out) s.count++;
      s.out = hosted;
    });
  }
  const redactor: Redactor = (text: string): Redacted => {
    if (typeof text !== 'string' || text === '') return { text: typeof text === 'string' ? text : '', count: 0 };
    const screening = screeningOf(text);
    for (const stage of stages) stage(screening);
    return resultOf(screening);
  };
  stagesOf.set(redactor, stages);
  return redactor;
}

/**
 * A text being masked: the text so far, the secrets masked, whether a rule replaced anything yet, and
 * the hints the text does not contain (exact for the text until a rule first replaces something).
 */
interface Screening {
  readonly source: string;
  out: string;
  count: number;
  replaced: boolean;
  readonly absent: Set<string>;
}

/** One step of a redactor: a hint looked for, a rule, or the host's function. */
type RedactStage = (screening: Screening) => void;

const stagesOf = new WeakMap<Redactor, readonly RedactStage[]>();

const screeningOf = (text: string): Screening => ({
  source: text,
  out: text,
  count: 0,
  replaced: false,
  absent: new Set(),
});

const resultOf = (screening: Screening): Redacted => ({
  text: screening.count === 0 ? screening.source : screening.out,
  count: screening.count,
});

/**
 * Internal: what `redactor(text)` does, as steps to run in turn (a large text yields between two), and
 * its result once they all ran; `undefined` for a redactor `createRedactor` did not make.
 */
export function screeningSteps(
  redactor: Redactor | undefined,
  text: string,
): { steps: (() => void)[]; result: () => Redacted } | undefined {
  const stages = redactor ? stagesOf.get(redactor) : [];
  if (!stages) return undefined;
  const screening = screeningOf(text);
  return { steps: stages.map((stage) => () => stage(screening)), result: () => resultOf(screening) };
}

const defaultRedactor = createRedactor(true) as Redactor;

/**
 * Whether the built-in patterns find a secret in `text`. Text derived for people (a humanized tool name,
 * a shortened detail line) is left as it is when it holds one, so that the drawing-time mask still sees
 * the secret whole: humanizing or cutting first would hide the key from the pattern and show the rest.
 */
export function holdsSecret(text: string): boolean {
  return defaultRedactor(text).count > 0;
}

/** Masks the secrets in `text` with the built-in patterns (or the given `redact` option). */
export function redactText(text: string, option?: RedactOption): string {
  const redactor = option === undefined ? defaultRedactor : createRedactor(option);
  return redactor ? redactor(text).text : text;
}

/** The node budget of `redactValue`: past it, strings are hidden without being screened. */
const NODE_BUDGET = 200_000;

/**
 * A value with every string masked (object keys that name a secret, `password: "…"`, mask the whole
 * string), and `map` applied to each string after masking. Returns the same value (identity) when
 * nothing changed, so renderers keep their memoized work. Cycles are left as they are; past 200,000
 * nodes every further string is the mask (not screened, so never shown in clear). Never throws.
 */
export function redactValue(
  value: unknown,
  redactor: Redactor | undefined,
  map?: (text: string) => string,
  /**
   * Internal: the screened text of a string (masked and mapped) when the caller already has it, which
   * then stands for `map(redactor(s).text)`. Not asked for strings under a secret key (they are masked whole).
   */
  known?: (text: string) => Redacted | undefined,
): { value: unknown; count: number } {
  let count = 0;
  let budget = NODE_BUDGET;
  const seen = new WeakSet<object>();
  const text = (s: string, secretKey: boolean): string => {
    const given = secretKey ? undefined : known?.(s);
    if (given) {
      count += given.count;
      return given.text;
    }
    let out = s;
    if (redactor) {
      if (secretKey && s.trim() !== '' && !HARMLESS.test(s)) {
        count++;
        out = M();
      } else {
        const r = redactor(s);
        count += r.count;
        out = r.text;
      }
    }
    return map ? map(out) : out;
  };
  const walk = (v: unknown, secretKey: boolean): unknown => {
    if (--budget < 0) return pastBudget(v);
    if (typeof v === 'string') return text(v, secretKey);
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) return v;
    if (seen.has(v)) return v;
    seen.add(v);
    try {
      if (Array.isArray(v)) {
        let copy: unknown[] | undefined;
        for (let i = 0; i < v.length; i++) {
          const next = walk(v[i], secretKey);
          if (next !== v[i]) {
            copy ??= v.slice();
            copy[i] = next;
          }
        }
        return copy ?? v;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return v;
      let copy: Record<string, unknown> | undefined;
      const keys = Object.keys(v);
      // keys are drawn too (the JSON tree): `map` applies to them (secrets are not looked for in keys)
      const shownKeys = map ? keys.map((key) => map(key)) : keys;
      if (shownKeys.some((key, i) => key !== keys[i])) {
        copy = {};
        keys.forEach((key, i) => {
          setOwn(
            copy as object,
            shownKeys[i] as string,
            walk((v as Record<string, unknown>)[key], SECRET_KEY.test(key)),
          );
        });
        return copy;
      }
      for (const key of keys) {
        const item = (v as Record<string, unknown>)[key];
        const next = walk(item, SECRET_KEY.test(key));
        if (next !== item) {
          copy ??= { ...(v as Record<string, unknown>) };
          copy[key] = next;
        }
      }
      return copy ?? v;
    } catch {
      return v;
    }
  };
  // Past the budget no pattern runs, so nothing is shown in clear: with a redactor every string is the
  // mask (Reveal shows them), counted once; `map` still applies to what is drawn.
  let hidden = false;
  const pastBudget = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (!redactor || v === '') return map ? map(v) : v;
      if (!hidden) count++;
      hidden = true;
      return M();
    }
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || seen.has(v)) return v;
    seen.add(v);
    try {
      if (Array.isArray(v)) return v.map(pastBudget);
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return v;
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(v)) copy[map ? map(key) : key] = pastBudget((v as Record<string, unknown>)[key]);
      return copy;
    } catch {
      return v;
    }
  };
  const out = walk(value, false);
  return { value: out, count };
}
