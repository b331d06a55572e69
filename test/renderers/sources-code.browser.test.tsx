// The sources and code views in real Chromium, with the theme: long URLs wrap inside the block, the
// code view scrolls a 10,000-line file to its last line with the window following, and the links are
// reachable by keyboard.
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../src/styles.css';
import { CodeView } from '../../src/renderers/code-view';
import { SourcesView } from '../../src/renderers/sources-view';
import { makeStep } from '../../stories/renderers/data';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('sources and code in Chromium', () => {
  it('wraps a long unbroken title and URL inside a narrow block, and tabs from link to link', async () => {
    const long = `https://example.com/${'a'.repeat(400)}`;
    const screen = await render(
      <div style={{ width: 320 }}>
        <SourcesView
          step={makeStep()}
          kind="sources"
          details={{
            kind: 'sources',
            sources: [
              { url: long, title: 'x'.repeat(300) },
              { url: 'https://docs.test/b', title: 'Second' },
              { url: 'ftp://old.test/file', title: 'Not a web link' },
            ],
          }}
        />
      </div>,
    );
    const view = screen.container.querySelector('[data-renderer="sources"]') as HTMLElement;
    expect(view.scrollWidth).toBeLessThanOrEqual(view.clientWidth + 1);
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('href')).toBe(long);
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('https://docs.test/b');
    expect(screen.container.querySelectorAll('a')).toHaveLength(2);
  });

  it('scrolls a 10,000-line file to its last line, drawing only a window of rows', async () => {
    const code = Array.from({ length: 10_000 }, (_, i) => `const line${i + 1} = ${i + 1};`).join('\n');
    const screen = await render(
      <div style={{ width: 600 }}>
        <CodeView step={makeStep()} kind="code" details={{ kind: 'code', code, path: 'big.ts', language: 'ts' }} />
      </div>,
    );
    const scroller = screen.container.querySelector('[data-slot="tool-step-code-lines"]') as HTMLElement;
    expect(scroller.clientHeight).toBeGreaterThan(0);
    expect(scroller.clientHeight).toBeLessThan(1000);
    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchEvent(new Event('scroll'));
    await expect
      .poll(() =>
        [...screen.container.querySelectorAll('[data-slot="tool-step-code-line-number"]')].map((n) => n.textContent),
      )
      .toContain('10000');
    expect(screen.container.querySelectorAll('[data-slot="tool-step-code-line"]').length).toBeLessThan(200);
    const row = screen.container.querySelector('[data-slot="tool-step-code-line"]') as HTMLElement;
    expect(row.getBoundingClientRect().height).toBe(20);
  });

  it('shows a 10,000-line TypeScript file at once and colours it slice by slice, in the scheme of the block', async () => {
    const code = Array.from({ length: 10_000 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`).join('\n');
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const t0 = performance.now();
    const screen = await render(
      <div data-theme="dark" style={{ width: 600 }}>
        <CodeView step={makeStep()} kind="code" details={{ kind: 'code', code, language: 'typescript' }} />
      </div>,
    );
    expect(screen.container.querySelector('[data-slot="tool-step-code-line"]')).not.toBeNull();
    const shownMs = performance.now() - t0;
    await expect.poll(() => screen.container.querySelector('[data-highlighted]'), { timeout: 20_000 }).not.toBeNull();
    const keyword = [
      ...screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step-code-text"] > span'),
    ].find((s) => s.textContent === 'export') as HTMLElement;
    expect(getComputedStyle(keyword).color).toBe(hexToRgb(keyword.style.getPropertyValue('--shiki-dark')));
    observer.disconnect();
    console.log(
      `[code-highlight] ${JSON.stringify({ lines: 10_000, shownMs: Math.round(shownMs), longestTaskMs: Math.round(Math.max(0, ...tasks)) })}`,
    );
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.trim().slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
