/** Plurals and numbers in a locale, through `Intl` (the words' helpers). No React. */

/**
 * Picks the form for a count with `Intl.PluralRules`: `plural('en', 3, { one: '# call', other: '# calls' })`
 * → "3 calls" (`#` is the count, formatted for the locale). `other` is the fallback for any category.
 */
export function plural(
  locale: string,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const form = forms[pluralRules(locale).select(count)] ?? forms.other;
  return form.replaceAll('#', formatNumber(locale, count));
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}
