import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonTree } from '../../src/renderers/json-tree';
import { TableView } from '../../src/renderers/table-view';
import { TextView } from '../../src/renderers/text-view';
import { bigTable, deepJson, makeStep } from '../../stories/renderers/data';

const step = makeStep();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JsonTree', () => {
  it('opens the first two levels and closes deeper ones', () => {
    render(<JsonTree step={step} details={{ a: { b: { c: 1 } }, list: [1, 2] }} kind="json" />);
    expect(screen.getByRole('button', { name: '{2 keys}' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '"a":{1 key}' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '"b":{1 key}' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('"c"')).toBeNull();
  });

  it("draws Lucide's chevrons and copy icon, at the kit's sizes, with data-icon for CSS", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => {}) } });
    const { container } = render(<JsonTree step={step} details={{ a: { b: { c: 1 } } }} kind="json" />);
    const right = container.querySelector('svg[data-icon="chevron-right"]');
    const down = container.querySelector('svg[data-icon="chevron-down"]');
    const copy = container.querySelector('svg[data-icon="copy"]');
    for (const [icon, name, size] of [
      [right, 'chevron-right', '12'],
      [down, 'chevron-down', '12'],
      [copy, 'copy', '14'],
    ] as const) {
      expect(icon, name).not.toBeNull();
      expect(icon?.classList.contains(`lucide-${name}`), name).toBe(true);
      expect(icon?.getAttribute('width')).toBe(size);
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
    }
    await user.click(screen.getAllByRole('button', { name: /copy/i })[0] as HTMLElement);
    expect(container.querySelector('svg[data-icon="check"]')?.classList.contains('lucide-check')).toBe(true);
  });

  it('opens and closes a node with the keyboard', async () => {
    const user = userEvent.setup();
    render(<JsonTree step={step} details={{ a: { b: { c: 1 } } }} kind="json" />);
    const b = screen.getByRole('button', { name: '"b":{1 key}' });
    b.focus();
    await user.keyboard('{Enter}');
    expect(b).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('"c"')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(b).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows long arrays 100 items at a time', () => {
    const { container } = render(
      <JsonTree step={step} details={Array.from({ length: 250 }, (_, i) => i)} kind="json" />,
    );
    const items = () =>
      container.querySelectorAll('[data-slot="tool-step-json-children"] > [data-slot="tool-step-json-node"]').length;
    expect(items()).toBe(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more (150 not shown)' }));
    expect(items()).toBe(200);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more (50 not shown)' }));
    expect(items()).toBe(250);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('cuts long strings with an expander', () => {
    const long = 'y'.repeat(1_000);
    const { container } = render(<JsonTree step={step} details={{ long }} kind="json" />);
    const value = () =>
      container.querySelector('[data-slot="tool-step-json-value"][data-type="string"]')?.textContent ?? '';
    expect(value()).toBe(`"${'y'.repeat(300)}…"`);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,000 characters' }));
    expect(value()).toBe(`"${long}"`);
  });

  it('copies one value as JSON', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<JsonTree step={step} details={{ user: { name: 'Ada', tags: ['x'] } }} kind="json" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy value of $.user' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('{\n  "name": "Ada",\n  "tags": [\n    "x"\n  ]\n}'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy value of $.user.name' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('Ada'));
  });

  it('keeps a <script> key and value as text and survives a circular reference', () => {
    const hostile: Record<string, unknown> = { '<script>alert(1)</script>': '<img src=x onerror=alert(1)>' };
    hostile.self = hostile;
    const { container } = render(<JsonTree step={step} details={hostile} kind="json" />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('"<script>alert(1)</script>"')).toBeInTheDocument();
    expect(screen.getByText('[circular reference]')).toBeInTheDocument();
  });

  it('renders a deep value without opening the deep levels', () => {
    const { container } = render(<JsonTree step={step} details={deepJson(50)} kind="json" />);
    // root (depth 0) and its 5 children open: 1 + 5 + the first page of 100 items + the child's 5 closed children
    expect(container.querySelectorAll('[data-slot="tool-step-json-node"]').length).toBe(111);
    expect(container.querySelectorAll('[data-slot="tool-step-json-node"][data-state="open"]').length).toBe(3);
  });
});

