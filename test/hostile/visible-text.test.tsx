// Bidi controls, zero-width and tag characters in wire text are shown, never acted on;
// wire text is isolated; a look-alike tool name is not drawn as the tool it imitates.
import { render } from '@testing-library/react';
import { ToolStep, ToolStepApproval } from 'tool-steps';
import { presentStep } from 'tool-steps/presentation';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../src/presentation/visible-text';
import { makeStep } from '../components/step-fixtures';

const RLO = '\u202E';
const PDF = '\u202C';
// Every bidi control, the zero-width characters and a tag character: none may reach the DOM as is.
const RAW = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/u;

describe('visibleText', () => {
  it('shows bidi controls, zero-width characters and tag runs as markers', () => {
    expect(visibleText(`ls -la ${RLO}; rm -rf ~ #${PDF} safe`)).toBe('ls -la ⟨U+202E⟩; rm -rf ~ #⟨U+202C⟩ safe');
    expect(visibleText('a\u200Bb\u2066c\u2069\uFEFF')).toBe('a⟨U+200B⟩b⟨U+2066⟩c⟨U+2069⟩⟨U+FEFF⟩');
    const tags = [...'ignore'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(visibleText(`ok${tags}`)).toBe('ok⟨tags “ignore”⟩');
    expect(visibleText('a\u0007b\nc')).toBe('a⟨U+0007⟩b⟨U+000A⟩c');
    expect(visibleText('a\tb\nc\u001b[31m', { keepLines: true })).toBe('a\tb\nc⟨U+001B⟩[31m');
    expect(visibleText('a\tb\nc\u001b[31m', { keepLines: true, keepEscape: true })).toBe('a\tb\nc\u001b[31m');
  });

  it('leaves ordinary text, emoji sequences and joining scripts alone, as the same string', () => {
    for (const text of ['plain', '👨‍👩‍👧 family', '❤️', 'می‌خواهم', 'नमस्‍ते', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', 'שלום']) {
      expect(visibleText(text)).toBe(text);
    }
    expect(visibleText('a\u{FE0F}\u{FE0F}\u{FE0F}')).toBe('a⟨U+FE0F U+FE0F U+FE0F⟩');
  });
});

describe('wire text on screen', () => {
  const hostile = `ls -la ${RLO}; rm -rf ~ #${PDF} safe`;

  it('marks bidi controls in the label, the detail line, the error and the approval block', () => {
    const step = makeStep({
      toolName: 'run_command',
      status: 'awaiting-approval',
      input: { command: hostile },
      presentation: { label: `Deploy ${RLO}gnp.exe` },
      error: { message: `failed ${RLO}txt.exe`, code: `E${RLO}1` },
      approval: { id: 'a1', description: `Run ${hostile}`, sideEffects: [`deletes ${RLO}~`] },
    });
    const { container } = render(<ToolStep step={step} onApprove={() => {}} onDeny={() => {}} />);
    const text = (slot: string) => container.querySelector(`[data-slot="${slot}"]`)?.textContent ?? '';
    expect(text('tool-step-label')).toBe('Deploy ⟨U+202E⟩gnp.exe');
    expect(text('tool-step-detail')).toContain('⟨U+202E⟩; rm -rf ~ #⟨U+202C⟩ safe');
    expect(text('tool-step-error-message')).toBe('failed ⟨U+202E⟩txt.exe');
    expect(text('tool-step-error-code')).toBe('E⟨U+202E⟩1');
    expect(text('tool-step-approval-description')).toBe('Run ls -la ⟨U+202E⟩; rm -rf ~ #⟨U+202C⟩ safe');
    expect(text('tool-step-approval-side-effects')).toBe('deletes ⟨U+202E⟩~');
    expect(container.textContent).not.toMatch(RAW);
  });

  it('isolates each wire field (dir="auto" or <bdi>), so one field cannot reorder the next', () => {
    const step = makeStep({
      toolName: 'run_command',
      status: 'failed',
      input: { command: 'שלום 123' },
      presentation: { label: 'עברית 42' },
      error: { message: 'שגיאה 7', code: 'E1' },
    });
    const { container } = render(<ToolStep step={step} />);
    for (const slot of ['tool-step-label', 'tool-step-detail', 'tool-step-error-message', 'tool-step-error-code']) {
      const part = container.querySelector(`[data-slot="${slot}"]`);
      expect(part?.getAttribute('dir') === 'auto' || part?.querySelector('bdi') !== null, slot).toBe(true);
    }
  });

  it('marks the approval of a bare ToolStepApproval too', () => {
    const step = makeStep({ status: 'awaiting-approval', approval: { id: 'a', description: `x${RLO}y` } });
    const { container } = render(<ToolStepApproval step={step} />);
    expect(container.textContent).toContain('x⟨U+202E⟩y');
    expect(container.querySelector('[data-slot="tool-step-approval-description"] bdi')).not.toBeNull();
  });
});

describe('look-alike tool names', () => {
  it('does not draw a Cyrillic а in read_file as the real read_file', () => {
    const fake = presentStep(makeStep({ toolName: 're\u0430d_file', input: { path: 'a.ts' } }));
    const real = presentStep(makeStep({ toolName: 'read_file', input: { path: 'a.ts' } }));
    expect(real.label).toBe('Reading file');
    expect(fake.label).not.toMatch(/read/i);
    expect(fake.label).toBe('re\u0430⟨U+0430⟩d_file');
    expect(fake.source).toBe('name');
    expect(fake.icon).toBeUndefined();
  });

  it('treats whole-script look-alikes, fullwidth forms and hidden characters in names the same way', () => {
    for (const name of ['ѕсрі', '\uFF52\uFF45\uFF41\uFF44_file', 'read_file\u200B', 'delete\u200D_file']) {
      const p = presentStep(makeStep({ toolName: name }));
      expect(p.source, name).toBe('name');
      expect(p.label, name).toContain('⟨U+');
    }
  });

  it('reads single-script names in other scripts as usual', () => {
    expect(presentStep(makeStep({ toolName: 'поиск_заказов' })).label).toBe('Поиск заказов');
    expect(presentStep(makeStep({ toolName: '検索' })).label).toBe('検索');
  });
});
