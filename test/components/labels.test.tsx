// Words: every word the kit writes comes from `labels`; plurals through
// Intl.PluralRules; durations through Intl; the derived tool labels and their tenses replaceable.
import { render, screen, within } from '@testing-library/react';
import { ToolStep, ToolSteps, ToolStepsLabelsProvider } from 'tool-steps';
import {
  defaultLabels,
  formatDurationIn,
  mergeLabels,
  plural,
  presentStep,
  type ToolStepsLabels,
  verbForms,
} from 'tool-steps/presentation';
import { describe, expect, it } from 'vitest';
import { arabicLabels } from '../../stories/support/labels-ar';
import { germanLabels } from '../../stories/support/labels-de';
import { makeStep, stateOf } from './step-fixtures';

const slot = (container: Element, name: string) => container.querySelector(`[data-slot="${name}"]`);

/** Every leaf of a labels object, as `path: type`: two locales are complete when their shapes match. */
function shape(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [`${path}: ${typeof value}`];
  return Object.keys(value)
    .sort()
    .flatMap((key) => shape((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key));
}

describe('plurals and durations', () => {
  it('picks the form through Intl.PluralRules, with the count formatted for the locale', () => {
    expect([1, 3].map(defaultLabels.approval.waiting)).toEqual([
      '1 call waits for your approval',
      '3 calls wait for your approval',
    ]);
    expect(defaultLabels.approval.approveAll(3)).toBe('Approve all 3');
    // Arabic has six categories: "two" and "few" are forms of their own
    expect(arabicLabels.approval.waiting(2)).toBe('استدعاءان ينتظران موافقتك');
    expect(arabicLabels.approval.waiting(3)).toBe(`${new Intl.NumberFormat('ar').format(3)} استدعاءات تنتظر موافقتك`);
    expect(arabicLabels.approval.waiting(11)).toBe(`${new Intl.NumberFormat('ar').format(11)} استدعاء ينتظر موافقتك`);
    expect(plural('de', 1200, { one: '# Aufruf', other: '# Aufrufe' })).toBe('1.200 Aufrufe');
  });

  it('formats durations in the locale', () => {
    expect(formatDurationIn('en', 120)).toBe('120ms');
    expect(formatDurationIn('en', 8420)).toBe('8.4s');
    expect(formatDurationIn('de', 8420)).toMatch(/^8,4\s\S/);
    expect(formatDurationIn('en', 125_000)).toBe('2m 5s');
    expect(formatDurationIn('en', -1)).toBe('');
  });
});

describe('labels', () => {
  it('the German and Arabic locales have every word the English one has', () => {
    // (plus the optional `tools.label`, which translates the built-in tools' labels)
    const english = shape(defaultLabels);
    expect(shape(germanLabels).filter((leaf) => leaf !== 'tools.label: function')).toEqual(english);
    expect(shape(arabicLabels).filter((leaf) => leaf !== 'tools.label: function')).toEqual(english);
  });

  it("merges a host's few words over the defaults, section by section", () => {
    const merged = mergeLabels({ approval: { approve: 'Allow' } });
    expect(merged.approval.approve).toBe('Allow');
    expect(merged.approval.deny).toBe('Deny');
    expect(merged.status).toBe(defaultLabels.status);
    expect(mergeLabels(undefined)).toBe(defaultLabels);
  });

  it('writes every word of a row and the list in the locale given to <ToolSteps labels>', () => {
    const state = stateOf([
      makeStep({ id: 'a', toolName: 'read_file', status: 'succeeded', input: { path: 'a.ts' } }),
      makeStep({ id: 'b', toolName: 'run_command', status: 'running', input: { command: 'ls' } }),
      makeStep({ id: 'c', toolName: 'run_command', status: 'cancelled', input: { command: 'sleep 9' } }),
      makeStep({
        id: 'd',
        toolName: 'write_file',
        status: 'awaiting-approval',
        input: { path: '.env' },
        approval: { id: 'ap', sideEffects: ['filesystem'] },
      }),
      makeStep({ id: 'e', toolName: 'edit_file', status: 'awaiting-approval', approval: { id: 'ap2' } }),
    ]);
    const { container } = render(
      <ToolSteps
        state={state}
        labels={germanLabels}
        onApprove={() => {}}
        onDeny={() => {}}
        onCancel={() => {}}
        approveAll
      />,
    );
    const labels = [...container.querySelectorAll('[data-slot="tool-step-label"]')].map((el) => el.textContent);
    expect(labels).toEqual([
      'Datei gelesen',
      'Führt Befehl aus',
      'Befehl ausführen',
      'Datei schreiben',
      'Datei bearbeiten',
    ]);
    const statuses = [...container.querySelectorAll('[data-slot="tool-step-status-text"]')].map((el) => el.textContent);
    expect(statuses).toEqual(['Fertig', 'Läuft', 'Abgebrochen', 'Wartet auf Freigabe', 'Wartet auf Freigabe']);
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle 2 freigeben' })).toBeInTheDocument();
    expect(slot(container, 'tool-steps-approve-all-text')?.textContent).toBe('2 Aufrufe warten auf Ihre Freigabe');
    const card = slot(container, 'tool-step-approval') as HTMLElement;
    expect(within(card).getByText('Nebenwirkungen')).toBeInTheDocument();
    expect(within(card).getByLabelText('Begründung (optional)')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Freigeben', 'Ablehnen']);
  });

  it("replaces the derived labels' verbs and tenses (words.ts) through labels.tools", () => {
    const step = makeStep({ toolName: 'delete_file', status: 'running' });
    expect(presentStep(step).label).toBe('Deleting file');
    // another language's verb forms, and a tense rule that never conjugates
    const forms = (verb: string) => ({ ...verbForms(verb), present: `${verb}-ing!` });
    expect(presentStep(step, undefined, { ...defaultLabels.tools, verbForms: forms }).label).toBe('Delete-ing! file');
    expect(presentStep(step, undefined, { ...defaultLabels.tools, tenseOf: () => 'base' }).label).toBe('Delete file');
    expect(presentStep(makeStep({ toolName: '' }), undefined, germanLabels.tools).label).toBe('Werkzeugaufruf');
  });

  it('a lone <ToolStep> takes its words from a provider', () => {
    const words: Partial<ToolStepsLabels> = { status: { ...defaultLabels.status, failed: 'Échec' } };
    const { container } = render(
      <ToolStepsLabelsProvider labels={words}>
        <ToolStep step={makeStep({ status: 'failed', error: { message: 'x' } })} />
      </ToolStepsLabelsProvider>,
    );
    expect(slot(container, 'tool-step-status-text')?.textContent).toBe('Échec');
  });
});
