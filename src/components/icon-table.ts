/**
 * The one table of built-in icons, by Lucide's kebab-case name. The eight drawn at first paint (Cogitator's
 * workspace tools and the fallback `wrench`) hold their component here, in the entry chunk; every other
 * name holds `LAZY`: its component is in the lazy chunk (`icons-lazy.ts`, held to exactly these names by
 * its type), loaded the first time a row names one. Each Lucide icon costs about 300 B gzip: add with care.
 */
import type { LucideIcon } from 'lucide-react';
import FilePen from 'lucide-react/icons/file-pen';
import FilePlus from 'lucide-react/icons/file-plus';
import FileText from 'lucide-react/icons/file-text';
import Folder from 'lucide-react/icons/folder';
import Search from 'lucide-react/icons/search';
import Terminal from 'lucide-react/icons/terminal';
import TextSearch from 'lucide-react/icons/text-search';
import Wrench from 'lucide-react/icons/wrench';
import type { ToolIconComponent, ToolIconMap } from '../internal/context';

/** Marks a built-in icon whose component is in the lazy chunk. */
const LAZY = 0;

/** Every built-in icon: its component when it draws at first paint, else `LAZY`. */
export const ICON_TABLE = {
  bot: LAZY,
  brain: LAZY,
  calculator: LAZY,
  calendar: LAZY,
  'chart-column': LAZY,
  check: LAZY,
  'circle-dot': LAZY,
  clock: LAZY,
  cloud: LAZY,
  code: LAZY,
  copy: LAZY,
  cpu: LAZY,
  'credit-card': LAZY,
  database: LAZY,
  download: LAZY,
  eye: LAZY,
  'file-code': LAZY,
  'file-pen': FilePen as LucideIcon,
  'file-plus': FilePlus as LucideIcon,
  'file-search': LAZY,
  'file-text': FileText as LucideIcon,
  files: LAZY,
  folder: Folder as LucideIcon,
  'folder-open': LAZY,
  'git-branch': LAZY,
  'git-commit': LAZY,
  'git-commit-horizontal': LAZY,
  'git-pull-request': LAZY,
  globe: LAZY,
  image: LAZY,
  key: LAZY,
  languages: LAZY,
  link: LAZY,
  list: LAZY,
  lock: LAZY,
  mail: LAZY,
  'map-pin': LAZY,
  'message-square': LAZY,
  monitor: LAZY,
  package: LAZY,
  pencil: LAZY,
  play: LAZY,
  plus: LAZY,
  search: Search as LucideIcon,
  send: LAZY,
  server: LAZY,
  settings: LAZY,
  'shopping-cart': LAZY,
  sparkles: LAZY,
  table: LAZY,
  terminal: Terminal as LucideIcon,
  'text-search': TextSearch as LucideIcon,
  'trash-2': LAZY,
  upload: LAZY,
  user: LAZY,
  wrench: Wrench as LucideIcon,
  x: LAZY,
} as const satisfies Record<string, LucideIcon | typeof LAZY>;

/** A name of the built-in icon table. */
export type ToolIconName = keyof typeof ICON_TABLE;

/** A name of the built-in icons in the lazy chunk. */
export type LazyIconName = {
  [K in ToolIconName]: (typeof ICON_TABLE)[K] extends typeof LAZY ? K : never;
}[ToolIconName];

/** The fallback icon, drawn when a name is unknown (the built-in `wrench`). */
export const FALLBACK = ICON_TABLE.wrench;

/** `FileText` or `file_text` → `file-text`, so a server's spelling does not cost the icon. */
export function kebab(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/**
 * A built-in icon: the component, `null` for a lazy one whose chunk has not loaded yet (`lazy` is the
 * loaded chunk's table), `undefined` for a name the table does not have.
 */
function builtinIcon(
  name: string,
  lazy: Readonly<Record<string, ToolIconComponent>> | undefined,
): ToolIconComponent | null | undefined {
  if (!Object.hasOwn(ICON_TABLE, name)) return undefined;
  const icon = ICON_TABLE[name as ToolIconName];
  if (icon !== LAZY) return icon;
  return lazy && Object.hasOwn(lazy, name) ? (lazy[name] as ToolIconComponent) : null;
}

/**
 * The icon to draw for a name: the host's icon, else the built-in one, else the fallback `wrench` (the
 * host's `wrench` first). `Icon` is `null` while a lazy built-in icon's chunk loads. `name` is the name
 * drawn, for `data-icon`.
 */
export function resolveIcon(
  requested: string | undefined,
  icons: ToolIconMap | undefined,
  lazy: Readonly<Record<string, ToolIconComponent>> | undefined,
): { name: string; Icon: ToolIconComponent | null } {
  if (requested) {
    for (const name of requested === kebab(requested) ? [requested] : [requested, kebab(requested)]) {
      if (icons && Object.hasOwn(icons, name) && icons[name]) return { name, Icon: icons[name] };
      const builtin = builtinIcon(name, lazy);
      if (builtin !== undefined) return { name, Icon: builtin };
    }
  }
  const hostFallback = icons && Object.hasOwn(icons, 'wrench') ? icons.wrench : undefined;
  return { name: 'wrench', Icon: hostFallback ?? FALLBACK };
}
