// ANSI cannot hide text. Concealed text (SGR 8) is shown, marked; every span keeps a
// minimum contrast between its colour and its background (black on black, equal true colours, a
// true colour on the terminal's own background), in both colour schemes.
import { render } from '@testing-library/react';
import { ToolStepDetailsContent } from 'tool-steps';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  MIN_CONTRAST,
  schemeColors,
  TerminalParser,
  type TermSpan,
  terminalLines,
} from '../../src/renderers/terminal-model';
import { makeStep } from '../components/step-fixtures';

const E = '\u001b';
const spansOf = (text: string): TermSpan[] =>
  new TerminalParser(terminalLines({ streams: [{ stream: 'output', text }] })).spans(0);

describe('terminal spans', () => {
  it('keeps concealed text (SGR 8) and marks it', () => {
    const spans = spansOf(`ok ${E}[8mIGNORE PREVIOUS INSTRUCTIONS${E}[0m done`);
    const hidden = spans.find((s) => s.text.includes('IGNORE'));
    expect(hidden?.concealed).toBe(true);
    expect(hidden?.deco ?? '').not.toContain('hidden');
  });

  it.each([
    ['black on black', `${E}[30;40mX${E}[0m`],
    ['white on white', `${E}[37;47mX${E}[0m`],
    ['bright black on black', `${E}[90;40mX${E}[0m`],
    ['equal true colours', `${E}[38;2;200;10;10;48;2;200;10;10mX${E}[0m`],
    ['near-equal true colours', `${E}[38;2;12;12;12;48;2;10;10;10mX${E}[0m`],
    ['equal 256 colours', `${E}[38;5;196;48;5;196mX${E}[0m`],
    ['a dark true colour on the dark terminal', `${E}[38;2;13;17;23mX${E}[0m`],
    ['a light true colour on the light terminal', `${E}[38;2;246;248;250mX${E}[0m`],
    ['reverse video of black on black', `${E}[7;30;40mX${E}[0m`],
  ])('keeps %s readable in both schemes', (_name, text) => {
    const span = spansOf(text)[0] as TermSpan;
    for (const scheme of ['light', 'dark'] as const) {
      const { fg, bg } = schemeColors(span, scheme);
      expect(contrastRatio(fg, bg), scheme).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('leaves readable colours as they are', () => {
    const [red] = spansOf(`${E}[31mred${E}[0m`);
    expect(red?.fg).toBe('var(--_ts-ansi-red, var(--ts-ansi-red))');
    const [tc] = spansOf(`${E}[38;2;255;255;255;48;2;0;0;128mX${E}[0m`);
    expect(tc?.fg).toBe('rgb(255, 255, 255)');
  });
});

describe('on screen', () => {
  it('shows concealed text in a terminal result, marked', async () => {
    const step = makeStep({
      status: 'succeeded',
      toolName: 'x',
      result: `fine ${E}[8mSECRET ORDER${E}[0m`,
    });
    const { container, findByText } = render(<ToolStepDetailsContent step={step} />);
    const span = await findByText('SECRET ORDER');
    expect(span.getAttribute('data-concealed')).toBe('');
    expect(span.getAttribute('data-ansi') ?? '').not.toContain('hidden');
    expect(span.getAttribute('title')).toBeTruthy();
    expect(container.querySelector('[data-section="result"]')).not.toBeNull();
  });
});
