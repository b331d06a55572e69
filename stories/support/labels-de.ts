// A complete second locale (German), as a host would write it: every word of `ToolStepsLabels`, the
// built-in tools' labels in their three tenses, plurals through Intl.PluralRules ('de').
import { formatDurationIn, plural, type ToolLabelInfo, type ToolStepsLabels, tenseOf } from 'tool-steps';

const tools: Record<string, [base: string, present: string, past: string]> = {
  read_file: ['Datei lesen', 'Liest Datei', 'Datei gelesen'],
  write_file: ['Datei schreiben', 'Schreibt Datei', 'Datei geschrieben'],
  edit_file: ['Datei bearbeiten', 'Bearbeitet Datei', 'Datei bearbeitet'],
  list_files: ['Dateien auflisten', 'Listet Dateien auf', 'Dateien aufgelistet'],
  glob: ['Dateien finden', 'Sucht Dateien', 'Dateien gefunden'],
  grep: ['In Dateien suchen', 'Durchsucht Dateien', 'Dateien durchsucht'],
  run_command: ['Befehl ausführen', 'Führt Befehl aus', 'Befehl ausgeführt'],
  delete_records: ['Datensätze löschen', 'Löscht Datensätze', 'Datensätze gelöscht'],
};
const TENSE = { base: 0, present: 1, past: 2 } as const;

const named = (step: { label: string; detail?: string }) => (step.detail ? `${step.label} ${step.detail}` : step.label);

export const germanLabels: ToolStepsLabels = {
  locale: 'de',
  list: 'Werkzeugaufrufe',
  skipped: (count) =>
    plural('de', count, {
      one: '# fehlerhaftes oder verspätetes Ereignis übersprungen',
      other: '# fehlerhafte oder verspätete Ereignisse übersprungen',
    }),
  status: {
    'input-streaming': 'Wird vorbereitet',
    running: 'Läuft',
    'awaiting-approval': 'Wartet auf Freigabe',
    succeeded: 'Fertig',
    failed: 'Fehlgeschlagen',
    denied: 'Abgelehnt',
    cancelled: 'Abgebrochen',
    interrupted: 'Unterbrochen',
  },
  approvedRunning: 'Freigegeben, läuft…',
  actions: { cancel: 'Abbrechen', retry: 'Wiederholen' },
  approval: {
    approve: 'Freigeben',
    deny: 'Ablehnen',
    approveAll: (count) => plural('de', count, { one: 'Freigeben', other: 'Alle # freigeben' }),
    denyAll: (count) => plural('de', count, { one: 'Ablehnen', other: 'Alle # ablehnen' }),
    waiting: (count) =>
      plural('de', count, { one: '# Aufruf wartet auf Ihre Freigabe', other: '# Aufrufe warten auf Ihre Freigabe' }),
    waitsForYou: 'Dieser Aufruf wartet auf Ihre Freigabe.',
    waitsElsewhere: 'Dieser Aufruf wartet auf eine Freigabe an anderer Stelle.',
    willRun: 'Wird ausgeführt',
    sideEffects: 'Nebenwirkungen',
    consequences: 'Was passieren wird',
    reason: 'Begründung (optional)',
    approved: 'Freigegeben',
    denied: 'Abgelehnt',
    withReason: (decision, reason) => `${decision}: ${reason}`,
    because: (reason) => `Begründung: ${reason}`,
  },
  announce: {
    succeeded: (step) => `${named(step)} abgeschlossen`,
    failed: (step) => `${named(step)} fehlgeschlagen${step.code ? `: ${step.code}` : ''}`,
    awaitingApproval: (step) => `${named(step)} wartet auf Ihre Freigabe`,
    denied: (step) => `${named(step)} abgelehnt`,
    cancelled: (step) => `${named(step)} abgebrochen`,
    interrupted: (step) => `${named(step)} unterbrochen`,
  },
  details: {
    trigger: 'Details',
    details: 'Details',
    modelRead: 'Was das Modell las',
    lastUpdate: 'Letzte Meldung',
    arguments: 'Argumente',
  },
  duration: (ms) => formatDurationIn('de', ms),
  tools: {
    fallback: 'Werkzeugaufruf',
    tenseOf,
    // Known tools in their three forms; any other tool keeps its name read as it is (no English tense).
    label: ({ toolName, label, tense }: ToolLabelInfo) =>
      Object.hasOwn(tools, toolName) ? tools[toolName]?.[TENSE[tense]] : label,
  },
};
