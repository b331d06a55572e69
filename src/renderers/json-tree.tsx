'use client';

import { type ReactNode, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import type { ViewLabels } from '../presentation/labels';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import { chevronDownIcon, chevronRightIcon } from './icons';
import { toDisplayText } from './normalize';
import type { DetailsRendererProps } from './types';

/** Children of an object or array shown at once; "Show 100 more" reveals the next page. */
export const JSON_PAGE = 100;
/** Strings longer than this are cut, with an expander. */
export const JSON_STRING_MAX = 300;

/** Props of `JsonTree`. */
export interface JsonTreeProps extends DetailsRendererProps {
  /** Objects and arrays at a depth below this start open (the root is depth 0). @default 2 */
  defaultExpandDepth?: number;
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function summary(value: Container, words: ViewLabels): string {
  return Array.isArray(value) ? words.items(value.length) : words.keys(Object.keys(value).length);
}

function leafType(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Date) return 'date';
  return typeof value;
}

function LeafValue({ value }: { value: unknown }) {
  const [all, setAll] = useState(false);
  const words = useToolStepsLabels().views;
  const type = leafType(value);
  if (typeof value === 'string') {
    const long = value.length > JSON_STRING_MAX;
    const text = JSON.stringify(long && !all ? value.slice(0, JSON_STRING_MAX) : value);
    return (
      <>
        <span data-slot="tool-step-json-value" className="tool-step-json-value" data-type="string">
          {long && !all ? `${text.slice(0, -1)}…"` : text}
        </span>
        {long ? (
          <button
            type="button"
            data-slot="tool-step-renderer-expander"
            className="tool-step-renderer-expander"
            aria-expanded={all}
            onClick={() => setAll((v) => !v)}
          >
            {all ? words.showLess : words.showAllCharacters(value.length)}
          </button>
        ) : null}
      </>
    );
  }
  let text: string;
  if (typeof value === 'bigint') text = `${value}n`;
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  else if (typeof value === 'function') text = '[function]';
  else if (typeof value === 'symbol') text = value.toString();
  else text = String(value);
  return (
    <span data-slot="tool-step-json-value" className="tool-step-json-value" data-type={type}>
      {text}
    </span>
  );
}

interface NodeProps {
  name: string | number | undefined;
  value: unknown;
  path: string;
  depth: number;
  openDepth: number;
  ancestors: ReadonlySet<unknown>;
}

function KeyLabel({ name }: { name: string | number | undefined }) {
  if (name === undefined) return null;
  return (
    <>
      <span
        data-slot="tool-step-json-key"
        className="tool-step-json-key"
        data-index={typeof name === 'number' ? '' : undefined}
      >
        {typeof name === 'number' ? name : JSON.stringify(name)}
      </span>
      <span data-slot="tool-step-json-colon" className="tool-step-json-colon">
        :
      </span>
    </>
  );
}

function JsonNode({ name, value, path, depth, openDepth, ancestors }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth);
  const [limit, setLimit] = useState(JSON_PAGE);
  const labels = useToolStepsLabels();
  if (!isContainer(value)) {
    return (
      <li data-slot="tool-step-json-node" className="tool-step-json-node" data-leaf="">
        <KeyLabel name={name} />
        <LeafValue value={value} />
        <CopyButton compact text={() => toDisplayText(value)} label={labels.copy.valueOf(path)} />
      </li>
    );
  }
  if (ancestors.has(value)) {
    return (
      <li data-slot="tool-step-json-node" className="tool-step-json-node" data-leaf="">
        <KeyLabel name={name} />
        <span data-slot="tool-step-json-value" className="tool-step-json-value" data-type="circular">
          [circular reference]
        </span>
      </li>
    );
  }
  const isArray = Array.isArray(value);
  const keys: Array<string | number> = isArray ? value.map((_, i) => i) : Object.keys(value);
  const inner = new Set(ancestors).add(value);
  const children: ReactNode[] = [];
  if (open) {
    for (const key of keys.slice(0, limit)) {
      const child = isArray ? value[key as number] : (value as Record<string, unknown>)[key as string];
      const childPath = isArray
        ? `${path}[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `${path}.${key}`
          : `${path}[${JSON.stringify(key)}]`;
      children.push(
        <JsonNode
          key={key}
          name={key}
          value={child}
          path={childPath}
          depth={depth + 1}
          openDepth={openDepth}
          ancestors={inner}
        />,
      );
    }
  }
  const remaining = keys.length - limit;
  return (
    <li data-slot="tool-step-json-node" className="tool-step-json-node" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        data-slot="tool-step-json-toggle"
        className="tool-step-json-toggle"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? chevronDownIcon : chevronRightIcon}
        <KeyLabel name={name} />
        <span data-slot="tool-step-json-summary" className="tool-step-json-summary">
          {summary(value, labels.views)}
        </span>
      </button>
      <CopyButton compact text={() => toDisplayText(value)} label={labels.copy.valueOf(path)} />
      {open && keys.length > 0 ? (
        <ul data-slot="tool-step-json-children" className="tool-step-json-children">
          {children}
          {remaining > 0 ? (
            <li data-slot="tool-step-json-more" className="tool-step-json-more">
              <button type="button" onClick={() => setLimit((n) => n + JSON_PAGE)}>
                {labels.views.showMore(Math.min(JSON_PAGE, remaining), remaining)}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A collapsible JSON tree: objects and arrays open and close with real buttons (`aria-expanded`, Enter
 * and Space), long arrays and objects show `JSON_PAGE` children at a time ("Show 100 more"), long
 * strings are cut with an expander, and every value has a copy button. Keys and values are text.
 * Renders `<div data-slot="tool-step-json-tree" data-renderer="json">` holding nested `<ul>`s of
 * `<li data-slot="tool-step-json-node">`.
 */
export function JsonTree({ details, defaultExpandDepth = 2 }: JsonTreeProps) {
  const value = detailsValue(details);
  return (
    <div data-slot="tool-step-json-tree" className="tool-step-json-tree" data-renderer="json">
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        <CopyButton text={() => toDisplayText(value)} label="JSON" />
      </div>
      <ul data-slot="tool-step-json-root" className="tool-step-json-root">
        <JsonNode
          name={undefined}
          value={value}
          path="$"
          depth={0}
          openDepth={defaultExpandDepth}
          ancestors={new Set()}
        />
      </ul>
    </div>
  );
}

export default JsonTree;
