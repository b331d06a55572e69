/**
 * The frame queue every store shares by default: one animation-frame callback flushes the stores with
 * something to tell, in the order they asked, so React renders the lists that changed in one commit. A
 * frame runs only as many flushes as fit its budget, from what the frames before it cost; the rest keep
 * their place for the next frame. A page of a few lists flushes them all at once; a page of a thousand
 * streaming lists keeps painting instead of freezing for one commit of every list.
 */

/** What a frame queue needs from the page: injectable, so a test drives the frames and the clock. */
export interface FrameQueueOptions {
  /** Asks for a frame (`requestAnimationFrame` on a page). */
  request: (run: () => void) => void;
  /** The clock the frames are timed by, in ms. */
  now: () => number;
  /** The time from one frame to the next that the queue keeps near while flushes wait, in ms. */
  budgetMs?: number;
  /** How many flushes a frame runs before any frame has been timed. */
  firstFrame?: number;
}

/**
 * The frame time kept to while flushes wait: a frame of a page with many lists costs about 50 ms of
 * layout and paint whatever it flushes (1,000 lists of 3 rows, Chromium), so a budget near it would
 * flush one list a frame; with this one 1,000 streaming lists catch up as fast as in one commit of all,
 * in frames of 200 ms or less (bench/README.md).
 */
const BUDGET_MS = 100;
/** Flushes of a frame before any is timed: more than a page of lists usually has. */
const FIRST_FRAME = 32;

/** Tells the page of an error without stopping the flushes after it (a browser logs it as uncaught). */
function report(error: unknown): void {
  if (typeof reportError === 'function') reportError(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

/**
 * A queue of flushes run on frames: `schedule(flush)` runs `flush` on a coming frame, each flush once
 * per call, first asked first run. A frame that leaves flushes waiting asks for the next at once, and
 * the time until that one comes is what the frame cost in all (its listeners, React's commit, the
 * browser's layout and paint): over the budget, the next frame runs as many flushes as that cost
 * says fit it; within it, half as many again.
 */
export function createFrameQueue(options: FrameQueueOptions): (flush: () => void) => void {
  const budget = options.budgetMs ?? BUDGET_MS;
  let queue: (() => void)[] = [];
  let asked = false;
  /** How many flushes the next frame runs. */
  let allowed = options.firstFrame ?? FIRST_FRAME;
  /** The last frame, while it left flushes waiting: when it began and how many it ran. */
  let backlog: { began: number; ran: number } | undefined;

  const run = () => {
    asked = false;
    const began = options.now();
    if (backlog) {
      const cost = began - backlog.began;
      // over the budget, as many as that cost says fit it (a frame has a cost of its own, layout and
      // paint, so this errs low); within it, half as many again as ran, never fewer than allowed (a
      // frame that ran few, as a listener's late flush, says nothing against a larger one)
      allowed =
        cost > budget
          ? Math.max(1, Math.floor((backlog.ran * budget) / cost))
          : Math.max(allowed, Math.ceil(backlog.ran * 1.5));
    }
    const flushes = queue.length > allowed ? queue.slice(0, allowed) : queue;
    queue = flushes === queue ? [] : queue.slice(allowed);
    for (const flush of flushes) {
      try {
        flush();
      } catch (error) {
        report(error);
      }
    }
    // what was not run, and what its listeners asked for meanwhile, waits for the next frame
    backlog = queue.length > 0 ? { began, ran: flushes.length } : undefined;
    if (queue.length > 0) ask();
  };

  const ask = () => {
    if (asked) return;
    asked = true;
    options.request(run);
  };

  return (flush) => {
    queue.push(flush);
    ask();
  };
}

/** The default schedule of every store: animation frames where there are any, else microtasks. */
export const sharedFrames = createFrameQueue({
  request: (run) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => run());
    else queueMicrotask(run);
  },
  now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
});
