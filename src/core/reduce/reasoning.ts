/**
 * The reducer's handlers of reasoning segments (`reasoning-start`, `-delta`, `-end`) and of their end
 * with the run. A segment is its own record beside the steps (`state.reasoning`); its place among the
 * steps is `stepsBefore`, fixed at its start, so a delta touches the segment alone.
 */
import type { StepEventOf } from '../events';
import type { ReasoningSegment, ReasoningStatus } from '../step';

/** What the handlers need of the reducer's copy-on-write draft. */
export interface SegmentDraft {
  segment(id: string): ReasoningSegment | undefined;
  setSegment(segment: ReasoningSegment): void;
  /** Whether the segment was made by this batch (no snapshot holds it: it may change in place). */
  ownsSegment(segment: ReasoningSegment): boolean;
  /** Every segment id, in order. */
  segmentIds(): readonly string[];
  /** How many steps there are so far (the batch's new ones included). */
  stepCount(): number;
  diagnose(reason: string): void;
}

type ReasoningHandlers = {
  [K in 'reasoning-start' | 'reasoning-delta' | 'reasoning-end']: (draft: SegmentDraft, event: StepEventOf<K>) => void;
};

function newSegment(
  draft: SegmentDraft,
  event: { id: string; parentId?: string; visibility?: ReasoningSegment['visibility']; at?: number },
): ReasoningSegment {
  const segment: ReasoningSegment = {
    id: event.id,
    visibility: event.visibility ?? 'full',
    status: 'streaming',
    text: '',
    stepsBefore: draft.stepCount(),
  };
  if (event.parentId) segment.parentId = event.parentId;
  if (event.at !== undefined) segment.startedAt = event.at;
  return segment;
}

/**
 * `text` as one flat string. Appended deltas make a rope in V8 (a string and a link for each delta,
 * about 2.5 times the text's own bytes); reading a character makes V8 flatten it in place, so an ended
 * segment keeps its text and not its deltas. Once per segment, linear in its text.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** Whether a segment of this visibility has text to read. */
const hasText = (segment: ReasoningSegment) => segment.visibility === 'full' || segment.visibility === 'summary';

export const reasoningHandlers: ReasoningHandlers = {
  'reasoning-start'(draft, e) {
    const existing = draft.segment(e.id);
    if (!existing) {
      draft.setSegment(newSegment(draft, e));
      return;
    }
    if (existing.status === 'done') {
      draft.diagnose(`"reasoning-start" for segment "${e.id}" arrived after it ended; dropped`);
      return;
    }
    // A second start (a resumed run, or a start after a delta that made the segment) moves nothing: the
    // place and the parent are the first ones.
    if (e.parentId !== undefined && e.parentId !== existing.parentId) {
      draft.diagnose(`segment "${e.id}" was started again under "${e.parentId}"; it stays where it began`);
    }
    let next = existing;
    if (e.visibility !== undefined && e.visibility !== existing.visibility)
      next = { ...next, visibility: e.visibility };
    if (next.status === 'interrupted') next = resumedSegment(next);
    if (next !== existing) draft.setSegment(next);
  },

  'reasoning-delta'(draft, e) {
    let existing = draft.segment(e.id);
    if (!existing) {
      draft.diagnose(`reasoning text for unknown segment "${e.id}"; read as a new segment`);
      existing = newSegment(draft, e);
      draft.setSegment(existing);
    }
    if (existing.status === 'done') {
      draft.diagnose(`reasoning text for segment "${e.id}" arrived after it ended; dropped`);
      return;
    }
    if (!hasText(existing)) {
      draft.diagnose(`reasoning text for ${existing.visibility} segment "${e.id}"; dropped`);
      return;
    }
    if (e.delta === '') return;
    // The second delta of a batch appends to the copy the first one made, instead of copying again.
    // Appending makes a rope in V8 (no copy of the text so far): linear in the deltas however many.
    if (existing.status === 'streaming' && draft.ownsSegment(existing)) {
      existing.text += e.delta;
      return;
    }
    const next = existing.status === 'interrupted' ? resumedSegment(existing) : { ...existing };
    next.text = existing.text + e.delta;
    draft.setSegment(next);
  },

  'reasoning-end'(draft, e) {
    let existing = draft.segment(e.id);
    if (!existing) {
      draft.diagnose(`the end of unknown segment "${e.id}"; read as a segment that began and ended there`);
      existing = newSegment(draft, e);
    } else if (existing.status === 'done') {
      if (e.text !== undefined && e.text !== existing.text) {
        draft.diagnose(`another text for segment "${e.id}" arrived after it ended; dropped`);
      }
      return;
    }
    const next: ReasoningSegment = { ...existing, status: 'done' };
    if (e.visibility !== undefined) next.visibility = e.visibility;
    if (!hasText(next)) {
      if (e.text !== undefined && e.text !== '') {
        draft.diagnose(`text for ${next.visibility} segment "${e.id}"; dropped`);
      }
      next.text = '';
    } else {
      next.text = flat(e.text ?? next.text);
    }
    if (e.at !== undefined) next.endedAt = e.at;
    draft.setSegment(next);
  },
};

function resumedSegment(segment: ReasoningSegment): ReasoningSegment {
  const { endedAt: _cutAt, ...rest } = segment;
  return { ...rest, status: 'streaming' };
}

/** Ends every streaming segment with the run: `done` when it finished, `interrupted` when it failed or was cut. */
export function closeOpenSegments(
  draft: SegmentDraft,
  to: Exclude<ReasoningStatus, 'streaming'>,
  at: number | undefined,
): void {
  for (const id of draft.segmentIds()) {
    const segment = draft.segment(id);
    if (segment?.status !== 'streaming') continue;
    const next: ReasoningSegment = { ...segment, status: to, text: flat(segment.text) };
    if (at !== undefined) next.endedAt = at;
    draft.setSegment(next);
  }
}
