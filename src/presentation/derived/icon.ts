/**
 * The icon of a tool the kit does not know, from the words of its name: the first rule with a word
 * of the name wins, so strong verbs (delete, search) come before the nouns and weak verbs last.
 */

// `file:` rules take the file icon when a word of the name is a file noun, else the second icon.
const RULES: [icon: string, words: string][] = [
  ['trash-2', 'delete remove rm del drop destroy purge erase unlink trash'],
  ['text-search', 'grep rg ripgrep ag'],
  [
    'database',
    'sql db database table tables postgres postgresql mysql sqlite bigquery snowflake supabase mongo mongodb redis',
  ],
  ['search', 'search find query lookup locate seek glob tavily exa serp serper bing duckduckgo'],
  ['download', 'download'],
  ['upload', 'upload'],
  [
    'globe',
    'fetch http https url urls uri browse browser web website webpage scrape crawl navigate curl wget wikipedia wiki',
  ],
  ['mail', 'email mail gmail inbox outlook'],
  ['message-square', 'slack message chat sms discord teams reply comment post notify'],
  ['send', 'send'],
  ['git-pull-request', 'pr pull merge'],
  ['git-commit', 'commit commits'],
  ['git-branch', 'git branch branches repo repository checkout clone push github gitlab'],
  ['circle-dot', 'issue ticket bug bugs jira linear'],
  ['cloud', 'weather forecast temperature rain'],
  ['calendar', 'calendar event schedule meeting appointment booking'],
  ['image', 'image picture photo screenshot img dalle draw'],
  ['code', 'code python interpreter repl javascript js eval notebook jupyter'],
  ['terminal', 'run execute shell bash command terminal sh zsh powershell script'],
  ['calculator', 'calc calculate calculator math compute sum arithmetic'],
  ['brain', 'memory memories remember recall memorize'],
  ['sparkles', 'think thinking plan reason reflect'],
  ['bot', 'agent agents task tasks delegate subagent dispatch spawn assistant'],
  ['key', 'key keys secret secrets auth token password credential credentials login'],
  ['lock', 'lock unlock encrypt decrypt permission permissions'],
  ['settings', 'settings setting config configure configuration preferences'],
  ['user', 'user users person people contact contacts profile customer member account'],
  ['map-pin', 'map maps location geo geocode place places address directions route city'],
  ['clock', 'time timezone clock date now timer wait sleep'],
  ['credit-card', 'payment pay invoice charge refund card billing stripe'],
  ['shopping-cart', 'order cart product shop buy purchase'],
  ['monitor', 'computer screen desktop click mouse keyboard type scroll'],
  ['languages', 'translate translation language'],
  ['copy', 'copy duplicate'],
  ['server', 'server servers deploy host hosting'],
  ['file:file-pen:pencil', 'edit update patch modify replace rename change'],
  ['file:file-plus:plus', 'write create add new insert make save append'],
  ['file:file-text:eye', 'read get open view cat show load display preview'],
  ['dir:folder:list', 'list ls'],
  ['folder', 'directory folder dir tree'],
  ['file-text', 'file document doc docs pdf'],
  ['chart-column', 'chart plot graph analytics stats metrics'],
  ['package', 'package install npm pip dependency dependencies'],
  ['link', 'link links'],
];
/** Every icon name the rules can pick (a test checks each is in the component's icon table). */
export const DERIVED_ICONS: readonly string[] = RULES.flatMap(([icon]) => {
  const [kind, file, otherwise] = icon.split(':');
  return file ? [file, otherwise as string] : [kind as string];
});

const FILE_NOUNS = new Set(['file', 'document', 'doc', 'notebook', 'pdf', 'readme']);
const DIR_NOUNS = new Set(['directory', 'dir', 'folder', 'file', 'path']);

let table: Map<string, number> | undefined;

/** Word → index of the first rule that has it. */
function rules(): Map<string, number> {
  if (table) return table;
  table = new Map();
  RULES.forEach(([, words], index) => {
    for (const word of words.split(' ')) if (!table?.has(word)) table?.set(word, index);
  });
  return table;
}

/** A word or its singular (`files` → `file`, `issues` → `issue`). */
function lookup(map: Map<string, number> | Set<string>, word: string): boolean {
  return map.has(word) || (word.length > 4 && word.endsWith('s') && map.has(word.slice(0, -1)));
}

function ruleOf(map: Map<string, number>, word: string): number | undefined {
  return map.get(word) ?? (word.length > 4 && word.endsWith('s') ? map.get(word.slice(0, -1)) : undefined);
}

/**
 * The Lucide icon name for a tool from the lower-case words of its name (and, when they say nothing,
 * of its server), or `undefined` for the generic icon. `file`: the call's telling argument is a path,
 * so `Read` takes `file-text` rather than `eye`.
 */
export function iconForWords(
  words: readonly string[],
  serverWords: readonly string[],
  file = false,
): string | undefined {
  const map = rules();
  for (const list of [words, serverWords]) {
    let index = Number.POSITIVE_INFINITY;
    for (const word of list) index = Math.min(index, ruleOf(map, word) ?? index);
    const rule = RULES[index];
    if (!rule) continue;
    const [kind, icon, otherwise] = rule[0].split(':');
    if (!icon) return kind;
    const nouns = kind === 'dir' ? DIR_NOUNS : FILE_NOUNS;
    return file || list.some((word) => lookup(nouns, word)) ? icon : otherwise;
  }
  return undefined;
}
