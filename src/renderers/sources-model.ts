/**
 * Reading a `sources` details value (`{ kind: 'sources', sources: [{ url, title?, snippet? }] }`, or the
 * list alone) into links the sources view can draw. Only `http:` and `https:` URLs become links; the kit
 * never fetches them (no favicons, no previews).
 */
import { isRecord } from '../core/values';

/** One source, ready to draw. */
export interface SourceItem {
  /** The URL as the wire gave it. */
  url: string;
  /** The link target: the normalized URL when it is `http(s)`, else absent (the URL is shown as text). */
  href?: string;
  /** The host without `www.`, for `http(s)` URLs. */
  domain?: string;
  title?: string;
  snippet?: string;
}

/** `true` for a list whose every entry has a string `url` (and at least one entry). */
export function isSourceList(value: unknown): value is { url: string }[] {
  return Array.isArray(value) && value.length > 0 && value.every((s) => isRecord(s) && typeof s.url === 'string');
}

/** The sources of a details value, in order; entries without a string `url` are skipped. */
export function toSources(details: unknown): SourceItem[] {
  const list = isRecord(details) ? details.sources : details;
  if (!Array.isArray(list)) return [];
  const items: SourceItem[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.url !== 'string') continue;
    const item: SourceItem = { url: entry.url };
    if (typeof entry.title === 'string' && entry.title.trim() !== '') item.title = entry.title;
    if (typeof entry.snippet === 'string' && entry.snippet.trim() !== '') item.snippet = entry.snippet;
    try {
      const parsed = new URL(entry.url.trim());
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
        item.href = parsed.href;
        item.domain = parsed.hostname.replace(/^www\./, '');
      }
    } catch {
      // not a URL at all: shown as text
    }
    items.push(item);
  }
  return items;
}
