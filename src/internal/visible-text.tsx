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
export function screenLine(text: string, redactor: Redactor | undefined): string {
  if (typeof text !== 'string') return '';
  return visibleText(redactor ? redactor(text).text : text);
}

/**
 * Wire text as drawn inside a part: masked and made visible, and isolated in `<bdi>` so that it
 * cannot reorder the text around it, also without a stylesheet.
 */
export function WireText({ text }: { text: string }) {
  const redactor = useRedactor();
  return <bdi>{screenLine(text, redactor)}</bdi>;
}

/** A multi-line value as the renderers draw it: every string masked and made visible (lines kept). */
export function screenValue(value: unknown, redactor: Redactor | undefined): { value: unknown; count: number } {
  return redactValue(value, redactor, (text) => visibleText(text, { keepLines: true }));
}

/** `screenValue` for a block, with its secrets shown when `revealed`. */
export function useScreenValue(value: unknown, revealed: boolean): { value: unknown; count: number } {
  const redactor = useRedactor();
  return useMemo(() => {
    const masked = screenValue(value, redactor);
    if (!revealed || masked.count === 0) return masked;
    return { value: screenValue(value, undefined).value, count: masked.count };
  }, [value, redactor, revealed]);
}
