// The kit's stylesheets select parts by class, read through Chromium's own CSS parser. Every part
// carries its data-slot value as a class too (src/internal/slot-class.ts); a rule written as
// `:where([data-slot="…"])` cannot go into Chromium's per-class rule buckets, so Chromium tries it on
// every element it restyles. With all 213 rules written that way, style recalculation was the largest
// cost of scrolling a windowed list (bench/render.mjs, scroll: 45-51 of 240 frames late, 1-2 with
// classes, same machine and run). A new rule written the old way fails here, not in a benchmark.
import '../../src/styles.css';
import { describe, expect, test } from 'vitest';

/**
 * Every style rule of the kit's stylesheet (Vite serves the import as a `<style>` element named by its
 * file, with renderers.css inlined), inside layers, media and supports blocks included.
 */
function styleRules(): CSSStyleRule[] {
  const found: CSSStyleRule[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) found.push(rule);
      if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules);
    }
  };
  const kit = [...document.styleSheets].filter((sheet) =>
    (sheet.ownerNode as Element | null)?.getAttribute('data-vite-dev-id')?.endsWith('/src/styles.css'),
  );
  expect(kit).toHaveLength(1);
  for (const sheet of kit) walk(sheet.cssRules);
  return found;
}

describe("the kit's selectors", () => {
  test('name parts by class, never by an exact [data-slot="…"] attribute', () => {
    const kit = styleRules();
    // the default theme and the renderers' sheet, both loaded (a count far below means the import broke)
    expect(kit.length).toBeGreaterThan(200);
    const byAttribute = kit.map((rule) => rule.selectorText).filter((selector) => selector.includes('[data-slot="'));
    expect(byAttribute).toEqual([]);
  });

  test('keep one attribute rule, the focus ring on any part, which Chromium files under :focus-visible', () => {
    const prefixed = styleRules()
      .map((rule) => rule.selectorText)
      .filter((selector) => selector.includes('[data-slot^='));
    expect(prefixed).toHaveLength(1);
    expect(prefixed[0]).toContain(':focus-visible');
  });
});
