/**
 * The terminal view's model: terminal text made safe and line-shaped, then ANSI SGR styles read with
 * anser's JSON output, lazily and in order, line by line. Only `terminal-view.tsx` imports it, so anser
 * lands in the lazily loaded terminal chunk.
 */
import Anser from 'anser';
import type { TerminalInput, TerminalStream } from './normalize';

export type { TerminalInput } from './normalize';

/** A run of text with one style; colours are CSS colour values. */
export interface TermSpan {
  text: string;
  fg?: string;
  bg?: string;
  /** anser decoration names, space separated: `bold`, `dim`, `italic`, `underline`, `blink`, `strikethrough`. */
  deco?: string;
  /** Concealed (SGR 8): the text is shown anyway, marked, since the model reads it. */
  concealed?: boolean;
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

/** Lines read by index: an array of `TermLine`, or `TerminalLines`. */
export interface LineSource {
  readonly length: number;
  at(index: number): TermLine | undefined;
}

interface Segment {
  stream: TermLine['stream'];
  text: string;
  /** Index of the segment's first line among all lines. */
  first: number;
  count: number;
  /** Where each line starts in `text` (lazy segments). */
  starts?: number[];
  /** The sanitized lines (a segment with an OSC sequence, which may run across lines, is sanitized whole). */
  eager?: string[];
}

/**
 * The lines of every stream, each sanitized and collapsed when it is first read, so that a 50,000-line log
 * costs one scan for its newlines before its first lines are drawn. Line `i` is the same as
 * `terminalLines(input)[i]`: every sequence `sanitizeTerminalText` removes lies within one line, but an
 * OSC sequence (title, hyperlink), which may run to the next BEL or ESC across lines, so a stream with one is
 * sanitized whole.
 */
export class TerminalLines implements LineSource {
  readonly length: number;
  /** The streams that have lines, in order. */
  readonly streams: readonly TermLine['stream'][];
  private readonly segments: Segment[] = [];
  private readonly cache: Array<TermLine | undefined> = [];

  constructor(input: TerminalInput) {
    let first = 0;
    for (const { stream, text } of input.streams) {
      const segment: Segment = { stream, text, first, count: 0 };
      if (text.includes('\u001b]')) {
        const parts = sanitizeTerminalText(text).split('\n');
        if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
        segment.eager = parts;
        segment.count = parts.length;
      } else {
        const starts = [0];
        for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
        segment.starts = starts;
        // like split('\n') with a last empty part dropped: a last line that sanitizes to nothing is none
        if (starts.length > 1 && sanitizeTerminalText(this.source(segment, starts.length - 1)) === '') starts.pop();
        segment.count = starts.length;
      }
      this.segments.push(segment);
      first += segment.count;
    }
    this.length = first;
    this.streams = [...new Set(this.segments.filter((s) => s.count > 0).map((s) => s.stream))];
  }

  private segmentOf(index: number): Segment | undefined {
    for (const segment of this.segments) if (index < segment.first + segment.count) return segment;
    return undefined;
  }

  /** The source text of line `index` of a lazy segment, before sanitizing. */
  private source(segment: Segment, k: number): string {
    const { text } = segment;
    const from = (segment.starts as number[])[k] as number;
    const newline = text.indexOf('\n', from);
    // a CRLF line ending is a newline (`sanitizeTerminalText` turns \r\n into \n)
    const end =
      newline < 0 ? text.length : newline > from && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    return text.slice(from, end);
  }

  /** Line `index`, sanitized and collapsed; `undefined` out of range. */
  at(index: number): TermLine | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const cached = this.cache[index];
    if (cached) return cached;
    const segment = this.segmentOf(index) as Segment;
    const k = index - segment.first;
    const text = segment.eager ? (segment.eager[k] as string) : sanitizeTerminalText(this.source(segment, k));
    const line: TermLine = { raw: collapseCarriageReturns(text), stream: segment.stream };
    this.cache[index] = line;
    return line;
  }

  /** The stream of line `index`, without reading it. */
  streamOf(index: number): TermLine['stream'] | undefined {
    return this.segmentOf(index)?.stream;
  }

  /** The indexes of the lines of `stream`, in order. */
  indexesOf(stream: TermLine['stream']): number[] {
    const out: number[] = [];
    for (const segment of this.segments)
      if (segment.stream === stream) for (let k = 0; k < segment.count; k++) out.push(segment.first + k);
    return out;
  }

