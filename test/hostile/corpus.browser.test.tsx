// The hostile corpus: every payload in every on-screen field, rendered in
// Chromium with every details block open, with and without the stylesheet. No script runs, no on*
// attribute, no dangerous URL, no injected element, no hidden text, no field that reorders another, no
// control pushed out of view. Each check collects its hits, so a failure names payload, field and check.
import { ToolSteps } from 'tool-steps';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { visibleText } from '../../src/presentation/visible-text';
import { contrastRatio, MIN_CONTRAST, type Rgb } from '../../src/renderers/terminal-model';
import {
  HOSTILE_FIELD_COUNT,
  HOSTILE_PAYLOADS,
  HOSTILE_STEP_FIELDS,
  hostileState,
  PWNED_FLAG,
} from '../../stories/support/hostile';
import { useKitCss } from './kit-css';

// Every element the kit draws; anything else was injected.
const TAGS = new Set(
  'div section span ol ul li button svg path rect circle line polyline polygon g pre code p bdi table thead tbody tr th td img a time wbr figure figcaption strong em mark del ins small caption col colgroup details summary dl dt dd'.split(
    ' ',
  ),
);
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcset',
  'poster',
  'data',
  'background',
  'ping',
];
const SAFE_DATA = /^data:image\/(?:png|jpeg|gif|webp|avif|bmp)[;,]/i;
const CONTROLS = [
  'tool-step-status',
  'tool-step-duration',
  'tool-step-cancel',
  'tool-step-retry',
  'tool-step-approve',
  'tool-step-deny',
  'tool-step-details-trigger',
];
const ISOLATED = ['tool-step-label', 'tool-step-detail', 'tool-step-error-code', 'tool-step-error-message'];

type Hit = { payload: string; field: string; check: string; what: string };
const hits: Hit[] = [];
let renders = 0;

function fieldOf(element: Element): string {
  const row = element.closest<HTMLElement>('[data-slot="tool-step"]');
  if (!row) return element.closest('[data-slot="tool-steps-error"]') ? 'run.error' : 'list';
  const index = [...(row.parentElement?.children ?? [])].indexOf(row);
  return HOSTILE_STEP_FIELDS[index]?.[0] ?? `row ${index}`;
}

function rgbOf(color: string): [Rgb, number] | undefined {
  const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/?\s*([\d.]+))?\)/.exec(color);
  if (!m) return undefined;
  return [[Number(m[1]), Number(m[2]), Number(m[3])], m[4] === undefined ? 1 : Number(m[4])];
}

function backgroundOf(element: Element): Rgb {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const bg = rgbOf(getComputedStyle(e).backgroundColor);
    if (bg && bg[1] > 0.5) return bg[0];
  }
  return [255, 255, 255];
}

