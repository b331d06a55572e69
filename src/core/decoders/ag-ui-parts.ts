/**
 * AG-UI content and JSON Patch helpers for the AG-UI decoder: tool result content (a string or
 * `ContentPart[]`, PROTOCOLS-MORE.md 1.3) to what the model read and a media details block, and the
 * RFC 6902 subset `ACTIVITY_DELTA` uses.
 */
import type { MediaDetails } from '../results';
import { isRecord } from './types';

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

/**
 * Applies RFC 6902 `add`, `replace` and `remove` operations (what patch generators emit) to a copy of
 * `doc`; `undefined` when an operation does not apply or is another one (the document is left as it was).
 */
export function applyPatch(doc: unknown, ops: readonly unknown[]): unknown {
  let root: unknown = structuredClone(doc);
  const locate = (path: string): { parent: unknown; key: string } | undefined => {
    if (path === '') return undefined;
    const tokens = path.split('/').slice(1).map(unescapeToken);
    let parent: unknown = root;
    for (const token of tokens.slice(0, -1)) {
      if (!isRecord(parent) && !Array.isArray(parent)) return undefined;
      parent = (parent as Record<string, unknown>)[token];
    }
    return isRecord(parent) || Array.isArray(parent) ? { parent, key: tokens[tokens.length - 1] as string } : undefined;
  };
  const write = (path: string, value: unknown, insert: boolean): boolean => {
    if (path === '') {
      root = value;
      return true;
    }
    const at = locate(path);
    if (!at) return false;
    if (Array.isArray(at.parent)) {
      const index = at.key === '-' ? at.parent.length : Number(at.key);
      if (!Number.isInteger(index) || index < 0 || index > at.parent.length) return false;
      at.parent.splice(index, insert ? 0 : 1, value);
    } else (at.parent as Record<string, unknown>)[at.key] = value;
    return true;
  };
  const remove = (path: string): boolean => {
    const at = locate(path);
    if (!at) return false;
    if (Array.isArray(at.parent)) at.parent.splice(Number(at.key), 1);
    else delete (at.parent as Record<string, unknown>)[at.key];
    return true;
  };
  for (const op of ops) {
    if (!isRecord(op) || typeof op.path !== 'string') return undefined;
    let ok: boolean;
    switch (op.op) {
      case 'add':
        ok = write(op.path, structuredClone(op.value), true);
        break;
      case 'replace':
        ok = write(op.path, structuredClone(op.value), false);
        break;
      case 'remove':
        ok = remove(op.path);
        break;
      default:
        ok = false;
    }
    if (!ok) return undefined;
  }
  return root;
}
