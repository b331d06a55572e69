/**
 * The terminal view's model: terminal text made safe and line-shaped, then ANSI SGR styles read with
 * anser's JSON output, lazily and in order, line by line. Only `terminal-view.tsx` imports it, so anser
 * lands in the lazily loaded terminal chunk.
 */
import Anser from 'anser';
import type { TerminalInput, TerminalStream } from './normalize';

/** A run of text with one style; colours are CSS colour values. */
export interface TermSpan {
  text: string;
  fg?: string;
  bg?: string;
  /** anser decoration names, space separated: `bold`, `dim`, `italic`, `underline`, `blink`, `hidden`, `strikethrough`. */
  deco?: string;
}

/** One line of output and the stream it came from. */
export interface TermLine {
  /** The line with its SGR sequences kept and every other control sequence removed. */
  raw: string;
  stream: TerminalStream['stream'];
}

// Every escape sequence except SGR (colours and styles), in one regex with no callback: OSC (title,
// hyperlink) up to BEL/ST, CSI with its parameters, intermediates and final byte (which may be missing
// when the stream was cut), charset selections and any other two-byte ESC sequence.
const NON_SGR_ESCAPES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control characters is the point
  /\u001b(?!\[[\d;]*m)(?:\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\[[0-?]*[ -/]*[@-~]?|[()#%*+][ -~]?|[^\n[\]])?/g;
// C0 and C1 control characters other than tab, newline, carriage return and ESC, and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control characters is the point
const SGR = /\u001b\[[\d;]*m/g;

type WellFormed = { isWellFormed?: () => boolean };

/**
 * Makes terminal text safe to show: keeps SGR colour sequences, drops every other escape sequence
 * (cursor moves, erases, titles, truncated sequences), turns CRLF into LF, and shows binary garbage
 * (other control characters, lone surrogates) as U+FFFD replacement characters instead of dropping it.
 */
export function sanitizeTerminalText(text: string): string {
  let out = text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  if (out.includes('\u001b')) out = out.replace(NON_SGR_ESCAPES, '');
  out = out.replace(CONTROLS, '\uFFFD');
  const wellFormed = (out as WellFormed).isWellFormed;
  if (!wellFormed?.call(out)) out = out.replace(LONE_SURROGATES, '\uFFFD');
  return out;
}

/** A line without its SGR sequences. */
export function stripSgr(line: string): string {
  return line.replace(SGR, '');
}

/**
 * A line redrawn with carriage returns (progress bars, spinners) reduced to its last drawn state: the
 * last segment with visible text, keeping the colour changes of the segments around it.
 */
export function collapseCarriageReturns(line: string): string {
  if (!line.includes('\r')) return line;
  const segments = line.split('\r');
  let last = segments.length - 1;
  while (last > 0 && stripSgr(segments[last] as string) === '') last--;
  const codes = (parts: string[]) => parts.map((p) => p.match(SGR)?.join('') ?? '').join('');
  return codes(segments.slice(0, last)) + segments[last] + codes(segments.slice(last + 1));
}

/** The lines of every stream, sanitized and with carriage-return redraws collapsed. */
export function terminalLines(input: TerminalInput): TermLine[] {
  const lines: TermLine[] = [];
  for (const { stream, text } of input.streams) {
    const parts = sanitizeTerminalText(text).split('\n');
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    for (const part of parts) lines.push({ raw: collapseCarriageReturns(part), stream });
  }
  return lines;
}

const BASIC = /^ansi-(bright-)?(black|red|green|yellow|blue|magenta|cyan|white)$/;
const CUBE = [0, 95, 135, 175, 215, 255];

function paletteColor(index: number): string {
  if (index < 232) {
    const n = index - 16;
    return `rgb(${CUBE[Math.floor(n / 36)]}, ${CUBE[Math.floor(n / 6) % 6]}, ${CUBE[n % 6]})`;
  }
  const level = 8 + (index - 232) * 10;
  return `rgb(${level}, ${level}, ${level})`;
}

/** The CSS colour of an anser class name (`ansi-red`, `ansi-palette-208`, `ansi-truecolor`). */
export function cssColor(name: string | null, truecolor: string | null): string | undefined {
  if (!name) return undefined;
  const basic = BASIC.exec(name);
  if (basic) {
    // the theme's validated token (styles.css), else the host's own --ts-ansi-* when the theme is not loaded
    const name = `ansi-${basic[1] ? 'bright-' : ''}${basic[2]}`;
    return `var(--_ts-${name}, var(--ts-${name}))`;
  }
  if (name === 'ansi-truecolor' && truecolor) return `rgb(${truecolor})`;
  const palette = /^ansi-palette-(\d+)$/.exec(name);
  if (palette) return paletteColor(Number(palette[1]));
  return undefined;
}

interface Style {
  fg?: string;
  bg?: string;
  deco?: string;
}

// an SGR whose parameter list starts with 0 (or is empty) resets every style before it
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control characters is the point
const RESET_START = /^\u001b\[(?:0*(?:;|m))/;

/**
 * Reads the lines' styles on demand. The style a line starts with depends on the lines before it, so
 * `spans(i)` reads consecutive lines with one anser instance, and when it jumps (to the tail of a running
 * log, or after a scroll) it rebuilds the starting style from the SGR sequences since the last reset
 * before line `i` instead of parsing every line in between. Results are kept. Each stream starts unstyled.
 */
export class TerminalParser {
  readonly lines: readonly TermLine[];
  private readonly cache = new Map<number, TermSpan[]>();
  private next = -1;
  private anser = new Anser();
  private carry: Style = {};

  constructor(lines: readonly TermLine[]) {
    this.lines = lines;
  }

  /** How many lines are parsed so far. */
  get parsedCount(): number {
    return this.cache.size;
  }

  /** A parser for `lines` that keeps this one's work on the lines that did not change. */
  extend(lines: readonly TermLine[]): TerminalParser {
    const next = new TerminalParser(lines);
    let same = 0;
    const max = Math.min(lines.length, this.lines.length);
    while (
      same < max &&
      (lines[same] as TermLine).raw === (this.lines[same] as TermLine).raw &&
      (lines[same] as TermLine).stream === (this.lines[same] as TermLine).stream
    )
      same++;
    for (const [index, spans] of this.cache) if (index < same) next.cache.set(index, spans);
    if (this.next !== -1 && this.next <= same) {
      next.next = this.next;
      next.anser = this.anser;
      next.carry = this.carry;
    }
    return next;
  }

  /** The styled spans of line `index`. */
  spans(index: number): TermSpan[] {
    const cached = this.cache.get(index);
    if (cached) return cached;
    if (index < 0 || index >= this.lines.length) return [];
    if (index !== this.next) this.seek(index);
    const spans = this.parseLine(index);
    this.cache.set(index, spans);
    this.next = index + 1;
    return spans;
  }

  private seek(index: number): void {
    const stream = (this.lines[index] as TermLine).stream;
    const codes: string[] = [];
    let reset = false;
    for (let j = index - 1; j >= 0 && !reset; j--) {
      const line = this.lines[j] as TermLine;
      if (line.stream !== stream) break;
      const found = line.raw.includes('\u001b') ? line.raw.match(SGR) : null;
      if (!found) continue;
      for (let k = found.length - 1; k >= 0; k--) {
        const code = found[k] as string;
        codes.push(code);
        if (RESET_START.test(code)) {
          reset = true;
          break;
        }
      }
    }
    this.anser = new Anser();
    this.carry = {};
    if (codes.length > 0) {
      const entries = this.anser.ansiToJson(codes.reverse().join(''), { use_classes: true });
      const last = entries[entries.length - 1];
      if (last && entries.length > 1) this.carry = styleOf(last);
    }
  }

  private parseLine(index: number): TermSpan[] {
    const line = this.lines[index] as TermLine;
    if (index > 0 && (this.lines[index - 1] as TermLine).stream !== line.stream) {
      this.anser = new Anser();
      this.carry = {};
    }
    if (!line.raw.includes('\u001b')) return line.raw === '' ? [] : [{ text: line.raw, ...this.carry }];
    const entries = this.anser.ansiToJson(line.raw, { use_classes: true });
    const spans: TermSpan[] = [];
    entries.forEach((entry, k) => {
      const style = k === 0 ? this.carry : styleOf(entry);
      if (k === entries.length - 1) this.carry = style;
      if (entry.content !== '') spans.push({ text: entry.content, ...style });
    });
    return spans;
  }
}

function styleOf(entry: Anser.AnserJsonEntry): Style {
  return {
    fg: cssColor(entry.fg, entry.fg_truecolor),
    bg: cssColor(entry.bg, entry.bg_truecolor),
    deco: entry.decorations.length > 0 ? entry.decorations.join(' ') : undefined,
  };
}
