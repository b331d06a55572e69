/**
 * AG-UI content and JSON Patch helpers for the AG-UI decoder: tool result content (a string or
 * `ContentPart[]`, in AG-UI's events reference) to what the model read and a media details block, and the
 * RFC 6902 subset `ACTIVITY_DELTA` uses.
 */
import type { MediaDetails } from '../../results';
import { isRecord, setOwn } from '../../values';

/**
 * An AG-UI content part as the kit's media renderer reads parts: `{ type: 'image' | 'file', mediaType,
 * data }` (base64) or `{ ..., url }`. AG-UI nests the bytes in `source: { type: 'data' | 'url' | 'file',
 * value, mimeType }`; a provider file id has no bytes and keeps only its name.
 */
function mediaPart(part: Record<string, unknown>): Record<string, unknown> {
  const source = isRecord(part.source) ? part.source : {};
  const out: Record<string, unknown> = { type: part.type === 'image' ? 'image' : 'file' };
  if (typeof source.mimeType === 'string') out.mediaType = source.mimeType;
  if (typeof source.value === 'string') {
    if (source.type === 'data') out.data = source.value;
    else if (source.type === 'url') out.url = source.value;
    else out.filename = source.value;
  }
  if (typeof part.id === 'string') out.id = part.id;
  return out;
}

/** What a tool result's `content` gives a step: the text the model read, and media details when there are parts besides text. */
export function agUiContent(content: unknown): { result: unknown; details?: MediaDetails } {
  if (!Array.isArray(content)) return { result: content };
  const texts: string[] = [];
  const parts: unknown[] = [];
  let media = false;
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') {
      texts.push(part.text);
      parts.push({ type: 'text', text: part.text });
    } else {
      media = true;
      parts.push(mediaPart(part));
    }
  }
  const result = texts.join('\n');
  return media ? { result, details: { kind: 'media', parts } } : { result };
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Path segments that name a prototype rather than data: a patch never walks or writes through them. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** What `applyPatch` made: the patched copy, or why the patch does not apply (the document is left as it was). */
export type Patched = { ok: true; doc: unknown } | { ok: false; reason: string };

/**
 * Applies RFC 6902 `add`, `replace` and `remove` operations (what patch generators emit) to a copy of
 * `doc`. The producer chooses the keys, so the walk reads and writes own properties only and refuses a
 * `__proto__`, `constructor` or `prototype` segment: a patch cannot reach `Object.prototype` (nor a
 * built-in such as `toString` that every object inherits). Another operation, a path to nothing or a
 * refused segment makes the whole patch not apply, with the reason.
 */
export function applyPatch(doc: unknown, ops: readonly unknown[]): Patched {
  let root: unknown = structuredClone(doc);
  const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => isRecord(v) || Array.isArray(v);
  const own = (parent: Record<string, unknown> | unknown[], key: string): boolean =>
    Array.isArray(parent) ? /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < parent.length : Object.hasOwn(parent, key);
  const locate = (path: string): { parent: Record<string, unknown> | unknown[]; key: string } | string => {
    if (!path.startsWith('/')) return `the path "${path}" does not start with "/"`;
    const tokens = path.split('/').slice(1).map(unescapeToken);
    const forbidden = tokens.find((token) => FORBIDDEN.has(token));
    if (forbidden !== undefined)
      return `the path "${path}" has a "${forbidden}" segment, which names a prototype: refused`;
    let parent: unknown = root;
    for (const token of tokens.slice(0, -1)) {
      if (!isContainer(parent) || !own(parent, token)) return `the path "${path}" leads to nothing`;
      parent = (parent as Record<string, unknown>)[token];
    }
    return isContainer(parent)
      ? { parent, key: tokens[tokens.length - 1] as string }
      : `the path "${path}" leads to nothing`;
  };
  const write = (path: string, value: unknown, insert: boolean): string | undefined => {
    if (path === '') {
      root = value;
      return undefined;
    }
    const at = locate(path);
    if (typeof at === 'string') return at;
    if (Array.isArray(at.parent)) {
      const index = at.key === '-' && insert ? at.parent.length : /^(?:0|[1-9]\d*)$/.test(at.key) ? Number(at.key) : -1;
      if (index < 0 || index > at.parent.length - (insert ? 0 : 1))
        return `the path "${path}" is not an index of its array`;
      at.parent.splice(index, insert ? 0 : 1, value);
      return undefined;
    }
    if (!insert && !Object.hasOwn(at.parent, at.key)) return `the path "${path}" names nothing to replace`;
    setOwn(at.parent, at.key, value);
    return undefined;
  };
  const remove = (path: string): string | undefined => {
    const at = path === '' ? 'the whole document cannot be removed' : locate(path);
    if (typeof at === 'string') return at;
    if (!own(at.parent, at.key)) return `the path "${path}" names nothing to remove`;
    if (Array.isArray(at.parent)) at.parent.splice(Number(at.key), 1);
    else delete at.parent[at.key];
    return undefined;
  };
  for (const op of ops) {
    if (!isRecord(op) || typeof op.path !== 'string') return { ok: false, reason: 'an operation without a "path"' };
    let failed: string | undefined;
    switch (op.op) {
      case 'add':
        failed = write(op.path, structuredClone(op.value), true);
        break;
      case 'replace':
        failed = write(op.path, structuredClone(op.value), false);
        break;
      case 'remove':
        failed = remove(op.path);
        break;
      default:
        failed = `the operation ${JSON.stringify(typeof op.op === 'string' ? op.op : typeof op.op)} is not read`;
    }
    if (failed !== undefined) return { ok: false, reason: failed };
  }
  return { ok: true, doc: root };
}
