/**
 * Wire text made safe to read: characters that reorder text (bidi controls), hide it (zero-width and
 * other invisible format characters, tag characters) or break a line's layout are shown as markers
 * (`⟨U+202E⟩`) instead of acting. What a person reads is then what the model reads, in the same order.
 * No React: the core's presentation uses it too.
 */

/** The words of the markers, English by default; the lead folds them into `labels`. */
export const visibleTextWords = {
  /** A run of Unicode tag characters (ASCII hidden as U+E0020–U+E007E), shown decoded. */
  tagRun: (hidden: string) => `tags “${hidden}”`,
};

// Bidi controls (ALM, LRM, RLM, embeddings, overrides, isolates), zero-width and other invisible format
// characters, the invisible Hangul fillers, variation selectors 17-256 and tag characters. A second
// alternative catches every other format (Cf) or control (Cc) character, line/paragraph separators and
// lone surrogates; `keepLines` keeps tab, newline and carriage return, and ESC (terminal text).
// `\p{Cc}` written out without tab, newline, carriage return and ESC, which the options may keep.
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001a\\u001c-\\u001f\\u007f-\\u009f';
const OTHERS = '\\p{Cf}\\u2028\\u2029\\u115f\\u1160\\u3164\\uffa0';
const REST = '|[\\u{e0100}-\\u{e01ef}]|\\u034f|[\\ud800-\\udfff]|[\\ufe00-\\ufe0f]{2,}';

function suspects(keepLines: boolean, keepEscape: boolean): [test: RegExp, all: RegExp] {
  const kept = `${keepLines ? '' : '\\t\\n\\r'}${keepEscape ? '' : '\\u001b'}`;
  const one = `[${CONTROLS}${kept}${OTHERS}]`;
  return [new RegExp(`${one}${REST}`, 'u'), new RegExp(`[\\u{e0000}-\\u{e007f}]+|${one}${REST}`, 'gu')];
}
// one pair per combination of options, so kept characters cost nothing on long output
const SUSPECTS = [suspects(false, false), suspects(false, true), suspects(true, false), suspects(true, true)];

const EMOJI = /\p{Extended_Pictographic}/u;
// Scripts that join letters with ZWJ/ZWNJ on purpose (Persian, Indic, ...): any letter or mark that is not Latin, Greek or Cyrillic.
const JOINING_LETTER = /[\p{M}\p{L}]/u;
const ALPHABETIC = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

function codePoint(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The character before `index` (a whole surrogate pair). */
function before(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text.charAt(index - 1);
}

function after(text: string, index: number): string {
  const cp = text.codePointAt(index);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function joiningNeighbour(char: string): boolean {
  return JOINING_LETTER.test(char) && !ALPHABETIC.test(char);
}

/** Whether a suspect match is ordinary use that draws as intended (emoji sequences, joining scripts). */
function benign(match: string, text: string, index: number, options: VisibleTextOptions | undefined): boolean {
  if (options?.keepLines && (match === '\n' || match === '\t' || match === '\r')) return true;
  if (options?.keepEscape && match === '\u001b') return true;
  const prev = before(text, index);
  const next = after(text, index + match.length);
  // ZWJ in emoji sequences (👨‍👩‍👧), and after an emoji's presentation selector or skin tone
  if (match === '\u200d') {
    const joinsEmoji = (EMOJI.test(prev) || /[\ufe0f\u{1f3fb}-\u{1f3ff}]/u.test(prev)) && EMOJI.test(next);
    return joinsEmoji || (joiningNeighbour(prev) && joiningNeighbour(next));
  }
  if (match === '\u200c') return joiningNeighbour(prev) && joiningNeighbour(next);
  // subdivision flags: 🏴 followed by tag letters and the cancel tag, at most a few
  const first = match.codePointAt(0) ?? 0;
  if (first >= 0xe0000 && first <= 0xe007f) {
    return prev === '\u{1f3f4}' && match.endsWith('\u{e007f}') && [...match].length <= 7;
  }
  return false;
}

function marker(match: string): string {
  const first = match.codePointAt(0) ?? 0;
  if (first >= 0xe0000 && first <= 0xe007f) {
    let hidden = '';
    for (const char of match) {
      const cp = (char.codePointAt(0) ?? 0) - 0xe0000;
      hidden += cp >= 0x20 && cp < 0x7f ? String.fromCharCode(cp) : '';
    }
    return hidden === '' ? `⟨${[...match].map(codePoint).join(' ')}⟩` : `⟨${visibleTextWords.tagRun(hidden)}⟩`;
  }
  if (match.length > 1 && first >= 0xfe00 && first <= 0xfe0f) return `⟨${[...match].map(codePoint).join(' ')}⟩`;
  return `⟨${codePoint(match)}⟩`;
}

/** Options of `visibleText`. */
export interface VisibleTextOptions {
  /** Keep tab, newline and carriage return as they are (multi-line text). @default false */
  keepLines?: boolean;
  /** Keep ESC as it is (terminal text, whose escapes the terminal renderer reads and removes). @default false */
  keepEscape?: boolean;
}

/**
 * Shows the characters of `text` that would reorder or hide what is drawn: bidi controls (U+202E
 * RIGHT-TO-LEFT OVERRIDE becomes `⟨U+202E⟩`), zero-width and other invisible format characters, control
 * characters, line separators, runs of variation selectors, and tag characters (a run of them is shown
 * decoded: `⟨tags “ignore previous”⟩`). Ordinary uses are left alone: ZWJ inside emoji sequences and
 * ZWJ/ZWNJ between letters of scripts that join with them, one variation selector, subdivision flags.
 * Returns `text` itself (the same string) when there is nothing to show. Never throws.
 */
export function visibleText(text: string, options?: VisibleTextOptions): string {
  if (typeof text !== 'string') return '';
  const [suspect, all] = SUSPECTS[(options?.keepLines ? 2 : 0) + (options?.keepEscape ? 1 : 0)] as [RegExp, RegExp];
  if (!suspect.test(text)) return text;
  let changed = false;
  all.lastIndex = 0;
  const out = text.replace(all, (match: string, index: number) => {
    if (benign(match, text, index, options)) return match;
    changed = true;
    return marker(match);
  });
  return changed ? out : text;
}