describe('TableView', () => {
  it('shows headers in first-seen order and right-aligns number columns', () => {
    const { container } = render(
      <TableView
        step={step}
        details={[
          { name: 'a', size: 10 },
          { name: 'b', size: null, extra: true },
        ]}
        kind="table"
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => [h.textContent, h.getAttribute('data-align')])).toEqual([
      ['name', null],
      ['size', 'end'],
      ['extra', null],
    ]);
    const cells = [...container.querySelectorAll('tbody tr:first-child td')].map((td) => [
      td.textContent,
      td.getAttribute('data-align'),
    ]);
    expect(cells).toEqual([
      ['a', null],
      ['10', 'end'],
      ['', null],
    ]);
    expect(container.querySelector('tbody tr:nth-child(2) td:nth-child(2)')?.textContent).toBe('null');
  });

  it('shows the first 50 rows, then all of them, windowed', () => {
    const { container } = render(<TableView step={step} details={bigTable(5_000)} kind="table" />);
    const rows = () => container.querySelectorAll('[data-slot="tool-step-table-row"]');
    expect(rows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5,000 rows' }));
    // 480px / 28px = 18 visible rows, plus 30 overscan
    expect(rows()).toHaveLength(48);
    const scroller = container.querySelector('[data-slot="tool-step-table-scroll"]') as HTMLElement;
    scroller.scrollTop = 4_990 * 28;
    fireEvent.scroll(scroller);
    expect(rows()[rows().length - 1]?.firstElementChild?.textContent).toBe('5000');
    expect(rows()[0]?.firstElementChild?.textContent).toBe(String(4_990 - 30 + 1));
  });

  it('falls back to the JSON tree for a value that is not a table', () => {
    const { container } = render(<TableView step={step} details={{ not: { a: 'table' } }} kind="table" />);
    expect(container.querySelector('[data-slot="tool-step-json-tree"]')).not.toBeNull();
  });

  it('keeps <script> in headers and cells as text', () => {
    const { container } = render(
      <TableView step={step} details={[{ '<script>x</script>': '<script>y</script>' }]} kind="table" />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(within(container.querySelector('table') as HTMLElement).getByText('<script>y</script>')).toBeInTheDocument();
  });
});

describe('TextView', () => {
  it('shows short text as it is with its whitespace', () => {
    const { container } = render(<TextView step={step} details={'  indented\n\ttab'} kind="text" />);
    expect(container.querySelector('pre')?.textContent).toBe('  indented\n\ttab');
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('cuts text past 300 lines to 200 with an expander', () => {
    const text = Array.from({ length: 301 }, (_, i) => `line ${i + 1}`).join('\n');
    const { container } = render(<TextView step={step} details={text} kind="text" />);
    const pre = () => container.querySelector('pre')?.textContent ?? '';
    expect(pre().split('\n')).toHaveLength(200);
    expect(pre().endsWith('line 200')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 301 lines' }));
    expect(pre()).toBe(text);
  });

  it('does not cut text of exactly 300 lines', () => {
    const text = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const { container } = render(<TextView step={step} details={text} kind="text" />);
    expect(container.querySelector('pre')?.textContent).toBe(text);
  });

  it('counts the lines as the code view does: a final newline ends the last line, it starts none', () => {
    render(<TextView step={step} details={'one\ntwo\nthree\n'} kind="text" />);
    expect(screen.getByText('3 lines')).toBeInTheDocument();
    cleanup();
    render(<TextView step={step} details={'one\ntwo\nthree'} kind="text" />);
    expect(screen.getByText('3 lines')).toBeInTheDocument();
    cleanup();
    // 300 lines ending with a newline are not cut: there is no 301st
    const text = `${Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
    const { container } = render(<TextView step={step} details={text} kind="text" />);
    expect(container.querySelector('pre')?.textContent).toBe(text);
  });

  it('shows a value that is not a string as JSON text', () => {
    const { container } = render(<TextView step={step} details={{ a: 1 }} kind="text" />);
    expect(container.querySelector('pre')?.textContent).toBe('{\n  "a": 1\n}');
  });
});
