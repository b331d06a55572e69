/**
 * Time on screen: the one duration each step has (the header, the group and turn summaries and the
 * terminal block read the same value), and its words, locale-aware through `Intl.NumberFormat`.
 */
import { isActiveStatus, type Step } from '../core/step';

// ---------------------------------------------------------------------------------------------------
// One duration per step.

/** A duration the wire carries in the step's details (`durationMs`, `duration_ms`), as the terminal block reads it. */
function wireDuration(step: Step): number | undefined {
  const details = step.details;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return undefined;
  const record = details as Record<string, unknown>;
  for (const value of [record.durationMs, record.duration_ms]) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * How long an ended step took, in milliseconds: the duration the wire measured when it carries one
 * (so the header and the details block say the same), else its end minus its start (from the wire's
 * timestamps or the store's clock). `undefined` when the kit cannot know: no times, or a start and an
 * end seen in the same instant (a replay of a finished run), which is not a duration of 0 ms.
 */
export function stepDurationMs(step: Step): number | undefined {
  const wire = wireDuration(step);
  if (wire !== undefined) return wire;
  const { startedAt, endedAt } = step;
  if (typeof startedAt !== 'number' || typeof endedAt !== 'number') return undefined;
  if (!(endedAt > startedAt) || !Number.isFinite(endedAt - startedAt)) return undefined;
  return endedAt - startedAt;
}

/** `true` while the step's time runs: arguments streaming or the tool running, with a known start. */
export function isTicking(step: Step): boolean {
  return isActiveStatus(step.status) && typeof step.startedAt === 'number' && Number.isFinite(step.startedAt);
}

// ---------------------------------------------------------------------------------------------------
// Words.

const formats = new Map<string, Intl.NumberFormat>();

function unit(value: number, name: 'millisecond' | 'second' | 'minute' | 'hour', locale: string, digits = 0) {
  const key = `${locale}|${name}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'narrow',
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(value);
}

const lists = new Map<string, Intl.ListFormat>();

function joined(parts: string[], locale: string): string {
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' });
    lists.set(locale, list);
  }
  return list.format(parts);
}

function longDuration(totalSeconds: number, locale: string): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(hours, 'hour', locale));
  if (minutes > 0) parts.push(unit(minutes, 'minute', locale));
  if (seconds > 0 && hours === 0) parts.push(unit(seconds, 'second', locale));
  return joined(parts, locale);
}

/**
 * The words for time (English by default). Each is a function of the value and a BCP 47 locale, so
 * the list's words object can take them over (`labels`, issue 8 item 9).
 */
export const timeWords = {
  /** A measured duration: `120ms`, `8.4s`, `45s`, `2m 5s`, `1h 3m`. */
  duration(ms: number, locale = 'en'): string {
    if (!Number.isFinite(ms) || ms < 0) return '';
    if (ms < 1000) return unit(Math.round(ms), 'millisecond', locale);
    if (ms < 10_000) return unit(Math.round(ms / 100) / 10, 'second', locale, 1);
    const seconds = Math.round(ms / 1000);
    return seconds < 60 ? unit(seconds, 'second', locale) : longDuration(seconds, locale);
  },
  /** The elapsed time of a running step, in whole seconds: `12s`, `2m 5s`. */
  elapsed(ms: number, locale = 'en'): string {
    if (!Number.isFinite(ms) || ms < 0) return '';
    const seconds = Math.floor(ms / 1000);
    return seconds < 60 ? unit(seconds, 'second', locale) : longDuration(seconds, locale);
  },
};

/** The words for time, as a type (for the list's words object). */
export type TimeWords = typeof timeWords;
