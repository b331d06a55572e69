/**
 * The replay viewer (the playground's second tab): pick a recorded stream (every `.sse` / `.jsonl` in `test/fixtures/`) or drop
 * a capture, and watch it replayed through a real store into `<ToolSteps>`, at a chosen speed, in
 * either theme. Approve / Deny decisions are applied to the store and logged.
 */
import { type DragEvent, useId, useMemo, useState } from 'react';
import { type Step, type StepStore, ToolSteps, useSteps } from 'tool-steps';
import { presentStep } from 'tool-steps/presentation';
import { eventsFromText } from 'tool-steps/wires';
import { type Replay, ReplayPlayer } from '../stories/support/replay';

/** A stream to replay: a recorded fixture or a dropped capture. */
interface Recording {
  id: string;
  name: string;
  text: string;
  origin: 'fixture' | 'dropped';
}

const fixtureFiles = import.meta.glob<string>('../test/fixtures/*.{sse,jsonl}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Cogitator recordings first (the protocol the kit decodes today), then the others, by name. */
const fixtures: Recording[] = Object.entries(fixtureFiles)
  .map(([path, text]) => ({ id: `fixture:${basename(path)}`, name: basename(path), text, origin: 'fixture' as const }))
  .sort(
    (a, b) =>
      Number(!a.name.startsWith('cogitator-')) - Number(!b.name.startsWith('cogitator-')) ||
      a.name.localeCompare(b.name),
  );

interface LogEntry {
  n: number;
  text: string;
}

/** How a log line names a step: the label the row shows, its detail line and its id. */
function describe(step: Step): string {
  const { label, detail } = presentStep(step);
  return `${label}${detail ? ` ${detail}` : ''} (${step.id})`;
}

/** The run's status and the diagnostics count, live from the store. */
function RunStatus({ store, replay }: { store: StepStore; replay: Replay }) {
  const run = useSteps(store, (s) => s.run);
  const diagnostics = useSteps(store, (s) => s.diagnostics);
  const steps = useSteps(store, (s) => s.ids.length);
  return (
    <p className="pg-status" data-testid="run-status">
      <span>
        Run: <strong data-run-status={run.status}>{run.status}</strong>
        {run.error ? ` (${run.error.code ? `${run.error.code}: ` : ''}${run.error.message})` : ''}
      </span>
      <span>
        {steps} {steps === 1 ? 'step' : 'steps'}
      </span>
      <span data-diagnostics={diagnostics.count}>
        {diagnostics.count} {diagnostics.count === 1 ? 'diagnostic' : 'diagnostics'}
        {diagnostics.last
          ? `: ${diagnostics.last.protocol ? `${diagnostics.last.protocol}: ` : ''}${diagnostics.last.reason}`
          : ''}
      </span>
      {replay.done ? <span>replay finished</span> : null}
    </p>
  );
}

/** The replay viewer. */
export function ReplayViewer() {
  const [dropped, setDropped] = useState<Recording[]>([]);
  const recordings = useMemo(() => [...fixtures, ...dropped], [dropped]);
  const [selectedId, setSelectedId] = useState(fixtures[0]?.id ?? '');
  const selected = recordings.find((r) => r.id === selectedId) ?? recordings[0];
  // the decoders never throw on bad input; this guard keeps the page alive if one has a bug
  const decoded = useMemo(() => {
    try {
      return { events: eventsFromText(selected?.text ?? ''), failure: undefined };
    } catch (error) {
      return { events: [], failure: error instanceof Error ? error.message : String(error) };
    }
  }, [selected]);
  const { events, failure } = decoded;
  const decodeDiagnostics = useMemo(() => events.filter((e) => e.type === 'diagnostic').length, [events]);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const pickerId = useId();
  const fileId = useId();

  // oldest first, the latest 50
  const addLog = (text: string) =>
    setLog((entries) => [...entries, { n: (entries.at(-1)?.n ?? 0) + 1, text }].slice(-50));

  const load = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!/\.(sse|jsonl|ndjson|txt)$/i.test(file.name)) {
      setProblem(`${file.name}: expected a .sse or .jsonl capture.`);
      return;
    }
    setProblem(undefined);
    const text = await file.text();
    const recording: Recording = { id: `dropped:${Date.now()}:${file.name}`, name: file.name, text, origin: 'dropped' };
    setDropped((list) => [...list, recording]);
    setSelectedId(recording.id);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void load(event.dataTransfer.files);
  };

  return (
    <div className="pg-replay-view">
      <div className="pg-main">
        <section className="pg-source" aria-label="Recording">
          <label htmlFor={pickerId}>Recording</label>
          <select id={pickerId} value={selected?.id ?? ''} onChange={(e) => setSelectedId(e.target.value)}>
            <optgroup label="Recorded fixtures (test/fixtures)">
              {fixtures.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </optgroup>
            {dropped.length > 0 ? (
              <optgroup label="Dropped captures">
                {dropped.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>

          {/* biome-ignore lint/a11y/noStaticElementInteractions: only a drop target; the file input inside is its keyboard and pointer alternative */}
          <div
            className="pg-drop"
            data-dragging={dragging ? '' : undefined}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <label htmlFor={fileId}>Drop a .sse or .jsonl capture here, or choose a file</label>
            <input
              id={fileId}
              type="file"
              accept=".sse,.jsonl,.ndjson,.txt,text/event-stream,application/x-ndjson"
              onChange={(e) => {
                void load(e.target.files);
                e.target.value = ''; // choosing the same file again loads it again
              }}
            />
            {problem ? <p role="alert">{problem}</p> : null}
          </div>

          {failure ? (
            <p className="pg-failure" role="alert" data-testid="decoded">
              {selected?.name}: decoding failed: {failure}
            </p>
          ) : (
            <p className="pg-decoded" data-testid="decoded">
              {selected?.name}: {events.length} events decoded, {decodeDiagnostics}{' '}
              {decodeDiagnostics === 1 ? 'diagnostic' : 'diagnostics'}
            </p>
          )}
        </section>

        <section className="pg-replay" aria-label="Replay">
          {selected ? (
            <ReplayPlayer key={selected.id} events={events}>
              {(replay) => (
                <>
                  <RunStatus store={replay.store} replay={replay} />
                  <ToolSteps
                    store={replay.store}
                    onApprove={(step: Step) => {
                      replay.store.apply({ type: 'step-decision', id: step.id, approved: true });
                      addLog(`Approved ${describe(step)}`);
                    }}
                    onDeny={(step: Step) => {
                      replay.store.apply({ type: 'step-decision', id: step.id, approved: false });
                      addLog(`Denied ${describe(step)}`);
                    }}
                  />
                </>
              )}
            </ReplayPlayer>
          ) : (
            <p>No recordings in test/fixtures/: drop a capture to replay it.</p>
          )}
        </section>

        <section className="pg-log" aria-labelledby="pg-log-title">
          <h2 id="pg-log-title">Decisions</h2>
          {log.length === 0 ? (
            <p>Approve or Deny a step that awaits approval; the decision is applied and logged here.</p>
          ) : (
            <ol>
              {log.map((entry) => (
                <li key={entry.n}>{entry.text}</li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
