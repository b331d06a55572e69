/**
 * Tool names that imitate another: letters from scripts that look like Latin mixed into a Latin name
 * (Cyrillic `а` in `read_file`), a name written only in such look-alike letters, compatibility forms
 * (fullwidth `ｒｅａｄ`), or invisible characters inside the name. Such a name is never read as the tool
 * it imitates: it does not match the built-in table and is not humanized; the row shows the name itself
 * with the foreign characters marked.
 */
import { visibleText } from '../visible-text';

// Scripts whose letters are drawn like Latin ones; a name mixing any two of them (or Latin) imitates another.
const SCRIPTS: readonly [string, RegExp][] = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['cherokee', /\p{Script=Cherokee}/u],
];
// Cyrillic and Greek letters drawn like Latin ones: a name made only of these reads as a Latin name.
const LATIN_LOOKALIKES = new Set('аеорсухіјѕԁһԛԝѵӏԌАВЕКМНОРСТХУІЈЅԚԜοαρνυκτιβγχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ');
const NON_ASCII_LETTER = /[\u0080-\u{10ffff}]/u;

/** Whether a tool name imitates another (see the module's comment). */
export function isLookalikeName(name: string): boolean {
  if (!/[\p{L}\p{N}]/u.test(name)) return false;
  if (visibleText(name) !== name) return true;
  if (!NON_ASCII_LETTER.test(name)) return false;
  if (name.normalize('NFKC') !== name) return true;
  const scripts = new Set<string>();
  let letters = 0;
  let lookalikes = 0;
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    letters++;
    if (LATIN_LOOKALIKES.has(char)) lookalikes++;
    for (const [script, test] of SCRIPTS) if (test.test(char)) scripts.add(script);
  }
  return scripts.size > 1 || (letters > 0 && lookalikes === letters && !scripts.has('latin'));
}

/**
 * The name as a row shows a look-alike: its invisible characters as markers and every character outside
 * ASCII followed by its code point (`reа⟨U+0430⟩d_file`), at most `max` characters of the name.
 */
export function markLookalike(name: string, max = 60): string {
  let out = '';
  for (const char of name.slice(0, max * 2)) {
    const shown = visibleText(char);
    const piece =
      shown !== char
        ? shown
        : NON_ASCII_LETTER.test(char)
          ? `${char}⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`
          : char;
    if (out.length + piece.length > max) return `${out.slice(0, max - 1)}…`;
    out += piece;
  }
  return name.length > max * 2 ? `${out.slice(0, max - 1)}…` : out;
}
