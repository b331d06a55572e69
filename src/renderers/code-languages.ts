/**
 * The languages the code view colours and their other names. Apart from `code-model.ts` (which detection
 * loads in the base bundle): only the lazy code view and the highlighter need these.
 */
/** The languages the code view colours (Shiki grammars, loaded on first use). */
export const GRAMMAR_NAMES = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'python',
  'shellscript',
  'rust',
  'go',
  'css',
  'html',
  'yaml',
  'sql',
  'markdown',
  'diff',
] as const;

/** A language the code view colours. */
export type GrammarName = (typeof GRAMMAR_NAMES)[number];

/** Other names for the same grammars (file extensions and common spellings). */
const ALIASES: Readonly<Record<string, GrammarName>> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  rs: 'rust',
  golang: 'go',
  yml: 'yaml',
  md: 'markdown',
  patch: 'diff',
};

/** The grammar for a language name or file extension, or `undefined` when the view has none. */
export function grammarFor(language: string): GrammarName | undefined {
  const name = language.toLowerCase();
  const resolved = ALIASES[name] ?? name;
  return (GRAMMAR_NAMES as readonly string[]).includes(resolved) ? (resolved as GrammarName) : undefined;
}
