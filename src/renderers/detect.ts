import type { DetailsKind } from './types';
import { DETAILS_KINDS } from './types';

/**
 * The kind of a details value: an explicit `kind` field wins; otherwise a string is `text` and
 * anything else `json`. (A first version: shape detection of diffs, terminals, tables and media
 * comes with the renderers.)
 */
export function detectDetailsKind(details: unknown): DetailsKind {
  if (typeof details === 'object' && details !== null && 'kind' in details) {
    const kind = (details as { kind?: unknown }).kind;
    if (typeof kind === 'string' && (DETAILS_KINDS as readonly string[]).includes(kind)) return kind as DetailsKind;
  }
  return typeof details === 'string' ? 'text' : 'json';
}