  /**
   * The closest line before `index`, in the same stream segment, whose text holds an escape (where a style
   * may change); -1 when there is none. Found in the source text, without reading the lines in between.
   */
  lastEscapeBefore(index: number): number {
    const segment = this.segmentOf(index);
    if (!segment || index === segment.first) return -1;
    const k = index - segment.first;
    if (segment.eager) {
      for (let j = k - 1; j >= 0; j--) if ((segment.eager[j] as string).includes('\u001b')) return segment.first + j;
      return -1;
    }
    const starts = segment.starts as number[];
    const at = segment.text.lastIndexOf('\u001b', (starts[k] as number) - 1);
    if (at < 0) return -1;
    // the line that holds `at`: the last start at or before it
    let lo = 0;
    let hi = k - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return segment.first + lo;
  }

  /**
   * How many leading lines are the same as in `other` (output that only grew at the end keeps them all
   * but the last, which may have been cut), found by comparing the texts, not the lines.
   */
  sameLinesAs(other: TerminalLines): number {
    let same = 0;
    for (let i = 0; i < this.segments.length && i < other.segments.length; i++) {
      const mine = this.segments[i] as Segment;
      const theirs = other.segments[i] as Segment;
      if (mine.stream !== theirs.stream || mine.first !== theirs.first) return same;
      if (mine.text === theirs.text) {
        same += mine.count;
        continue;
      }
      if (mine.eager || theirs.eager || !mine.text.startsWith(theirs.text)) return same;
      // the lines of the shorter text that ended with a newline
      const complete = theirs.text.endsWith('\n') ? theirs.count : theirs.count - 1;
      return same + Math.max(0, complete);
    }
    return same;
  }
}

const BASIC = /^ansi-(bright-)?(black|red|green|yellow|blue|magenta|cyan|white)$/;

/** An sRGB colour, 0-255 per channel. */
export type Rgb = readonly [number, number, number];
type Scheme = 'light' | 'dark';

const hex = (value: string): Rgb => [
  Number.parseInt(value.slice(1, 3), 16),
  Number.parseInt(value.slice(3, 5), 16),
  Number.parseInt(value.slice(5, 7), 16),
];
// The theme's colours (styles.css: --_ts-ansi-*, --_ts-terminal-*), light and dark. A host that sets its
// own --ts-ansi-* is trusted to keep them readable on its --ts-terminal-bg.
const THEME: Record<string, readonly [string, string]> = {
  'ansi-black': ['#24292f', '#848d97'],
  'ansi-red': ['#cf222e', '#ff7b72'],
  'ansi-green': ['#116329', '#3fb950'],
  'ansi-yellow': ['#7d4e00', '#d29922'],
  'ansi-blue': ['#0550ae', '#58a6ff'],
  'ansi-magenta': ['#8250df', '#bc8cff'],
  'ansi-cyan': ['#1b6f75', '#39c5cf'],
  'ansi-white': ['#57606a', '#b1bac4'],
  'ansi-bright-black': ['#424a53', '#8b949e'],
  'ansi-bright-red': ['#a40e26', '#ffa198'],
  'ansi-bright-green': ['#1a7f37', '#56d364'],
  'ansi-bright-yellow': ['#633c01', '#e3b341'],
  'ansi-bright-blue': ['#0969da', '#79c0ff'],
  'ansi-bright-magenta': ['#6639ba', '#d2a8ff'],
  'ansi-bright-cyan': ['#136061', '#56d4dd'],
  'ansi-bright-white': ['#4b535d', '#ffffff'],
  'terminal-bg': ['#f6f8fa', '#0d1117'],
  'terminal-fg': ['#1f2328', '#e6edf3'],
};
const nominal = (name: string, scheme: Scheme): Rgb =>
  hex((THEME[name] as readonly [string, string])[scheme === 'light' ? 0 : 1]);

/** The least contrast ratio between a span's colour and its background (WCAG AA for text, 4.5:1). */
export const MIN_CONTRAST = 4.5;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const RGB_VALUE = /^rgb\((\d+), ?(\d+), ?(\d+)\)$/;
const VAR_VALUE = /^var\(--_ts-(ansi-[a-z-]+),/;
const LIGHT_DARK = /^light-dark\((rgb\([^)]*\)), (rgb\([^)]*\))\)$/;

/** The colour a CSS value of this module stands for in one scheme (`undefined` for none). */
function resolveColor(value: string | undefined, scheme: Scheme): Rgb | undefined {
  if (!value) return undefined;
  const pair = LIGHT_DARK.exec(value);
  if (pair) return resolveColor(scheme === 'light' ? pair[1] : pair[2], scheme);
  const rgb = RGB_VALUE.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const basic = VAR_VALUE.exec(value);
  if (basic && THEME[basic[1] as string]) return nominal(basic[1] as string, scheme);
  return undefined;
}

