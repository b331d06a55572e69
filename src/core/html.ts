/**
 * HTML where a stream was expected: whether a text is a page, and its title in words. Apart from
 * answers.ts because `createToolStream` (in core's first chunk) needs these two for HTTP errors, and the
 * rest of answers.ts belongs to the stream reader, which loads on the first read.
 */

/** The named entities page titles use most; others are left as written. */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  middot: '\u00b7',
  bull: '\u2022',
  hellip: '\u2026',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
};

/** The `<title>` of an HTML page, as text (entities decoded, spaces collapsed, at most 120 characters). */
export function htmlTitle(html: string): string | undefined {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  if (!match?.[1]) return undefined;
  const text = match[1]
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** `true` for text that is an HTML (or XML) page rather than a stream of frames. */
export function looksLikeHtml(text: string): boolean {
  const start = text.trimStart().slice(0, 1024).toLowerCase();
  return /^<(!doctype html|html|head|body|title|meta|!--|\?xml|h1|div|pre|center)\b/.test(start);
}
