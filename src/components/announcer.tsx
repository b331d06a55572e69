'use client';

import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  forwardRef,
  memo,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { Step, StepStore, StepsState } from 'tool-steps/core';
import type { ToolStepsLabels } from 'tool-steps/presentation';
import { useToolStepsLabels, useToolStepsOptions } from '../internal/context';
import { drawPart, type RenderProp } from '../internal/render';
import { redactorOf, screenName, useRedactor } from '../internal/visible-text';
import { presentStep } from '../presentation';
import { errorText, reasonText } from '../presentation/labels';
import { isStoppedRun, outcomeOf } from '../presentation/outcome';
import type { Redactor } from '../presentation/redact';
import { ListSharedContext } from './tool-steps/shared';

/** The types of `ToolStepsAnnouncer`. */
export declare namespace ToolStepsAnnouncer {
  /** Props of `ToolStepsAnnouncer`. */
  interface Props extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
    /** The run to follow: a store, or a `state` prop; inside a `ToolStepsRoot`, the root's by default. */
    store?: StepStore;
    state?: StepsState;
    /** Milliseconds of quiet before what happened is said (at most 4× this after the first change). @default 500 */
    delay?: number;
    /** Swaps the outer element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsAnnouncer.State>;
  }

  /** What a `render` function of `ToolStepsAnnouncer` receives besides the props. */
  interface State {
    /** What the polite and the assertive region say now. */
    polite: string;
    assertive: string;
  }
}

// Visually hidden, never hidden from screen readers; inline, so it holds without the theme.
const hidden: CSSProperties = {
  position: 'absolute',
  // at the top of its containing block, not at its place after the list: in a scrolling panel that is not
  // positioned, that place is the list's height down the page, which then grew as tall as the list
  top: 0,
  width: 1,
  height: 1,
  // no negative margin: right to left, it pushed the page 1 px wider
  margin: 0,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * What a transition into `step`'s status says, as its row shows it (`outcomeOf`: a success that exited 1
 * is said as a failure, "Run command failed: Exit 1"; with `stopped`, the run the person stopped, an
 * interrupted call "was stopped"); `undefined` for the ones not announced (running, progress). Its wire
 * text (label, detail, error code) is screened with `redactor` (the built-in patterns by default): masked
 * before the detail is cut to 80 characters.
 */
export function announcementOf(
  step: Step,
  labels: ToolStepsLabels,
  tools?: Parameters<typeof presentStep>[1],
  stopped = false,
  redactor: Redactor | undefined = redactorOf(undefined),
): string | undefined {
  const say = labels.announce;
  const outcome = outcomeOf(step, { stopped });
  const status = outcome.status;
  const pick =
    status === 'succeeded'
      ? say.succeeded
      : status === 'failed'
        ? say.failed
        : status === 'awaiting-approval'
          ? say.awaitingApproval
          : status === 'denied'
            ? say.denied
            : status === 'cancelled'
              ? say.cancelled
              : status === 'interrupted'
                ? say.interrupted
                : status === 'stopped'
                  ? say.stopped
                  : undefined;
  if (!pick) return undefined;
  // The label in its base form ("Edit file"), whatever the status's tense.
  const { label, detailTitle, detail } = presentStep({ ...step, status: undefined }, tools, labels.tools);
  const named: { label: string; detail?: string; code?: string } = { label: screenName(label, redactor) };
  const shown = screenName(detailTitle ?? detail, redactor, 80);
  if (shown) named.detail = shown;
  if (step.status === 'failed' && step.error?.code) named.code = screenName(step.error.code, redactor);
  else if (outcome.exitCode !== undefined) named.code = labels.outcome.exit(outcome.exitCode);
  return pick(named);
}

/**
 * What the run's end says, when it changed: its error (assertive, as the line after the list shows it:
 * code and message, masked), or why it was interrupted (polite; a stop by the person is said by its
 * steps, "was stopped").
 */
function runTransition(
  before: StepsState['run'],
  after: StepsState['run'],
  labels: ToolStepsLabels,
  redactor: Redactor | undefined,
  out: { polite: string[]; assertive: string[] },
): void {
  if (before === after) return;
  const error = after.error;
  if (error) {
    if (before.error && before.error.message === error.message && before.error.code === error.code) return;
    const written = errorText(labels, error);
    const code = written.code ? screenName(written.code, redactor) : '';
    const message = screenName(written.message, redactor);
    out.assertive.push(code && message ? `${code} ${message}` : code || message);
    return;
  }
  if (after.status !== 'interrupted' || isStoppedRun(after)) return;
  const reason = reasonText(labels, after.reasonCode, after.reason);
  if (reason === '') return;
  if (before.status === 'interrupted' && reasonText(labels, before.reasonCode, before.reason) === reason) return;
  out.polite.push(labels.interrupted(screenName(reason, redactor)));
}

