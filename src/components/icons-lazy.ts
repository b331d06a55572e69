/**
 * The components of the built-in icons marked `LAZY` in `ICON_TABLE` (`icon-table.ts`): a chunk of its
 * own, so an app pays for these Lucide icons only once a row names one of them. Its type holds it to
 * exactly the table's lazy names (a name missing here, or one the table lacks, does not compile).
 */
import type { LucideIcon } from 'lucide-react';
import Bot from 'lucide-react/icons/bot';
import Brain from 'lucide-react/icons/brain';
import Calculator from 'lucide-react/icons/calculator';
import Calendar from 'lucide-react/icons/calendar';
import ChartColumn from 'lucide-react/icons/chart-column';
import Check from 'lucide-react/icons/check';
import CircleDot from 'lucide-react/icons/circle-dot';
import Clock from 'lucide-react/icons/clock';
import Cloud from 'lucide-react/icons/cloud';
import Code from 'lucide-react/icons/code';
import Copy from 'lucide-react/icons/copy';
import Cpu from 'lucide-react/icons/cpu';
import CreditCard from 'lucide-react/icons/credit-card';
import Database from 'lucide-react/icons/database';
import Download from 'lucide-react/icons/download';
import Eye from 'lucide-react/icons/eye';
import FileCode from 'lucide-react/icons/file-code';
import FileSearch from 'lucide-react/icons/file-search';
import Files from 'lucide-react/icons/files';
import FolderOpen from 'lucide-react/icons/folder-open';
import GitBranch from 'lucide-react/icons/git-branch';
import GitCommitHorizontal from 'lucide-react/icons/git-commit-horizontal';
import GitPullRequest from 'lucide-react/icons/git-pull-request';
import Globe from 'lucide-react/icons/globe';
import Image from 'lucide-react/icons/image';
import Key from 'lucide-react/icons/key';
import Languages from 'lucide-react/icons/languages';
import Link from 'lucide-react/icons/link';
import List from 'lucide-react/icons/list';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import MessageSquare from 'lucide-react/icons/message-square';
import Monitor from 'lucide-react/icons/monitor';
import Package from 'lucide-react/icons/package';
import Pencil from 'lucide-react/icons/pencil';
import Play from 'lucide-react/icons/play';
import Plus from 'lucide-react/icons/plus';
import Send from 'lucide-react/icons/send';
import Server from 'lucide-react/icons/server';
import Settings from 'lucide-react/icons/settings';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Sparkles from 'lucide-react/icons/sparkles';
import Table from 'lucide-react/icons/table';
import Trash2 from 'lucide-react/icons/trash';
import Upload from 'lucide-react/icons/upload';
import User from 'lucide-react/icons/user';
import X from 'lucide-react/icons/x';
import type { ToolIconComponent } from '../internal/context';
import type { LazyIconName } from './icon-table';

/** The lazily loaded built-in icons by kebab-case name. */
export const lazyIcons = {
  bot: Bot as LucideIcon,
  brain: Brain as LucideIcon,
  calculator: Calculator as LucideIcon,
  calendar: Calendar as LucideIcon,
  'chart-column': ChartColumn as LucideIcon,
  check: Check as LucideIcon,
  'circle-dot': CircleDot as LucideIcon,
  clock: Clock as LucideIcon,
  cloud: Cloud as LucideIcon,
  code: Code as LucideIcon,
  copy: Copy as LucideIcon,
  cpu: Cpu as LucideIcon,
  'credit-card': CreditCard as LucideIcon,
  database: Database as LucideIcon,
  download: Download as LucideIcon,
  eye: Eye as LucideIcon,
  'file-code': FileCode as LucideIcon,
  'file-search': FileSearch as LucideIcon,
  files: Files as LucideIcon,
  'folder-open': FolderOpen as LucideIcon,
  'git-branch': GitBranch as LucideIcon,
  'git-commit': GitCommitHorizontal as LucideIcon,
  'git-commit-horizontal': GitCommitHorizontal as LucideIcon,
  'git-pull-request': GitPullRequest as LucideIcon,
  globe: Globe as LucideIcon,
  image: Image as LucideIcon,
  key: Key as LucideIcon,
  languages: Languages as LucideIcon,
  link: Link as LucideIcon,
  list: List as LucideIcon,
  lock: Lock as LucideIcon,
  mail: Mail as LucideIcon,
  'map-pin': MapPin as LucideIcon,
  'message-square': MessageSquare as LucideIcon,
  monitor: Monitor as LucideIcon,
  package: Package as LucideIcon,
  pencil: Pencil as LucideIcon,
  play: Play as LucideIcon,
  plus: Plus as LucideIcon,
  send: Send as LucideIcon,
  server: Server as LucideIcon,
  settings: Settings as LucideIcon,
  'shopping-cart': ShoppingCart as LucideIcon,
  sparkles: Sparkles as LucideIcon,
  table: Table as LucideIcon,
  'trash-2': Trash2 as LucideIcon,
  upload: Upload as LucideIcon,
  user: User as LucideIcon,
  x: X as LucideIcon,
} satisfies Record<LazyIconName, ToolIconComponent>;
