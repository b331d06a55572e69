'use client';

import { type ComponentPropsWithoutRef, useEffect, useRef, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { slotClass } from '../internal/slot-class';
import { checkIcon, copyIcon } from './icons';

/**
 * Puts text on the clipboard: `navigator.clipboard.writeText` where the page may use it, else a hidden
 * textarea and `document.execCommand('copy')` (plain-HTTP pages, older embedded webviews).
 * Resolves `true` when one of them reported success.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or not a secure context: fall through to the textarea
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Props of `CopyButton`. */
export interface CopyButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'children'> {
  /** The text to copy, or a function that builds it when clicked (for large values). */
  text: string | (() => string);
  /** What is copied, for the accessible name: `labels.copy.copyWhat(label)`, "Copy {label}". @default labels.copy.text */
  label?: string;
  /** How long "Copied" stays, in milliseconds. @default 2000 */
  resetAfterMs?: number;
  /** Icon only (the words stay for screen readers); the icon turns into a check when copied. @default false */
  compact?: boolean;
}

/**
 * A button that copies text and says so: its label turns to "Copied" (or "Copy failed") for a moment,
 * announced through a polite live region (live only then: a region that appeared saying "Copy" would be
 * read with every row that draws one). The text is copied as the caller gives it: the parts pass what
 * they show (screened, or revealed when the person revealed it).
 * Renders `<button data-slot="tool-step-copy">` with `data-state="idle" | "copied" | "failed"`.
 */
export function CopyButton({ text, label, resetAfterMs = 2000, compact = false, ...rest }: CopyButtonProps) {
  const words = useToolStepsLabels().copy;
  const what = words.copyWhat(label ?? words.text);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = async () => {
    const ok = await copyText(typeof text === 'function' ? text() : text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), resetAfterMs);
  };
  const shown = state === 'copied' ? words.copied : state === 'failed' ? words.failed : words.copy;
  return (
    <button
      type="button"
      data-slot="tool-step-copy"
      data-state={state}
      data-compact={compact ? '' : undefined}
      title={compact ? what : undefined}
      aria-label={state === 'idle' ? what : undefined}
      onClick={onClick}
      {...rest}
      className={slotClass('tool-step-copy', rest.className)}
    >
      {state === 'copied' ? checkIcon : copyIcon}
      <span
        aria-live={state === 'idle' ? undefined : 'polite'}
        data-slot={compact ? 'tool-step-sr-only' : undefined}
        className={compact ? 'tool-step-sr-only' : undefined}
      >
        {shown}
      </span>
    </button>
  );
}
