/**
 * What the recipe stories that replay recorded wires share (Protocols, VendorProtocols,
 * ProtocolsAgUiMcp): their args, their render (the chosen recording replayed at once through a real
 * store, into a list that draws every call as its own row as it ends, so that a play function reads each
 * row's status) and their play helpers.
 */
import { expect, waitFor } from 'storybook/test';
import { type Step, ToolSteps } from 'tool-steps';
import type { StepEvent } from 'tool-steps/core';
import { summarize } from './dom';
import { ReplayPlayer } from './replay';

/** The args of a story that replays one of a set of recordings. */
export interface RecordingStoryArgs<Name extends string> {
  recording: Name;
  onApprove: (step: Step) => void;
  onDeny: (step: Step) => void;
}

/** The stories' `render`: the chosen recording replayed at once, every call its own row. */
export function renderRecording<Name extends string>(recordings: Readonly<Record<Name, readonly StepEvent[]>>) {
  return ({ recording, onApprove, onDeny }: RecordingStoryArgs<Name>) => (
    <ReplayPlayer key={recording} events={recordings[recording]} initialSpeed="instant">
      {(replay) => (
        <ToolSteps store={replay.store} group={false} minRunningMs={0} onApprove={onApprove} onDeny={onDeny} />
      )}
    </ReplayPlayer>
  );
}

/**
 * Resolves once the replay has applied every one of `events` and the list has drawn them: the store
 * hands a change to the list on the next animation frame, after the player's own counter shows it, so
 * this waits two frames past the counter.
 */
export async function replayedAll(canvasElement: HTMLElement, events: readonly StepEvent[]): Promise<void> {
  const total = events.length;
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-replay-position]')).toHaveTextContent(`${total} of ${total} events`),
  );
  for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Each row as `tool:status`, in order. */
export const statuses = (canvasElement: HTMLElement): string[] =>
  summarize(canvasElement).map((row) => `${row.tool}:${row.status}`);
