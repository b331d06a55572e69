/**
 * Finding a reasoning segment by id. `state.reasoning` holds the segments in an array beside their
 * ids (`segments[i]` is `ids[i]`'s), so a batch copies an array of pointers, not a map of every
 * segment; the id → place index is kept here, off the state, one per `ids` array. Segments are only
 * appended, so the state that follows shares its base's index and adds its new ids to it, as long as
 * the base was the last to add (an index never names a place past its own `ids`).
 */
import type { ReasoningSegment, ReasoningSegments } from './step';

const indexes = new WeakMap<readonly string[], Map<string, number>>();

const built = (ids: readonly string[]) => new Map(ids.map((id, at) => [id, at]));

/** The index of `ids` (built once for an array the reducer did not make). */
export function segmentIndex(ids: readonly string[]): Map<string, number> {
  const index = indexes.get(ids) ?? built(ids);
  indexes.set(ids, index);
  return index;
}

/**
 * The index of `ids`, a copy of `before` that the caller appends to (setting each new id's place in
 * the index): `before`'s own index when no other state added to it, a copy of its entries otherwise.
 */
export function indexToExtend(before: readonly string[], ids: readonly string[]): Map<string, number> {
  let index = segmentIndex(before);
  if (index.size !== before.length) index = built(before);
  indexes.set(ids, index);
  return index;
}

/** The segment `id` of `reasoning` (`state.reasoning`), or `undefined`. */
export function segmentOf(reasoning: ReasoningSegments | undefined, id: string): ReasoningSegment | undefined {
  // A place past this state's own segments, or another id's (a state branched off), finds nothing.
  const segment = reasoning?.segments[segmentIndex(reasoning.ids).get(id) ?? -1];
  return segment?.id === id ? segment : undefined;
}
