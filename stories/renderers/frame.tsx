/** A story frame: a themed wrapper (`data-theme`) with the kit's theme loaded (its tokens and the renderer styles). */
import type { ReactNode } from 'react';
import '../../src/styles.css';

/** Props of `Frame`. */
export interface FrameProps {
  children: ReactNode;
  /** @default 'light' */
  theme?: 'light' | 'dark';
  /** A caption above the example, for state matrices. */
  title?: string;
}

/** Wraps one example in a themed, width-limited box. */
export function Frame({ children, theme = 'light', title }: FrameProps) {
  return (
    <section
      data-theme={theme}
      aria-label={title}
      style={{
        maxWidth: 860,
        padding: 12,
        marginBottom: 12,
        background: theme === 'dark' ? '#0d1117' : '#ffffff',
        color: theme === 'dark' ? '#e6edf3' : '#1f2328',
        fontFamily: 'system-ui, sans-serif',
        borderRadius: 8,
      }}
    >
      {title ? <h3 style={{ margin: '0 0 8px', fontSize: 13 }}>{title}</h3> : null}
      {children}
    </section>
  );
}
