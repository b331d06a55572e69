'use client';

import { useContext, useMemo } from 'react';
import { ToolStepsOptionsContext } from '../components/context';
import { createRedactor, type RedactOption, type Redactor, redactValue } from '../core/redact';
import { visibleText } from '../core/visible-text';

export { visibleText };

const redactors = new WeakMap<object, Redactor | undefined>();
const builtin = createRedactor(true);

/** The redactor of a `redact` option, one per option value (the built-in one for `true` / none). */
export function redactorOf(option: RedactOption | undefined): Redactor | undefined {
  if (option === undefined || option === true) return builtin;
  if (option === false) return undefined;
  let redactor = redactors.get(option);
  if (!redactors.has(option)) {
    redactor = createRedactor(option);
    redactors.set(option, redactor);
  }
  return redactor;
}

/** The list's redactor (`redact` option); the built-in one outside a list. */
export function useRedactor(): Redactor | undefined {
  return redactorOf(useContext(ToolStepsOptionsContext).redact);
}

/** One line of wire text as drawn: secrets masked, then bidi, zero-width and tag characters shown. */
export function screenLine(text: string, redactor: Redactor | undefined, keepLines = false): string {
  if (typeof text !== 'string') return '';
  return visibleText(redactor ? redactor(text).text : text, { keepLines });
}

/**
 * Wire text as drawn inside a part: masked and made visible, and isolated in `<bdi>` so that it
 * cannot reorder the text around it, also without a stylesheet.
 */
export function WireText({ text, lines = false }: { text: string; lines?: boolean }) {
  const redactor = useRedactor();
  return <bdi>{screenLine(text, redactor, lines)}</bdi>;
}

/**
 * A multi-line value as the renderers draw it: every string (and key) masked and made visible, lines
 * kept; ESC kept only for terminal output, whose renderer reads the escapes and removes the rest.
 */
export function screenValue(
  value: unknown,
  redactor: Redactor | undefined,
  terminal = false,
): { value: unknown; count: number } {
  const options = { keepLines: true, keepEscape: terminal };
  return redactValue(value, redactor, (text) => visibleText(text, options));
}

/** `screenValue` for a block, with its secrets shown when `revealed`. */
export function useScreenValue(value: unknown, revealed: boolean, terminal = false): { value: unknown; count: number } {
  const redactor = useRedactor();
  return useMemo(() => {
    const masked = screenValue(value, redactor, terminal);
    if (!revealed || masked.count === 0) return masked;
    return { value: screenValue(value, undefined, terminal).value, count: masked.count };
  }, [value, redactor, revealed, terminal]);
}
