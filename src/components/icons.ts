/**
 * The curated icon table: Lucide icons by kebab-case name, imported by name so that a bundle carries
 * only these (a dynamic or full-map import costs 36-193 kB gzip; see TOOLCHAIN.md §5).
 */
import {
  Bot,
  Brain,
  Calculator,
  Calendar,
  ChartColumn,
  Check,
  CircleDot,
  Clock,
  Cloud,
  Code,
  Copy,
  Cpu,
  CreditCard,
  Database,
  Download,
  Eye,
  FileCode,
  FilePen,
  FilePlus,
  FileSearch,
  Files,
  FileText,
  Folder,
  FolderOpen,
  GitBranch,
  GitCommitHorizontal,
  GitPullRequest,
  Globe,
  Image,
  Key,
  Languages,
  Link,
  List,
  Lock,
  type LucideProps,
  Mail,
  MapPin,
  MessageSquare,
  Monitor,
  Package,
  Pencil,
  Play,
  Plus,
  Search,
  Send,
  Server,
  Settings,
  ShoppingCart,
  Sparkles,
  Table,
  Terminal,
  TextSearch,
  Trash2,
  Upload,
  User,
  Wrench,
  X,
} from 'lucide-react';
import type { ComponentType } from 'react';

/** What an icon component receives: an SVG's props (size, stroke width, class, ARIA). */
export type ToolIconProps = Omit<LucideProps, 'ref'>;

/** An icon component: any Lucide icon, or a host component taking the same props. */
export type ToolIconComponent = ComponentType<ToolIconProps>;

/** Icons by kebab-case name, as a host app passes them to extend or replace the built-in ones. */
export type ToolIconMap = Readonly<Record<string, ToolIconComponent>>;

/**
 * The built-in icons by Lucide's kebab-case name: Cogitator's workspace tools (file-text, file-plus,
 * file-pen, folder, search, text-search, terminal) and every icon the derived presentation picks from
 * a tool's verb and noun (see `docs/presentation.md`). Each icon costs about 300 B gzip: add with care.
 */
export const toolIcons = {
  bot: Bot,
  brain: Brain,
  calculator: Calculator,
  calendar: Calendar,
  'chart-column': ChartColumn,
  check: Check,
  'circle-dot': CircleDot,
  clock: Clock,
  cloud: Cloud,
  code: Code,
  copy: Copy,
  cpu: Cpu,
  'credit-card': CreditCard,
  database: Database,
  download: Download,
  eye: Eye,
  'file-code': FileCode,
  'file-pen': FilePen,
  'file-plus': FilePlus,
  'file-search': FileSearch,
  'file-text': FileText,
  files: Files,
  folder: Folder,
  'folder-open': FolderOpen,
  'git-branch': GitBranch,
  'git-commit': GitCommitHorizontal,
  'git-commit-horizontal': GitCommitHorizontal,
  'git-pull-request': GitPullRequest,
  globe: Globe,
  image: Image,
  key: Key,
  languages: Languages,
  link: Link,
  list: List,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  'message-square': MessageSquare,
  monitor: Monitor,
  package: Package,
  pencil: Pencil,
  play: Play,
  plus: Plus,
  search: Search,
  send: Send,
  server: Server,
  settings: Settings,
  'shopping-cart': ShoppingCart,
  sparkles: Sparkles,
  table: Table,
  terminal: Terminal,
  'text-search': TextSearch,
  'trash-2': Trash2,
  upload: Upload,
  user: User,
  wrench: Wrench,
  x: X,
} as const satisfies Record<string, ToolIconComponent>;

/** A name of the built-in icon table. */
export type ToolIconName = keyof typeof toolIcons;

/** The icon drawn when a step names none, or names one that neither table has. */
export const FALLBACK_ICON = 'wrench' satisfies ToolIconName;

/** `FileText` or `file_text` → `file-text`, so a server's spelling does not cost the icon. */
function kebab(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/**
 * The icon to draw for a name: the host's icon, else the built-in one, else the fallback `wrench`
 * (never nothing). `name` is the name actually drawn, for `data-icon`.
 */
export function resolveToolIcon(
  requested: string | undefined,
  icons?: ToolIconMap,
): { name: string; Icon: ToolIconComponent } {
  if (requested) {
    for (const name of requested === kebab(requested) ? [requested] : [requested, kebab(requested)]) {
      if (icons && Object.hasOwn(icons, name) && icons[name]) return { name, Icon: icons[name] };
      if (Object.hasOwn(toolIcons, name)) return { name, Icon: toolIcons[name as ToolIconName] };
    }
  }
  const hostFallback = icons && Object.hasOwn(icons, FALLBACK_ICON) ? icons[FALLBACK_ICON] : undefined;
  return { name: FALLBACK_ICON, Icon: hostFallback ?? toolIcons[FALLBACK_ICON] };
}
