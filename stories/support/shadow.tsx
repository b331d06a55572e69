/**
 * Renders its children inside an open shadow root. The document's stylesheets (the preview imports
 * the kit's theme globally) do not reach into a shadow root, so this shows the kit exactly as it is
 * without `tool-steps/styles.css`: the unstyled contract.
 */
import { type ReactNode, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';

/** Props of `ShadowScope`. */
export interface ShadowScopeProps {
  children: ReactNode;
  /** CSS to put inside the shadow root (none by default). */
  css?: string;
}

/** A `<div data-shadow-host>` whose open shadow root holds `children`. */
export function ShadowScope({ children, css }: ShadowScopeProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const attach = useCallback((host: HTMLDivElement | null) => {
    // a ref callback may run twice (StrictMode); a host keeps the shadow root it was given
    if (host) setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={attach} data-shadow-host="">
      {root
        ? createPortal(
            <>
              {css ? <style>{css}</style> : null}
              {children}
            </>,
            root,
          )
        : null}
    </div>
  );
}
