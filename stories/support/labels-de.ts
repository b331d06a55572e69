// A complete second locale (German), as a host would write it: every word of `ToolStepsLabels`, the
// built-in tools' labels in their three tenses, plurals through Intl.PluralRules ('de').
import {
  formatDurationIn,
  formatElapsedIn,
  plural,
  type ToolLabelInfo,
  type ToolStepsLabels,
  tenseOf,
} from 'tool-steps/presentation';

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

const number = new Intl.NumberFormat('de');
const n = (value: number) => number.format(value);
const steps = (count: number) => plural('de', count, { one: '# Schritt', other: '# Schritte' });
const families: Record<string, { one: string; other: string }> = {
  read: { one: '# Datei gelesen', other: '# Dateien gelesen' },
  search: { one: 'nach # Muster gesucht', other: 'nach # Mustern gesucht' },
  list: { one: '# Ordner aufgelistet', other: '# Ordner aufgelistet' },
};

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
  outcome: { exit: (code) => `Exit ${code}`, stopped: 'Angehalten' },
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
    willWrite: 'Wird geschrieben',
    willEdit: 'Wird geändert',
    willDelete: 'Wird gelöscht',
    willRun: 'Wird ausgeführt',
    willFetch: 'Wird abgerufen',
    willSend: 'Wird gesendet an',
    toolInput: 'Eingabe',
    sideEffects: 'Nebenwirkungen',
    consequences: 'Was passieren wird',
    reason: 'Begründung (optional)',
    argumentsChanged: 'Die Argumente haben sich geändert: bitte erneut lesen',
    approvalIdReused: 'Ein anderer Aufruf hat dieselbe Freigabe-ID, daher kann dieser hier nicht entschieden werden',
    otherArguments: 'Weitere Argumente',
    tool: (name) => `Werkzeug: ${name}`,
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
    stopped: (step) => `${named(step)} angehalten`,
  },
  details: {
    trigger: 'Details',
    details: 'Details',
    modelRead: 'Was das Modell las',
    result: 'Ergebnis',
    output: 'Ausgabe',
    lastUpdate: 'Letzte Meldung',
    arguments: 'Argumente',
  },
  duration: (ms) => formatDurationIn('de', ms),
  elapsed: (ms) => formatElapsedIn('de', ms),
  approvalWait: (duration) => `${duration} auf Freigabe gewartet`,
  tools: {
    fallback: 'Werkzeugaufruf',
    tenseOf,
    // Known tools in their three forms; any other tool keeps its name read as it is (no English tense).
    label: ({ toolName, label, tense }: ToolLabelInfo) =>
      Object.hasOwn(tools, toolName) ? tools[toolName]?.[TENSE[tense]] : label,
  },
  groups: {
    family: (family, count) => {
      const forms = Object.hasOwn(families, family) ? families[family] : undefined;
      return forms ? plural('de', count, forms) : `${n(count)} × ${family}`;
    },
    thought: (duration) => (duration ? `${duration} nachgedacht` : 'nachgedacht'),
    group: (parts, duration) => {
      const text = parts.join(', ');
      const head = text.charAt(0).toUpperCase() + text.slice(1);
      return duration ? `${head} · ${duration}` : head;
    },
    nested: steps,
    working: (label, elapsed) => (elapsed ? `${label}… ${elapsed}` : `${label}…`),
    worked: (duration, count, failed = 0) => {
      const counted = failed > 0 ? `${steps(count)}, ${n(failed)} fehlgeschlagen` : steps(count);
      return duration ? `${duration} gearbeitet · ${counted}` : counted;
    },
    stopped: (duration, count) =>
      duration ? `Nach ${duration} angehalten · ${steps(count)}` : `Angehalten · ${steps(count)}`,
  },
  reasoning: {
    thinking: 'Denkt nach…',
    thought: (duration) => (duration ? `${duration} nachgedacht` : 'Nachgedacht'),
    briefly: 'Kurz nachgedacht',
    stopped: 'Nachdenken abgebrochen',
    hidden: 'Überlegungen verborgen',
    summary: 'Zusammenfassung',
    count: (count) => plural('de', count, { one: '# Gedanke', other: '# Gedanken' }),
  },
  verbosity: { show: 'Schritte zeigen', hide: 'Schritte ausblenden' },
  redaction: {
    hidden: (count) => plural('de', count, { one: '# Geheimnis verborgen', other: '# Geheimnisse verborgen' }),
    reveal: 'Aufdecken',
    revealLabel: (count) =>
      plural('de', count, { one: 'Das verborgene Geheimnis aufdecken', other: '# verborgene Geheimnisse aufdecken' }),
    hide: 'Verbergen',
  },
  copy: {
    copy: 'Kopieren',
    copied: 'Kopiert',
    failed: 'Kopieren fehlgeschlagen',
    copyWhat: (what) => `${what} kopieren`,
    text: 'Text',
    output: 'Ausgabe',
    code: 'Quelltext',
    error: 'Fehler',
    table: 'Tabelle',
    diff: 'Änderungen',
    lastUpdate: 'Letzte Meldung',
    arguments: 'Argumente',
    valueOf: (path) => `Wert von ${path}`,
  },
  interrupted: (reason) => `Unterbrochen: ${reason}`,
  progress: (value, total) => `${value} von ${total}`,
  reasons: {
    stopped: 'Angehalten, bevor der Lauf fertig war.',
    replaced: 'Durch eine neuere Anfrage ersetzt.',
    'stream-closed': 'Der Datenstrom endete, bevor der Lauf fertig war.',
    'closed-before-start': 'Der Datenstrom endete, bevor ein Lauf begann.',
    'cut-mid-frame': 'Der Datenstrom endete mitten in einer Nachricht, bevor der Lauf fertig war.',
    'connection-lost': 'Die Verbindung ist abgebrochen.',
    'no-body': 'Der Server antwortete ohne Inhalt: Es gab keinen Datenstrom zu lesen.',
    cancelled: 'Der Lauf wurde abgebrochen.',
    restarted: 'Eine neue Nachricht begann, bevor diese endete.',
    unreachable: 'Der Server war nicht erreichbar.',
    'http-error': 'Der Server antwortete mit einem Fehler.',
    'stream-error': 'Der Datenstrom meldete einen Fehler.',
    'tool-error': 'Das Werkzeug meldete einen Fehler.',
  },
  unknownReason: (code) => `Unbekannter Grund: ${code}`,
  views: {
    loading: 'Wird geladen…',
    blockFailed: (message) => `Dieser Block ließ sich nicht anzeigen: ${message}`,
    unknownError: 'unbekannter Fehler',
    show: 'Ansicht',
    files: 'Dateien',
    tokens: (ui, llm, saved) => {
      const base = `${n(ui)} → ${n(llm)} Tokens`;
      return saved > 0 ? `${base}, ${n(Math.round(saved))} % gespart` : base;
    },
    lines: (count) => plural('de', count, { one: '# Zeile', other: '# Zeilen' }),
    showLess: 'Weniger anzeigen',
    showAllLines: (count) => `Alle ${n(count)} Zeilen anzeigen`,
    showAllCharacters: (count) => `Alle ${n(count)} Zeichen anzeigen`,
    streams: 'Datenströme',
    all: 'Alle',
    exit: (code) => `Exit-Status ${code}`,
    follow: 'Ausgabe folgen',
    noOutput: 'Keine Ausgabe.',
    outputOf: (command) => (command ? `Ausgabe von ${command}` : 'Terminalausgabe'),
    concealed: 'Vom Programm verborgen (SGR 8); angezeigt, weil das Modell es liest',
    items: (count) => plural('de', count, { one: '[# Eintrag]', other: '[# Einträge]' }),
    keys: (count) => `{${plural('de', count, { one: '# Schlüssel', other: '# Schlüssel' })}}`,
    showMore: (count, remaining) => `${n(count)} weitere anzeigen (${n(remaining)} nicht angezeigt)`,
    rows: (count) => plural('de', count, { one: '# Zeile', other: '# Zeilen' }),
    columns: (count) => plural('de', count, { one: '# Spalte', other: '# Spalten' }),
    table: (rows) => `Tabelle, ${plural('de', rows, { one: '# Zeile', other: '# Zeilen' })}`,
    showFirstRows: (count) => `Die ersten ${n(count)} Zeilen anzeigen`,
    showAllRows: (count) => `Alle ${n(count)} Zeilen anzeigen`,
    filesChanged: (count) => plural('de', count, { one: '# Datei geändert', other: '# Dateien geändert' }),
    diffLayout: 'Darstellung der Änderungen',
    unified: 'Untereinander',
    split: 'Nebeneinander',
    notDiff:
      'Das sind keine Änderungen: weder ein Unified-Diff-Text noch Texte vorher und nachher. So angezeigt, wie es ist.',
    diffUnreadable: (reason) => `Diese Änderungen ließen sich nicht lesen (${reason}). Als Text angezeigt.`,
    fileStatus: { added: 'neue Datei', deleted: 'gelöscht', renamed: 'umbenannt', binary: 'binär' },
    unchangedLines: (count) =>
      plural('de', count, {
        one: '⋯ # unveränderte Zeile nicht in den Änderungen · ',
        other: '⋯ # unveränderte Zeilen nicht in den Änderungen · ',
      }),
    showUnchanged: (count) =>
      plural('de', count, { one: '# unveränderte Zeile anzeigen', other: '# unveränderte Zeilen anzeigen' }),
    binaryFile: 'Binärdatei: kein Text anzuzeigen.',
    noLineChanged: 'Keine Zeile geändert.',
    diffOf: (path) => `Änderungen an ${path}`,
    noNewline: '\\ Kein Zeilenumbruch am Dateiende',
    emptyFile: 'Leere Datei.',
    codeOf: (path) => (path ? `Quelltext von ${path}` : 'Quelltext'),
    sources: 'Quellen',
    sourceCount: (count) => plural('de', count, { one: '# Quelle', other: '# Quellen' }),
    noSources: 'Keine Quellen.',
    notLink: 'kein Weblink',
    newTab: '(öffnet in einem neuen Tab)',
    imageAlt: 'Bild vom Werkzeug',
    notRaster: 'Nicht angezeigt: kein Rasterbild',
    refusedUrl: 'Nicht angezeigt (nur http(s)-Adressen und Data-URLs von Rasterbildern werden angezeigt):',
    download: (name) => `${name} herunterladen`,
    file: 'Datei',
    image: 'Bild',
    noMedia: 'Kein Bild und keine Datei in diesen Details.',
  },
};
