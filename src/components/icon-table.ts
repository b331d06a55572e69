/**
 * How `ToolStepIcon` splits the curated icon table (`toolIcons`): the icons drawn at once (`EAGER_ICONS`:
 * Cogitator's seven workspace tools and the fallback `wrench`) and the names of the rest, which load as a
 * chunk of their own (`icons-lazy.ts`) the first time a row names one. The Lucide icons cost about 300 B
 * gzip each; most apps' rows name a handful, so the other fifty stay out of the entry chunk.
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
import type { ToolIconComponent, ToolIconMap } from './icons';

/** The built-in icons drawn at once. */
export const EAGER_ICONS = {
  'file-pen': FilePen as LucideIcon,
  'file-plus': FilePlus as LucideIcon,
  'file-text': FileText as LucideIcon,
  folder: Folder as LucideIcon,
  search: Search as LucideIcon,
  terminal: Terminal as LucideIcon,
  'text-search': TextSearch as LucideIcon,
  wrench: Wrench as LucideIcon,
} satisfies ToolIconMap;

/** The names of the built-in icons in the lazy chunk (`icons-lazy.ts`). */
export const LAZY_ICON_NAMES = [
  'bot',
  'brain',
  'calculator',
  'calendar',
  'chart-column',
  'check',
  'circle-dot',
  'clock',
  'cloud',
  'code',
  'copy',
  'cpu',
  'credit-card',
  'database',
  'download',
  'eye',
  'file-code',
  'file-search',
  'files',
  'folder-open',
  'git-branch',
  'git-commit',
  'git-commit-horizontal',
  'git-pull-request',
  'globe',
  'image',
  'key',
  'languages',
  'link',
  'list',
  'lock',
  'mail',
  'map-pin',
  'message-square',
  'monitor',
  'package',
  'pencil',
  'play',
  'plus',
  'send',
  'server',
  'settings',
  'shopping-cart',
  'sparkles',
  'table',
  'trash-2',
  'upload',
  'user',
  'x',
] as const;

/** A name of the lazily loaded built-in icons. */
export type LazyIconName = (typeof LAZY_ICON_NAMES)[number];

const lazyNames: ReadonlySet<string> = new Set(LAZY_ICON_NAMES);

/** The fallback icon, drawn when a name is unknown (the built-in `wrench`). */
export const FALLBACK = EAGER_ICONS.wrench;

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
export function builtinIcon(
  name: string,
  lazy: Readonly<Record<string, ToolIconComponent>> | undefined,
): ToolIconComponent | null | undefined {
  if (Object.hasOwn(EAGER_ICONS, name)) return EAGER_ICONS[name as keyof typeof EAGER_ICONS];
  if (!lazyNames.has(name)) return undefined;
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
