// A cheap static check for React-19-only API in the shipped code (the peer range is ^18.2 || ^19).
// The React 18 test projects catch what this misses; this catches what no test renders.

export interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

interface Rule {
  rule: string;
  /** A match is a finding, unless `allow` says otherwise. */
  pattern: RegExp;
}

const RULES: Rule[] = [
  {
    rule: '`use()` is React 19 only',
    pattern: /\bReact\.use\(|\bimport\s*\{[^}]*\buse\b[^}]*\}\s*from\s*['"]react['"]/g,
  },
  { rule: '`useActionState` is React 19 only', pattern: /\buseActionState\b/g },
  { rule: '`useOptimistic` is React 19 only', pattern: /\buseOptimistic\b/g },
  { rule: '`useFormStatus` is React 19 only', pattern: /\buseFormStatus\b/g },
  {
    rule: 'resource preloading (`preload`, `preinit`) is React 19 only',
    pattern: /\bpre(load|init|connect)(Module)?\(/g,
  },
  {
    rule: '`inert` takes a boolean on 19 and "" on 18: set `element.inert` in an effect',
    pattern: /<[\w.]+\b[^<>]*(?<![\w-])inert(?=[\s=/>])/g,
  },
  { rule: '`precedence` (stylesheet hoisting) is React 19 only', pattern: /(?<![\w-])precedence=/g },
  { rule: 'function form actions are React 19 only', pattern: /(?<![\w-])(form)?[aA]ction=\{/g },
  { rule: 'the initial value of `useDeferredValue` is React 19 only', pattern: /\buseDeferredValue\(\s*[^,()]+,/g },
  {
    rule: 'a function component reading `ref` from its props (React 18 drops it): use `forwardRef`',
    pattern: /\bfunction\s+[A-Z]\w*\s*\(\s*\{[^}]*\bref\b(?!\s*:)[^}]*\}/g,
  },
];

/** Names bound to `createContext(...)` in a source: `const X = createContext…`. */
export function contextNames(source: string): string[] {
  return [...source.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*(?:React\.)?createContext\b/g)].map(
    (m) => m[1] as string,
  );
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The body of the arrow function or function expression starting at `from`, braces balanced, or undefined. */
function functionBody(source: string, from: number): string | undefined {
  const open = source.indexOf('{', from);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(open + 1, i);
  }
  return undefined;
}

/**
 * Every React-19-only use in one source file. `contexts` are the names of contexts created anywhere in the
 * code (a context created in one file is often rendered in another).
 */
export function findReact19Api(file: string, source: string, contexts: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: string, index: number, text: string) =>
    findings.push({ file, line: lineOf(source, index), rule, text: text.trim().slice(0, 80) });

  for (const { rule, pattern } of RULES) {
    for (const m of source.matchAll(pattern)) add(rule, m.index, m[0]);
  }
  // Props typed `ComponentPropsWithRef` on a component that is not a `forwardRef`: the React 19 pattern of
  // ref as a plain prop, which 18 strips before the component sees its props (the ref stays null).
  if (!/\bforwardRef\b/.test(source)) {
    for (const m of source.matchAll(/\bComponentPropsWithRef</g)) {
      add('props with `ref` on a component that is not a `forwardRef` (React 18 strips the ref)', m.index, m[0]);
    }
  }
  // `<SomeContext value>` renders a Consumer on 18 ("render is not a function"): use `<SomeContext.Provider>`.
  for (const name of contexts) {
    for (const m of source.matchAll(new RegExp(`<${name}(?=[\\s>])`, 'g'))) {
      add(`\`<${name}>\` as a provider is React 19 only: use \`<${name}.Provider>\``, m.index, m[0]);
    }
  }
  // A ref callback that returns a cleanup function: 18 ignores the cleanup and calls the callback with null.
  for (const m of source.matchAll(/\bref=\{\s*(?:async\s*)?(?:\([^()]*\)|\w+)\s*(?::[^=]+)?=>\s*/g)) {
    const start = m.index + m[0].length;
    if (source[start] !== '{') {
      // an expression body: `ref={(el) => () => …}` or `ref={(el) => subscribe(el)}` (returns whatever it returns)
      if (/^(?:\([^()]*\)|\w+)\s*=>|^function\b/.test(source.slice(start))) {
        add('a ref callback returning a cleanup function is React 19 only', m.index, m[0]);
      }
      continue;
    }
    const body = functionBody(source, start) ?? '';
    // only the callback's own returns: nested function bodies (and their returns) become a placeholder
    const own = body.replace(/=>\s*\{[^{}]*\}|function\s*\w*\([^)]*\)\s*\{[^{}]*\}/g, ' fn ');
    if (/\breturn\s+(?!;|undefined\b|null\b)/.test(own)) {
      add('a ref callback returning a cleanup function is React 19 only', m.index, m[0]);
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}
