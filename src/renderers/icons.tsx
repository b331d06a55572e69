/**
 * Small Lucide icons used many times per block (a copy button per JSON value, a chevron per node),
 * hoisted as elements: hundreds of them render in one commit, and a shared element is created once.
 * `data-icon` names each one for CSS and tests.
 */
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Copy from 'lucide-react/icons/copy';

const base = { 'aria-hidden': true, focusable: false } as const;

/** Two overlapping sheets. */
export const copyIcon = <Copy {...base} size={14} data-icon="copy" />;

/** A tick. */
export const checkIcon = <Check {...base} size={14} data-icon="check" />;

/** Pointing right (closed). */
export const chevronRightIcon = <ChevronRight {...base} size={12} data-icon="chevron-right" />;

/** Pointing down (open). */
export const chevronDownIcon = <ChevronDown {...base} size={12} data-icon="chevron-down" />;