function check(root: HTMLElement, payload: string, listBox: DOMRect) {
  const hit = (element: Element, name: string, what: string) =>
    hits.push({ payload, field: fieldOf(element), check: name, what: what.slice(0, 120) });
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    // the kit's own form elements: the approval card's optional reason field, and nothing else
    const kitField =
      (tag === 'label' && element.matches('[data-slot="tool-step-approval-reason"]')) ||
      (tag === 'input' && element.matches('[data-slot="tool-step-approval-reason-input"]'));
    if (!TAGS.has(tag) && !kitField) hit(element, 'injected element', tag);
    if (element.id === 'injected') hit(element, 'injected element', '#injected');
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) hit(element, 'on* attribute', attribute.name);
      if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase())) {
        const value = attribute.value;
        let protocol = '';
        try {
          protocol = new URL(value, location.href).protocol;
        } catch {
          protocol = 'invalid:';
        }
        const ok = protocol === 'http:' || protocol === 'https:' || SAFE_DATA.test(value.trim());
        if (!ok) hit(element, 'dangerous URL', `${attribute.name}=${value}`);
      }
      if (attribute.name === 'style' && /url\(|expression|javascript:/i.test(attribute.value))
        hit(element, 'injected style', attribute.value);
    }
  }
  // hidden text and reordering: every text node is drawn, readable, and holds no character that hides or reorders
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const parent = node.parentElement as HTMLElement;
    if (visibleText(text, { keepLines: true }) !== text || text.includes('\u001b'))
      hit(parent, 'hidden or reordering character', JSON.stringify(text.slice(0, 60)));
    if (text.trim() === '' || parent.closest('[data-slot="tool-step-sr-only"], [aria-hidden="true"]')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility !== 'visible' || style.display === 'none' || Number.parseFloat(style.fontSize) < 6)
      hit(parent, 'hidden text', `${style.visibility} ${style.display} ${style.fontSize}`);
    if (parent.closest('[data-slot="tool-step-terminal-text"]')) {
      const fg = rgbOf(style.color);
      if (fg && fg[1] === 0) hit(parent, 'hidden text', 'transparent colour');
      else if (fg && contrastRatio(fg[0], backgroundOf(parent)) < MIN_CONTRAST - 0.05)
        hit(parent, 'hidden text', `contrast ${contrastRatio(fg[0], backgroundOf(parent)).toFixed(2)} ${style.color}`);
    }
  }
  for (const slot of ISOLATED) {
    for (const part of root.querySelectorAll(`[data-slot="${slot}"]`)) {
      const bidi = getComputedStyle(part).unicodeBidi;
      if (bidi !== 'isolate' && bidi !== 'plaintext' && !part.querySelector(':scope > bdi'))
        hit(part, 'not isolated', `${slot} unicode-bidi: ${bidi}`);
    }
  }
  for (const li of root.querySelectorAll('[data-slot="tool-step-approval-side-effects"] > li')) {
    if (!li.querySelector(':scope > bdi')) hit(li, 'not isolated', 'side effect');
  }
  for (const slot of CONTROLS) {
    for (const control of root.querySelectorAll(`[data-slot="${slot}"]`)) {
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.left < listBox.left - 1 || r.right > listBox.right + 1)
        hit(control, 'control out of view', `${slot} ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
  }
}

let cleanup = () => {};
afterEach(() => {
  cleanup();
});

afterAll(() => {
  const byKind = new Map<string, { count: number; example: Hit }>();
  for (const h of hits) {
    const key = `${h.check} | ${h.field}`;
    const entry = byKind.get(key) ?? { count: 0, example: h };
    entry.count++;
    byKind.set(key, entry);
  }
  for (const [key, { count, example }] of byKind)
    console.log(`[hostile-corpus] hit ${count}× ${key} (e.g. ${example.payload}: ${example.what})`);
  const payloads = HOSTILE_PAYLOADS.length;
  console.log(
    `[hostile-corpus] ${payloads} payloads × ${HOSTILE_FIELD_COUNT} fields = ${payloads * HOSTILE_FIELD_COUNT} placements, ${renders} renders (with and without the stylesheet), ${hits.length} hits`,
  );
});

describe.each([
  ['with the stylesheet', true],
  ['without the stylesheet', false],
])('the hostile corpus %s', (_mode, styled) => {
  it.each(HOSTILE_PAYLOADS.map(([name, payload]) => [name, payload] as const))(
    '%s: in every field, every block open',
    async (name, payload) => {
      cleanup = useKitCss(styled);
      await page.viewport(720, 900);
      const before = hits.length;
      const screen = await render(
        <ToolSteps
          state={hostileState(payload)}
          onCancel={() => {}}
          onRetry={() => {}}
          onApprove={() => {}}
          onDeny={() => {}}
        />,
      );
      const root = screen.container as HTMLElement;
      for (const trigger of root.querySelectorAll<HTMLButtonElement>('[data-slot="tool-step-details-trigger"]')) {
        if (trigger.getAttribute('aria-expanded') === 'false') trigger.click();
      }
      // the lazy renderers (terminal, diff) load
      await expect
        .poll(() => root.querySelector('[data-slot="tool-step-details-loading"]'), { timeout: 20_000 })
        .toBeNull();
      renders++;
      const list = root.querySelector('[data-slot="tool-steps"]') as HTMLElement;
      check(root, name, list.getBoundingClientRect());
      expect((window as unknown as Record<string, unknown>)[PWNED_FLAG], 'a script ran').toBeUndefined();
      expect(hits.slice(before)).toEqual([]);
    },
  );
});
