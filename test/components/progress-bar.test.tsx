// The determinate progress bar (MCP `notifications/progress` and AG-UI activities with a
// total) and MCP tool icons drawn as images.
import { fireEvent, render } from '@testing-library/react';
import { type Step, ToolStep, ToolStepIcon, ToolStepProgress, ToolStepsLabelsProvider } from 'tool-steps';
import { emptyStepsState, reduceSteps, type StepEvent } from 'tool-steps/core';
import { determinateProgress } from 'tool-steps/presentation';
import { createMcpTracker } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';
import { makeStep } from './step-fixtures';

const slot = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-slot="${name}"]`);

function withProgress(details: unknown, content?: unknown): Step {
  return makeStep({ toolName: 'search_docs', progress: { details, content, count: 1 } });
}

describe('determinate progress', () => {
  it('draws a native <progress> named by the step label, with "2 of 4" beside it, from an MCP notification', () => {
    const events: StepEvent[] = [];
    const tracker = createMcpTracker({
      emit: (e) => events.push(...e),
      tools: [{ name: 'search', title: 'Search docs' }],
    });
    tracker.sent({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search', _meta: { progressToken: 1 } },
    });
    tracker.received({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 2, total: 4 },
    });
    const step = reduceSteps(emptyStepsState, events).byId['mcp-1'] as Step;
    const { container } = render(<ToolStep step={step} />);
    const part = slot(container, 'tool-step-progress') as HTMLElement;
    const bar = slot(part, 'tool-step-progress-bar') as HTMLProgressElement;
    expect(part.hasAttribute('data-determinate')).toBe(true);
    expect(bar.tagName).toBe('PROGRESS');
    expect([bar.value, bar.max]).toEqual([2, 4]);
    expect(bar.getAttribute('aria-label')).toBe('Search docs');
    expect(part.textContent).toBe('2 of 4');
  });

  it('keeps the message as the text beside the bar', () => {
    const { container } = render(
      <ToolStepProgress step={withProgress({ progress: 30, total: 120 }, 'Indexed 30 pages')} />,
    );
    expect((slot(container, 'tool-step-progress-bar') as HTMLProgressElement).value).toBe(30);
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('Indexed 30 pages');
  });

  it('reads an AG-UI activity that counts in `done`, and writes the count in the labels locale', () => {
    const { container } = render(
      <ToolStepsLabelsProvider labels={{ locale: 'de-DE' }}>
        <ToolStepProgress step={withProgress({ toolCallId: 'c', done: 1500.5, total: 3000 })} />
      </ToolStepsLabelsProvider>,
    );
    expect((slot(container, 'tool-step-progress-bar') as HTMLProgressElement).value).toBe(1500.5);
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('1.500,5 of 3.000');
  });

  it('stays indeterminate, text only, without a total', () => {
    const { container } = render(<ToolStepProgress step={withProgress({ progress: 5 }, 'Working')} />);
    expect(slot(container, 'tool-step-progress-bar')).toBeNull();
    expect(slot(container, 'tool-step-progress')?.hasAttribute('data-determinate')).toBe(false);
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('Working');
  });

  it('clamps a value below 0 or above the total, and never throws on a bad one', () => {
    const cases: [details: unknown, expected: { value: number; max: number } | undefined][] = [
      [
        { progress: -3, total: 4 },
        { value: 0, max: 4 },
      ],
      [
        { progress: 9, total: 4 },
        { value: 4, max: 4 },
      ],
      [
        { progress: 0.5, total: 1e-9 },
        { value: 1e-9, max: 1e-9 },
      ],
      [{ progress: Number.NaN, total: 4 }, undefined],
      [{ progress: 2, total: Number.NaN }, undefined],
      [{ progress: 2, total: 0 }, undefined],
      [{ progress: 2, total: -4 }, undefined],
      [{ progress: 2, total: Number.POSITIVE_INFINITY }, undefined],
      [{ progress: Number.POSITIVE_INFINITY, total: 4 }, undefined],
      [{ progress: '2', total: '4' }, undefined],
      [{ progress: 2, total: 4n }, undefined],
      [{ progress: null, total: 4 }, undefined],
      [[2, 4], undefined],
      ['2/4', undefined],
      [null, undefined],
    ];
    for (const [details, expected] of cases) {
      expect(determinateProgress({ details, count: 1 }), JSON.stringify(String(details))).toEqual(expected);
      const { container, unmount } = render(<ToolStepProgress step={withProgress(details)} />);
      const bar = slot(container, 'tool-step-progress-bar') as HTMLProgressElement | null;
      if (expected) {
        expect([bar?.value, bar?.max]).toEqual([expected.value, expected.max]);
        expect(bar?.position).toBeGreaterThanOrEqual(0);
      } else expect(bar).toBeNull();
      unmount();
    }
  });

  it('lets children replace the bar and the text', () => {
    const { container } = render(
      <ToolStepProgress step={withProgress({ progress: 1, total: 2 })}>custom</ToolStepProgress>,
    );
    expect(slot(container, 'tool-step-progress-bar')).toBeNull();
    expect(slot(container, 'tool-step-progress')?.textContent).toBe('custom');
  });
});

describe('an MCP tool icon on the step', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgo=';

  it('draws a safe image URL as a fixed-size <img alt=""> that sends no referrer', () => {
    const { container } = render(
      <ToolStepIcon step={makeStep({ presentation: { label: 'Search', icon: 'https://icons.test/search.png' } })} />,
    );
    const icon = slot(container, 'tool-step-icon') as HTMLElement;
    const img = icon.querySelector('img') as HTMLImageElement;
    expect(icon.getAttribute('data-icon')).toBe('url');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(img.getAttribute('src')).toBe('https://icons.test/search.png');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['16', '16']);
  });

  it('draws a raster data URL, and never an SVG, http:, javascript: or relative one', () => {
    const ok = render(<ToolStepIcon step={makeStep({ presentation: { label: 'x', icon: PNG } })} />);
    expect(ok.container.querySelector('img')?.getAttribute('src')).toBe(PNG);
    for (const icon of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'https://icons.test/icon.svg',
      'http://icons.test/icon.png',
      'javascript:alert(1)//.png',
      '/icon.png',
      '//icons.test/icon.png',
    ]) {
      const { container, unmount } = render(<ToolStepIcon step={makeStep({ presentation: { label: 'x', icon } })} />);
      expect(container.querySelector('img'), icon).toBeNull();
      expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon'), icon).toBe('wrench');
      unmount();
    }
  });

  it('draws the generic icon when the image fails to load', () => {
    const { container } = render(
      <ToolStepIcon step={makeStep({ presentation: { label: 'x', icon: 'https://icons.test/gone.png' } })} />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(slot(container, 'tool-step-icon')?.getAttribute('data-icon')).toBe('wrench');
  });
});
