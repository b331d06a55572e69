/**
 * Resolves in a task after the next frame has painted (a task right away where there are no frames, as
 * in jsdom without them, or in a tab the browser does not draw). Work started from a click's effect
 * without waiting would delay that click's frame; background work that waits for it between slices lets
 * the browser draw a frame between two. Shared by the diff view, the highlighter and large-text screening.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
    else next();
  });
