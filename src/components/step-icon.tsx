'use client';

import {
  Component,
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from 'react';
import type { Step } from 'tool-steps/core';
import { warnOnce } from '../core/warn';
import type { ToolIconComponent, ToolIconMap } from '../internal/context';
import { ToolStepContext, type ToolsConfig, useToolStepsOptions } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { isIconSrc } from '../wires/icon-src';
import { FALLBACK, resolveIcon } from './icon-table';
import { usePresentation } from './use-presentation';

/** The lazily loaded built-in icons (`icons-lazy.ts`), once their chunk has loaded. */
let lazyIcons: Readonly<Record<string, ToolIconComponent>> | undefined;
let lazyLoading: Promise<void> | undefined;

/** Loads the lazy built-in icons once; a failed load may be tried again. Not public: the jsdom tests' setup awaits it. */
export function loadLazyIcons(): Promise<void> {
  lazyLoading ??= import('./icons-lazy').then(
    (module) => {
      lazyIcons = module.lazyIcons;
    },
    (error: unknown) => {
      lazyLoading = undefined;
      throw error;
    },
  );
  return lazyLoading;
}

/** The types of `ToolStepIcon`. */
export declare namespace ToolStepIcon {
  /** What a `render` function of `ToolStepIcon` receives besides the props. */
  interface State {
    step: Step | undefined;
    /** The icon name drawn (`wrench` when the requested one is unknown or failed; `url` for an image). */
    name: string;
    /** The image drawn, when the icon is an image URL (`isIconSrc`: `https:` or a raster `data:` URL). */
    src?: string;
  }

  /** Props of `ToolStepIcon`. */
  interface Props extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
    /** The step; defaults to the row's. */
    step?: Step;
    /** An icon name to draw instead of the step's. */
    name?: string;
    /** Extra icons by kebab-case name; defaults to the list's `icons`. */
    icons?: ToolIconMap;
    /** Per-tool presentation; defaults to the list's `tools`. */
    tools?: ToolsConfig;
    /** The icon's size in pixels when no stylesheet sizes it. @default 16 */
    size?: number;
    /** Swaps the element: `render={<i />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepIcon.State>;
  }
}

interface IconBoundaryProps {
  name: string;
  onError: (name: string) => void;
  children: ReactNode;
}

/** Contains a host icon component that throws: the generic icon is drawn instead. */
class IconBoundary extends Component<IconBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    warnOnce(`the icon "${this.props.name}" threw (${message}); the generic icon is drawn instead`);
    this.props.onError(this.props.name);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <FALLBACK aria-hidden="true" focusable="false" size={16} />;
  }
}

/**
 * The tool's icon, from the curated Lucide table (or the host's `icons`); an unknown or missing name,
 * or a host icon that throws, draws `wrench`. An icon that is an image URL (an MCP tool's `icons`:
 * `https:`, not SVG, or a raster `data:` image) is drawn as `<img alt="" referrerpolicy="no-referrer">`
 * at `size`; any other URL, or an image that fails to load, draws `wrench`. Decorative: the label says
 * what the step is.
 *
 * Renders `<span data-slot="tool-step-icon" data-icon="<name drawn>" aria-hidden="true">` around the SVG
 * (`data-icon="url"` around an image).
 */
export const ToolStepIcon = forwardRef<HTMLSpanElement, ToolStepIcon.Props>(function ToolStepIcon(
  { step: explicit, name, icons, tools, size = 16, render, ...props },
  ref,
) {
  const options = useToolStepsOptions();
  const row = useContext(ToolStepContext);
  const [broken, setBroken] = useState<string | undefined>();
  const step = explicit ?? row?.step;
  const presentation = usePresentation(explicit, tools);
  const requested = name ?? presentation?.icon;
  const [, setLoaded] = useState(lazyIcons);
  const [unloadable, setUnloadable] = useState(false);
  let { name: drawn, Icon } = resolveIcon(
    isIconSrc(requested) ? undefined : requested,
    icons ?? options.icons,
    lazyIcons,
  );
  if ((broken !== undefined && broken === drawn) || (Icon === null && unloadable)) {
    ({ name: drawn, Icon } = resolveIcon(undefined, undefined, undefined));
  }
  const pending = Icon === null;
  useEffect(() => {
    if (!pending) return;
    let live = true;
    loadLazyIcons().then(
      () => live && setLoaded(lazyIcons),
      () => live && setUnloadable(true),
    );
    return () => {
      live = false;
    };
  }, [pending]);
  if (isIconSrc(requested) && broken !== requested) {
    return drawPart(
      'span',
      render,
      {
        'data-slot': 'tool-step-icon',
        'data-icon': 'url',
        'aria-hidden': 'true',
        children: (
          <img
            key={requested}
            src={requested}
            alt=""
            width={size}
            height={size}
            referrerPolicy="no-referrer"
            decoding="async"
            draggable={false}
            onError={() => setBroken(requested)}
          />
        ),
      },
      props,
      ref,
      { step, name: 'url', src: requested },
    );
  }
  return drawPart(
    'span',
    render,
    {
      'data-slot': 'tool-step-icon',
      'data-icon': drawn,
      'aria-hidden': 'true',
      children: (
        <IconBoundary key={drawn} name={drawn} onError={setBroken}>
          {Icon ? (
            <Icon size={size} aria-hidden="true" focusable="false" />
          ) : (
            // the icon's chunk is loading: an empty box of the icon's size, so nothing shifts when it lands
            <svg width={size} height={size} aria-hidden="true" focusable="false" data-pending="" />
          )}
        </IconBoundary>
      ),
    },
    props,
    ref,
    { step, name: drawn },
  );
});
