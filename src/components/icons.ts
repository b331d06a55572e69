/**
 * The built-in icons as one map of components (`toolIcons`), for hosts that extend or draw them: the
 * table's first-paint icons and the lazy chunk's, both halves of `ICON_TABLE` (`icon-table.ts`). The
 * Lucide icons are imported by name, so a bundle carries only these (a dynamic or full-map import costs
 * 36-193 kB gzip).
 */
import type { LucideIcon } from 'lucide-react';
import type { ToolIconComponent, ToolIconMap } from '../internal/context';
import { ICON_TABLE, resolveIcon, type ToolIconName } from './icon-table';
import { lazyIcons } from './icons-lazy';

export type { ToolIconComponent, ToolIconMap, ToolIconProps } from '../internal/context';
export type { ToolIconName } from './icon-table';

/**
 * The built-in icons by Lucide's kebab-case name: Cogitator's workspace tools (file-text, file-plus,
 * file-pen, folder, search, text-search, terminal) and every icon the derived presentation picks from
 * a tool's verb and noun (see `docs/presentation.md`).
 */
export const toolIcons: Readonly<Record<ToolIconName, LucideIcon>> = /* @__PURE__ */ everyIcon();

function everyIcon(): Record<ToolIconName, LucideIcon> {
  const icons: Record<string, LucideIcon> = { ...lazyIcons };
  for (const [name, icon] of Object.entries(ICON_TABLE)) if (icon) icons[name] = icon;
  return icons as Record<ToolIconName, LucideIcon>;
}

/** The icon drawn when a step names none, or names one that neither table has. */
export const FALLBACK_ICON = 'wrench' satisfies ToolIconName;

/**
 * The icon to draw for a name: the host's icon, else the built-in one, else the fallback `wrench`
 * (never nothing). `name` is the name actually drawn, for `data-icon`.
 */
export function resolveToolIcon(
  requested: string | undefined,
  icons?: ToolIconMap,
): { name: string; Icon: ToolIconComponent } {
  return resolveIcon(requested, icons, toolIcons) as { name: string; Icon: ToolIconComponent };
}