/** The transitions between two states, in order: polite ones and failures apart. */
function transitions(
  before: StepsState,
  after: StepsState,
  labels: ToolStepsLabels,
  tools: Parameters<typeof presentStep>[1],
  redactor: Redactor | undefined,
): { polite: string[]; assertive: string[] } {
  const out = { polite: [] as string[], assertive: [] as string[] };
  if (before.byId === after.byId) {
    runTransition(before.run, after.run, labels, redactor, out);
    return out;
  }
  const stopped = isStoppedRun(after.run);
  for (const id of after.ids) {
    const step = after.byId[id];
    const old = Object.hasOwn(before.byId, id) ? before.byId[id] : undefined;
    if (!step || old?.status === step.status) continue;
    const text = announcementOf(step, labels, tools, stopped, redactor);
    if (text) (outcomeOf(step).status === 'failed' ? out.assertive : out.polite).push(text);
  }
  runTransition(before.run, after.run, labels, redactor, out);
  return out;
}

interface Said {
  text: string;
  /** Counts sayings, so the same words said twice still change the region. */
  n: number;
}

/**
 * Tells screen readers what the steps did, in words: "Edit file src/a.ts finished", "Run command is
 * waiting for your approval" in one polite live region, "Run command failed: TOOL_TIMEOUT" (or "Run
 * command failed: Exit 1", a success on the wire whose result exited 1) in an assertive one. Only status transitions are said (never a token, an argument delta or a progress
 * update), collected for `delay` ms of quiet and said together; the steps already there when it
 * mounts are not. `<ToolSteps>` draws one per list; inside a `ToolStepsRoot` it follows the root's run.
 *
 * Renders a visually hidden `<div data-slot="tool-steps-announcer">` holding
 * `<div role="status" aria-live="polite" data-slot="tool-steps-announcer-polite">` and
 * `<div role="alert" aria-live="assertive" data-slot="tool-steps-announcer-assertive">`.
 */
export const ToolStepsAnnouncer = memo(
  forwardRef<HTMLDivElement, ToolStepsAnnouncer.Props>(function ToolStepsAnnouncer(
    { store: given, state, delay = 500, render, ...props },
    ref,
  ) {
    const shared = useContext(ListSharedContext);
    const store = given ?? (state ? undefined : shared?.source);
    const labels = useToolStepsLabels();
    const { tools } = useToolStepsOptions();
    const [polite, setPolite] = useState<Said>({ text: '', n: 0 });
    const [assertive, setAssertive] = useState<Said>({ text: '', n: 0 });
    const redactor = useRedactor();
    const latest = useRef({ labels, tools, delay, redactor });
    useEffect(() => {
      latest.current = { labels, tools, delay, redactor };
    }, [labels, tools, delay, redactor]);
    const machine = useRef<{
      previous: StepsState | undefined;
      polite: string[];
      assertive: string[];
      timer: ReturnType<typeof setTimeout> | undefined;
      first: number;
    }>({ previous: undefined, polite: [], assertive: [], timer: undefined, first: 0 });

    // One function that sees each new state: stable, reads the latest words through the ref.
    const observe = useRef((next: StepsState) => {
      const m = machine.current;
      const before = m.previous;
      m.previous = next;
      if (!before || before === next) return;
      const { labels: words, tools: own, delay: wait, redactor: mask } = latest.current;
      const found = transitions(before, next, words, own, mask);
      if (!found.polite.length && !found.assertive.length) return;
      m.polite.push(...found.polite);
      m.assertive.push(...found.assertive);
      const now = Date.now();
      if (m.timer === undefined) m.first = now;
      else clearTimeout(m.timer);
      const flush = () => {
        m.timer = undefined;
        const say = (lines: string[], set: typeof setPolite) => {
          if (!lines.length) return;
          const text = lines.join('. ');
          lines.length = 0;
          set((old) => ({ text, n: old.n + 1 }));
        };
        say(m.polite, setPolite);
        say(m.assertive, setAssertive);
      };
      m.timer = setTimeout(flush, Math.max(0, Math.min(wait, m.first + wait * 4 - now)));
    }).current;

    useEffect(() => {
      if (!store) return;
      machine.current.previous = store.getSnapshot();
      return store.subscribe(() => observe(store.getSnapshot()));
    }, [store, observe]);
    useEffect(() => {
      if (state) observe(state);
    }, [state, observe]);
    useEffect(
      () => () => {
        const m = machine.current;
        if (m.timer !== undefined) clearTimeout(m.timer);
      },
      [],
    );
    // The same words said again: a no-break space makes the region change, so it is read again.
    const text = (said: Said) => (said.text && said.n % 2 === 0 ? `${said.text}\u00a0` : said.text);
    const said = { polite: text(polite), assertive: text(assertive) };
    return drawPart(
      'div',
      render,
      {
        'data-slot': 'tool-steps-announcer',
        style: hidden,
        children: (
          <>
            <div
              role="status"
              aria-live="polite"
              aria-atomic="true"
              data-slot="tool-steps-announcer-polite"
              className="tool-steps-announcer-polite"
            >
              {said.polite}
            </div>
            <div
              role="alert"
              aria-live="assertive"
              aria-atomic="true"
              data-slot="tool-steps-announcer-assertive"
              className="tool-steps-announcer-assertive"
            >
              {said.assertive}
            </div>
          </>
        ),
      },
      props,
      ref,
      said,
    );
  }),
);
ToolStepsAnnouncer.displayName = 'ToolStepsAnnouncer';
