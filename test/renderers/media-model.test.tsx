import { fireEvent, render, screen } from '@testing-library/react';
import { ToolStepDetailsContent } from 'tool-steps';
import type { Step } from 'tool-steps/core';
import { emptyStepsState, reduceSteps } from 'tool-steps/core';
import { eventsFromAnviaToolResult, eventsFromDualChannelResult } from 'tool-steps/wires';
import { describe, expect, it, vi } from 'vitest';
import { detectDetailsKind } from '../../src/renderers/detect';
import { MediaView } from '../../src/renderers/media-view';
import { ModelViewSwitch, modelReadInfo } from '../../src/renderers/model-view';
import { anviaContentOutput, makeStep, vtGrep } from '../../stories/renderers/data';
import anviaContentPart from '../fixtures/anvia-output-content.json';

const step = makeStep({ toolName: 'render_chart' });

describe('MediaView', () => {
  it('shows an image part with its filename as alt text, and text parts as paragraphs', () => {
    const { container } = render(<MediaView step={step} details={anviaContentOutput} kind="media" />);
    const img = screen.getByRole('img', { name: 'orders_by_day.png' });
    expect(img.getAttribute('src')?.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    expect(container.querySelector('figcaption')?.textContent).toBe('orders_by_day.png · 70 B');
    expect(container.querySelector('[data-slot="tool-step-media-text"]')?.textContent).toBe(
      'Rendered chart for orders_by_day.',
    );
  });

  it('prefers the given alt text', () => {
    render(
      <MediaView
        step={step}
        details={{ type: 'image', url: 'https://example.com/a.png', alt: 'A chart' }}
        kind="media"
      />,
    );
    expect(screen.getByRole('img', { name: 'A chart' })).toHaveAttribute('src', 'https://example.com/a.png');
  });

  it('shows other files as chips with name, type, size and a download link for http(s) URLs', () => {
    const { container } = render(
      <MediaView
        step={step}
        details={[
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: { type: 'url', url: 'https://example.com/r.pdf' },
            filename: 'report.pdf',
            size: 12_345,
          },
          { type: 'file', mediaType: 'text/csv', data: { type: 'text', text: 'a,b\n1,2\n' }, filename: 'rows.csv' },
        ]}
        kind="media"
      />,
    );
    const chips = [...container.querySelectorAll('[data-slot="tool-step-file-chip"]')];
    expect(chips.map((c) => c.textContent)).toEqual([
      'report.pdfapplication/pdf12.3 kBDownload report.pdf',
      'rows.csvtext/csv8 B',
    ]);
    expect(screen.getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute(
      'href',
      'https://example.com/r.pdf',
    );
  });

  it.each([
    ['javascript:alert(1)', 'image'],
    ['vbscript:msgbox(1)', 'image'],
    ['data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', 'image'],
    ['javascript:alert(1)', 'file'],
    ['data:text/html,<script>alert(1)</script>', 'file'],
  ])('never renders %s (%s part) as a src or href, only as text', (url, type) => {
    const { container } = render(
      <MediaView
        step={step}
        details={{ type, url, mediaType: type === 'image' ? 'image/png' : 'text/html', filename: 'x' }}
        kind="media"
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[data-slot="tool-step-media-refused"] code')?.textContent).toBe(url);
  });

  it('does not show SVG data even when it comes as base64 image data', () => {
    const { container } = render(
      <MediaView
        step={step}
        details={{ type: 'file', mediaType: 'image/svg+xml', data: 'PHN2Zz4=', filename: 'logo.svg' }}
        kind="media"
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-slot="tool-step-media-refused"]')?.textContent).toBe(
      'Not shown: not a raster image',
    );
  });

  it('keeps a <script> alt text and filename inert', () => {
    const { container } = render(
      <MediaView
        step={step}
        details={{
          type: 'image',
          url: 'https://example.com/a.png',
          alt: '"><script>alert(1)</script>',
          filename: '<b>x</b>.png',
        }}
        kind="media"
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('img').getAttribute('alt')).toBe('"><script>alert(1)</script>');
    expect(container.querySelector('figcaption')?.textContent).toBe('<b>x</b>.png');
  });
});

describe('what the model read', () => {
  const vtStep = makeStep({
    toolName: 'grep_file',
    details: { kind: 'terminal', text: vtGrep.ui_content, metadata: vtGrep.metadata },
    result: vtGrep.llm_content,
  });

  it('reads VT Code token counts and files', () => {
    expect(modelReadInfo(vtStep)).toEqual({
      tokens: { llm: 52, ui: 227, saved: 175, percent: 77.092514 },
      files: ['src/tools/grep_file.rs', 'src/tools/list.rs', 'src/tools/registry/executors.rs', 'tests/grep_file.rs'],
    });
    expect(modelReadInfo(makeStep({ result: vtGrep }))?.tokens?.ui).toBe(227);
  });

  it('leaves out all-zero counts (VT Code error results)', () => {
    const zero = {
      metadata: { files: [], token_counts: { llm_tokens: 0, ui_tokens: 0, savings_tokens: 0, savings_percent: 0 } },
    };
    expect(modelReadInfo(makeStep({ details: zero }))).toEqual({ tokens: undefined, files: [] });
  });

  it('shows the token saving, file chips and a switch between details and result', () => {
    const onValueChange = vi.fn();
    const { container } = render(<ModelViewSwitch step={vtStep} onValueChange={onValueChange} />);
    expect(container.querySelector('[data-slot="tool-step-token-savings"]')?.textContent).toBe(
      '227 → 52 tokens, 77% saved',
    );
    expect([...container.querySelectorAll('[data-slot="tool-step-file-chip"]')].map((c) => c.textContent)).toEqual(
      vtGrep.metadata.files,
    );
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'What the model read' }));
    expect(onValueChange).toHaveBeenCalledWith('result');
    expect(screen.getByRole('button', { name: 'What the model read' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows no saving when the model read more than people see', () => {
    const more = makeStep({
      details: { metadata: { token_counts: { llm_tokens: 80, ui_tokens: 50, savings_tokens: 0, savings_percent: 0 } } },
    });
    const { container } = render(<ModelViewSwitch step={more} />);
    expect(container.querySelector('[data-slot="tool-step-token-savings"]')?.textContent).toBe('50 → 80 tokens');
  });

  it('renders nothing when there is one side and no metadata', () => {
    const { container } = render(<ModelViewSwitch step={makeStep({ details: 'only details' })} />);
    expect(container.innerHTML).toBe('');
  });

  it('switches the drawn value between details and result', async () => {
    const { container } = render(<ToolStepDetailsContent step={vtStep} />);
    const section = () => container.querySelector('[data-slot="tool-step-details-section"]');
    expect(await screen.findByRole('group', { name: 'Terminal output' })).toBeInTheDocument();
    expect(section()?.getAttribute('data-kind')).toBe('terminal');
    fireEvent.click(screen.getByRole('button', { name: 'What the model read' }));
    expect(section()?.getAttribute('data-kind')).toBe('text');
    expect(container.querySelector('pre')?.textContent).toBe(vtGrep.llm_content);
  });
});

describe('steps the core decodes', () => {
  it('shows a VT Code result decoded by eventsFromDualChannelResult with its saving and files', async () => {
    const state = reduceSteps(emptyStepsState, eventsFromDualChannelResult(vtGrep, { id: 'vt_1' }));
    const decoded = state.byId.vt_1 as Step;
    const { container } = render(<ToolStepDetailsContent step={decoded} />);
    expect(container.querySelector('[data-slot="tool-step-token-savings"]')?.textContent).toBe(
      '227 → 52 tokens, 77% saved',
    );
    expect(container.querySelectorAll('[data-slot="tool-step-file-chip"]')).toHaveLength(4);
    expect(await screen.findByRole('group', { name: 'Terminal output' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="tool-step-details-section"]')?.getAttribute('data-kind')).toBe(
      'terminal',
    );
  });

  it('shows an Anvia content result decoded by eventsFromAnviaToolResult as media', () => {
    const state = reduceSteps(emptyStepsState, eventsFromAnviaToolResult(anviaContentPart));
    const decoded = state.byId[anviaContentPart.toolCallId] as Step;
    expect(detectDetailsKind(decoded.details)).toBe('media');
    render(<MediaView step={decoded} details={decoded.details} kind="media" />);
    expect(screen.getByRole('img', { name: 'orders_by_day.png' })).toBeInTheDocument();
  });
});
