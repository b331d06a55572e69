/**
 * A replay driver for stories, browser tests and the playground: a real store (`createStepStore`)
 * fed a recorded stream's events (from `eventsFromText`) one at a time on a timer, with a speed
 * control (0.5×, 1×, 4×, instant) and a restart.
 *
 * Recordings carry no timestamps, so the pace is one event per `intervalMs` at 1×. Changing the
 * speed keeps the position; restarting empties the store and starts over.
 */
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createStepStore, type StepEvent, type StepStore } from 'tool-steps/core';
import { eventsFromText } from 'tool-steps/wires';

/** A replay speed: a multiplier of the base pace, or every remaining event at once. */
export type ReplaySpeed = 0.5 | 1 | 4 | 'instant';

/** Every speed the control offers, slowest first. */
export const REPLAY_SPEEDS = [0.5, 1, 4, 'instant'] as const satisfies readonly ReplaySpeed[];

/** The pace at 1×: milliseconds between two events. */
export const DEFAULT_REPLAY_INTERVAL_MS = 300;

/** How a speed is named on screen. */
export function speedLabel(speed: ReplaySpeed): string {
  return speed === 'instant' ? 'Instant' : `${speed}×`;
}

/** Options of `useReplay`. */
export interface UseReplayOptions {
  /** @default 1 */
  speed?: ReplaySpeed;
  /** Milliseconds between two events at 1×. @default DEFAULT_REPLAY_INTERVAL_MS */
  intervalMs?: number;
  /** The store to feed; one is made per replay otherwise. */
  store?: StepStore;
}

/** A running replay. */
export interface Replay {
  /** The store the events are applied to. */
  store: StepStore;
  /** How many events were applied so far. */
  position: number;
  /** How many events the recording has. */
  total: number;
  /** Every event was applied. */
  done: boolean;
  /** Empties the store and replays from the first event. */
  restart: () => void;
}

/**
 * Replays `events` into a store on a timer. A new `events` array (another recording) starts over;
 * a new `speed` keeps the position.
 */
export function useReplay(events: readonly StepEvent[], options: UseReplayOptions = {}): Replay {
  const { speed = 1, intervalMs = DEFAULT_REPLAY_INTERVAL_MS } = options;
  const [ownStore] = useState(() => createStepStore());
  const store = options.store ?? ownStore;
  const [position, setPosition] = useState(0);
  const [epoch, setEpoch] = useState(0);
  const cursor = useRef({ events, epoch, next: 0 });

  useEffect(() => {
    // another recording or a restart: start from an empty store
    if (cursor.current.events !== events || cursor.current.epoch !== epoch) {
      cursor.current = { events, epoch, next: 0 };
      store.reset();
      setPosition(0);
    }
    const step = () => {
      const { next } = cursor.current;
      if (next >= events.length) return false;
      const upTo = speed === 'instant' ? events.length : next + 1;
      store.apply(events.slice(next, upTo));
      cursor.current.next = upTo;
      setPosition(upTo);
      return upTo < events.length;
    };
    if (speed === 'instant') {
      step();
      return;
    }
    const timer = setInterval(() => {
      if (!step()) clearInterval(timer);
    }, intervalMs / speed);
    return () => clearInterval(timer);
  }, [events, epoch, speed, intervalMs, store]);

  return {
    store,
    position,
    total: events.length,
    done: position >= events.length,
    restart: () => setEpoch((n) => n + 1),
  };
}

/** Props of `ReplayControls`. */
export interface ReplayControlsProps {
  replay: Replay;
  speed: ReplaySpeed;
  onSpeedChange: (speed: ReplaySpeed) => void;
  /** Names the group for assistive technology. @default 'Replay speed' */
  legend?: string;
}

/** A speed picker (radio buttons), a restart button and the position ("7 of 11 events"). */
export function ReplayControls({ replay, speed, onSpeedChange, legend = 'Replay speed' }: ReplayControlsProps) {
  const name = useId();
  return (
    <div
      data-replay-controls=""
      data-replay-done={replay.done ? '' : undefined}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem', marginBottom: '0.75rem' }}
    >
      <fieldset style={{ display: 'flex', gap: '0.5rem', border: 0, margin: 0, padding: 0 }}>
        <legend style={{ float: 'left', marginRight: '0.5rem' }}>{legend}</legend>
        {REPLAY_SPEEDS.map((option) => (
          <label key={String(option)} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.25rem' }}>
            <input
              type="radio"
              name={name}
              value={String(option)}
              checked={speed === option}
              onChange={() => onSpeedChange(option)}
            />
            {speedLabel(option)}
          </label>
        ))}
      </fieldset>
      <button type="button" onClick={replay.restart}>
        Restart
      </button>
      <span data-replay-position="">
        {replay.position} of {replay.total} events
      </span>
    </div>
  );
}

/** Props of `ReplayPlayer`. */
export interface ReplayPlayerProps {
  /** A whole recording (SSE or JSONL); decoded with `eventsFromText` and protocol `'auto'`. */
  text?: string;
  /** Already decoded events; used instead of `text`. */
  events?: readonly StepEvent[];
  /** The speed to start at. @default 1 */
  initialSpeed?: ReplaySpeed;
  /** Milliseconds between two events at 1×. */
  intervalMs?: number;
  /** The store to feed; one is made per player otherwise. */
  store?: StepStore;
  /** Draws the replayed store (usually `<ToolSteps store={replay.store} />`). */
  children: (replay: Replay) => ReactNode;
}

/** A recording replayed through a real store, with its controls above whatever `children` draws. */
export function ReplayPlayer({ text = '', events, initialSpeed = 1, intervalMs, store, children }: ReplayPlayerProps) {
  const decoded = useMemo(() => events ?? eventsFromText(text), [events, text]);
  const [speed, setSpeed] = useState<ReplaySpeed>(initialSpeed);
  const replay = useReplay(decoded, {
    speed,
    ...(intervalMs === undefined ? {} : { intervalMs }),
    ...(store ? { store } : {}),
  });
  return (
    <div data-replay="">
      <ReplayControls replay={replay} speed={speed} onSpeedChange={setSpeed} />
      {children(replay)}
    </div>
  );
}
