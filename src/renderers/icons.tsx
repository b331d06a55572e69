/**
 * Small icons used many times per block (a copy button per JSON value, a chevron per node). They are
 * hoisted elements rather than icon components: hundreds of them render in one commit, and a plain
 * element costs React nothing beyond creating the DOM.
 */
const base = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** Two overlapping sheets. */
export const copyIcon = (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button carries the name
  <svg {...base} data-icon="copy">
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-1a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h1" />
  </svg>
);

/** A tick. */
export const checkIcon = (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button carries the name
  <svg {...base} data-icon="check">
    <path d="M3 8.5l3 3 7-7" />
  </svg>
);

/** Pointing right (closed). */
export const chevronRightIcon = (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button carries the name
  <svg {...base} width={12} height={12} data-icon="chevron-right">
    <path d="M6 3.5l4.5 4.5L6 12.5" />
  </svg>
);

/** Pointing down (open). */
export const chevronDownIcon = (
  // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden); the button carries the name
  <svg {...base} width={12} height={12} data-icon="chevron-down">
    <path d="M3.5 6l4.5 4.5L12.5 6" />
  </svg>
);
