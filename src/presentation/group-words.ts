/**
 * The English words of groups, nested steps and the turn summary (`defaultLabels.groups`), apart
 * from the rest of the words so that the grouping, which server code may use, stays small.
 */
import { formatNumber, plural } from './plural';

/** The words of groups, nested steps and the turn summary. */
export interface GroupLabels {
  /** One family's part of a group summary: "read 3 files", "searched 1 pattern", "2 × fetch". */
  family: (family: string, count: number) => string;
  /**
   * The part of a group summary for the reasoning taken in between its calls: "thought for 8s"; under a
   * second or without known times `undefined`: "thought".
   */
  thought: (duration: string | undefined) => string;
  /** A group's summary from its families' parts and its duration: "Read 3 files, searched 2 patterns · 4.2s". */
  group: (parts: readonly string[], duration: string | undefined) => string;
  /** A parent's count of its nested steps: "3 steps". */
  nested: (count: number) => string;
  /** The turn while a step runs: its label and the time so far, "Searching files… 12s". */
  working: (label: string, elapsed: string | undefined) => string;
  /**
   * The turn once nothing runs: "Worked 45s · 14 steps", with the failed ones ("· 14 steps, 1 failed");
   * without a duration (no times, or under a second) the count alone: "14 steps".
   */
  worked: (duration: string | undefined, steps: number, failed?: number) => string;
  /** The turn the person stopped, one line: "Stopped after 8.8s · 1 step", "Stopped · 1 step". */
  stopped: (duration: string | undefined, steps: number) => string;
}

// The built-in families' English words: the verb in the past and the noun's two forms.
const ENGLISH_FAMILIES: Readonly<Record<string, readonly [verb: string, one: string, other: string]>> = {
  read: ['read', 'file', 'files'],
  search: ['searched', 'pattern', 'patterns'],
  list: ['listed', 'folder', 'folders'],
};

/** The English words of groups (`defaultLabels.groups`). */
export const englishGroupWords: GroupLabels = {
  family: (family, count) => {
    const words = Object.hasOwn(ENGLISH_FAMILIES, family) ? ENGLISH_FAMILIES[family] : undefined;
    if (!words) return `${formatNumber('en', count)} × ${family}`;
    return `${words[0]} ${plural('en', count, { one: `# ${words[1]}`, other: `# ${words[2]}` })}`;
  },
  thought: (duration) => (duration ? `thought for ${duration}` : 'thought'),
  group: (parts, duration) => {
    const text = parts.join(', ');
    const head = text.charAt(0).toUpperCase() + text.slice(1);
    return duration ? `${head} · ${duration}` : head;
  },
  nested: (count) => plural('en', count, { one: '# step', other: '# steps' }),
  working: (label, elapsed) => (elapsed ? `${label}… ${elapsed}` : `${label}…`),
  worked: (duration, steps, failed = 0) => {
    const count = `${plural('en', steps, { one: '# step', other: '# steps' })}${failed > 0 ? `, ${formatNumber('en', failed)} failed` : ''}`;
    return duration ? `Worked ${duration} · ${count}` : count;
  },
  stopped: (duration, steps) => {
    const count = plural('en', steps, { one: '# step', other: '# steps' });
    return duration ? `Stopped after ${duration} · ${count}` : `Stopped · ${count}`;
  },
};