/** The colour and background a span is drawn with in one scheme of the theme (the terminal's own where it sets none). */
export function schemeColors(span: Pick<TermSpan, 'fg' | 'bg'>, scheme: Scheme): { fg: Rgb; bg: Rgb } {
  return {
    fg: resolveColor(span.fg, scheme) ?? nominal('terminal-fg', scheme),
    bg: resolveColor(span.bg, scheme) ?? nominal('terminal-bg', scheme),
  };
}
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
  concealed?: boolean;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** `fg` moved toward black or white (whichever contrasts more with `bg`) just far enough to be read on `bg`. */
function readableOn(fg: Rgb, bg: Rgb): Rgb {
  const target = contrastRatio(WHITE, bg) >= contrastRatio(BLACK, bg) ? WHITE : BLACK;
  for (let t = 0.1; t < 1; t += 0.1) {
    const mixed = fg.map((c, i) => Math.round(c + ((target[i] as number) - c) * t)) as unknown as Rgb;
    if (contrastRatio(mixed, bg) >= MIN_CONTRAST) return mixed;
  }
  return target;
}

/**
 * A style whose colour is too close to its background (black on black, equal true colours, a dark true
 * colour on the dark terminal) gets a colour that can be read, per scheme: `light-dark(…, …)`, the
 * same function the theme's own colours use. Readable styles are returned as they are.
 */
function withContrast(style: Style): Style {
  if (!style.fg && !style.bg) return style;
  const light = schemeColors(style, 'light');
  const dark = schemeColors(style, 'dark');
  const lightOk = contrastRatio(light.fg, light.bg) >= MIN_CONTRAST;
  const darkOk = contrastRatio(dark.fg, dark.bg) >= MIN_CONTRAST;
  if (lightOk && darkOk) return style;
  const l = lightOk ? light.fg : readableOn(light.fg, light.bg);
  const d = darkOk ? dark.fg : readableOn(dark.fg, dark.bg);
  const adjusted: Style = { ...style, fg: `light-dark(${css(l)}, ${css(d)})` };
  // the background the colour was chosen for, also where the theme's palette is not loaded
  if (style.bg) adjusted.bg = `light-dark(${css(light.bg)}, ${css(dark.bg)})`;
  return adjusted;
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
  readonly lines: LineSource;
  private readonly cache = new Map<number, TermSpan[]>();
  private next = -1;
  private anser = new Anser();
  private carry: Style = {};

  constructor(lines: LineSource) {
    this.lines = lines;
  }

  /** How many lines are parsed so far. */
  get parsedCount(): number {
    return this.cache.size;
  }

  /** A parser for `lines` that keeps this one's work on the lines that did not change. */
  extend(lines: LineSource): TerminalParser {
    const next = new TerminalParser(lines);
    let same = 0;
    if (lines instanceof TerminalLines && this.lines instanceof TerminalLines) {
      same = lines.sameLinesAs(this.lines);
    } else {
      const max = Math.min(lines.length, this.lines.length);
      while (
        same < max &&
        (lines.at(same) as TermLine).raw === (this.lines.at(same) as TermLine).raw &&
        (lines.at(same) as TermLine).stream === (this.lines.at(same) as TermLine).stream
      )
        same++;
    }
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
    const lines = this.lines;
    const stream = (lines.at(index) as TermLine).stream;
    const codes: string[] = [];
    let reset = false;
    // the lines at or before `j` that may change the style: every one, or (lazy lines) those with an escape
    const upTo = (j: number) => (lines instanceof TerminalLines ? lines.lastEscapeBefore(j + 1) : j);
    for (let j = upTo(index - 1); j >= 0 && !reset; j = upTo(j - 1)) {
      const line = lines.at(j) as TermLine;
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
    const line = this.lines.at(index) as TermLine;
    const previous = index > 0 ? this.lines.at(index - 1) : undefined;
    if (previous && previous.stream !== line.stream) {
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
  // Concealed text is drawn: the model reads it, so the person reviewing it must too.
  const decorations = entry.decorations.filter((d) => d !== 'hidden');
  const style: Style = {
    fg: cssColor(entry.fg, entry.fg_truecolor),
    bg: cssColor(entry.bg, entry.bg_truecolor),
    deco: decorations.length > 0 ? decorations.join(' ') : undefined,
  };
  if (decorations.length !== entry.decorations.length) style.concealed = true;
  return withContrast(style);
}
