'use client';

import { Component, type ContextType, type ReactNode } from 'react';
import { ToolStepsLabelsContext } from './context';

/** Props of `RendererBoundary`. */
export interface RendererBoundaryProps {
  /** When this changes (a new value to draw), a failed renderer is tried again. */
  resetKey: unknown;
  children: ReactNode;
}

const NONE: unique symbol = Symbol('none');

interface RendererBoundaryState {
  error: unknown;
  failedKey: unknown;
  failed: boolean;
}

function messageOf(error: unknown, unknown: string): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : unknown;
}

/**
 * Contains a details renderer that throws: the block shows what went wrong, the row and the list
 * keep working. A renderer is third-party code fed wire data, so it must not take the page down.
 */
export class RendererBoundary extends Component<RendererBoundaryProps, RendererBoundaryState> {
  static override contextType = ToolStepsLabelsContext;
  declare context: ContextType<typeof ToolStepsLabelsContext>;
  override state: RendererBoundaryState = { error: undefined, failedKey: NONE, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<RendererBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: RendererBoundaryProps,
    state: RendererBoundaryState,
  ): Partial<RendererBoundaryState> | null {
    if (!state.failed) return null;
    if (state.failedKey === NONE) return { failedKey: props.resetKey };
    if (!Object.is(props.resetKey, state.failedKey)) return { error: undefined, failed: false, failedKey: NONE };
    return null;
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div data-slot="tool-step-details-fallback" className="tool-step-details-fallback">
        {this.context.views.blockFailed(messageOf(this.state.error, this.context.views.unknownError))}
      </div>
    );
  }
}
