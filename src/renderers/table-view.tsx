'use client';

import { type UIEvent, useMemo, useState } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { CopyButton } from './copy';
import { detailsValue } from './detect';
import { JsonTree } from './json-tree';
import { type TableCell, type TableInput, toTableInput } from './normalize';
import type { DetailsRendererProps } from './types';
import { SCROLL_STYLE, windowRange } from './window';

/** Rows shown before "Show all N rows". */
export const TABLE_FIRST_ROWS = 50;
/** Past this many rows, "show all" windows the rows instead of rendering them all. */
export const TABLE_WINDOW_FROM = 200;
/** Height of a table row, in CSS pixels; `renderers.css` uses the same value. */
export const TABLE_ROW_HEIGHT = 28;

function cellText(value: TableCell): string {
  if (value === null) return 'null';
  if (value === undefined) return '';
  return String(value);
}

function isNumeric(input: TableInput, column: string): boolean {
  let seen = false;
  for (const row of input.rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number') return false;
    seen = true;
  }
  return seen;
}

function toTsv(input: TableInput): string {
  const clean = (s: string) => s.replace(/[\t\n\r]/g, ' ');
  return [
    input.columns.map(clean).join('\t'),
    ...input.rows.map((row) => input.columns.map((c) => clean(cellText(row[c]))).join('\t')),
  ].join('\n');
}

/**
 * An array of flat records as a table: headers from the keys (first-seen order), numeric columns right
 * aligned, the first `TABLE_FIRST_ROWS` rows and a "Show all N rows" button; past `TABLE_WINDOW_FROM` rows
 * the full table is windowed. Copy gives tab-separated values. A value that is not a table is shown as a
 * JSON tree.
 * Renders `<div data-slot="tool-step-table-view" data-renderer="table">` holding a `<table>`; number cells carry
 * `data-align="end"`.
 */
export function TableView(props: DetailsRendererProps) {
  const input = useMemo(() => toTableInput(detailsValue(props.details)), [props.details]);
  const numeric = useMemo(() => new Set(input ? input.columns.filter((c) => isNumeric(input, c)) : []), [input]);
  const [all, setAll] = useState(false);
  const [scroll, setScroll] = useState({ top: 0, height: 0 });
  const labels = useToolStepsLabels();
  const words = labels.views;
  if (!input) return <JsonTree {...props} />;
  const total = input.rows.length;
  const windowed = all && total > TABLE_WINDOW_FROM;
  const { start, end } = windowed
    ? windowRange(total, scroll.top, scroll.height, TABLE_ROW_HEIGHT)
    : { start: 0, end: all ? total : Math.min(total, TABLE_FIRST_ROWS) };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    setScroll({ top: el.scrollTop, height: el.clientHeight });
  };
  const colSpan = Math.max(1, input.columns.length);
  return (
    <div data-slot="tool-step-table-view" className="tool-step-table-view" data-renderer="table">
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.rows(total)}, {words.columns(input.columns.length)}
        </span>
        <CopyButton text={() => toTsv(input)} label={labels.copy.table} />
      </div>
      {/* a group, not a region landmark: landmarks must be unique and many steps may show a table */}
      {/* biome-ignore lint/a11y/useSemanticElements: a scroll container, not a fieldset */}
      <div
        data-slot="tool-step-table-scroll"
        className="tool-step-table-scroll"
        role="group"
        aria-label={words.table(total)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
        tabIndex={0}
        data-windowed={windowed ? '' : undefined}
        onScroll={windowed ? onScroll : undefined}
        style={SCROLL_STYLE}
      >
        <table>
          <thead>
            <tr>
              {input.columns.map((column) => (
                <th key={column} scope="col" data-align={numeric.has(column) ? 'end' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {start > 0 ? (
              <tr
                data-slot="tool-step-table-spacer"
                className="tool-step-table-spacer"
                aria-hidden
                style={{ height: start * TABLE_ROW_HEIGHT }}
              >
                <td colSpan={colSpan} />
              </tr>
            ) : null}
            {input.rows.slice(start, end).map((row, k) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: the row's index in the table is its identity
                key={start + k}
                data-slot="tool-step-table-row"
                className="tool-step-table-row"
                style={windowed ? { height: TABLE_ROW_HEIGHT } : undefined}
              >
                {input.columns.map((column) => {
                  const value = row[column];
                  return (
                    <td
                      key={column}
                      data-align={numeric.has(column) ? 'end' : undefined}
                      data-type={value === null ? 'null' : typeof value}
                    >
                      {cellText(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
            {windowed && end < total ? (
              <tr
                data-slot="tool-step-table-spacer"
                className="tool-step-table-spacer"
                aria-hidden
                style={{ height: (total - end) * TABLE_ROW_HEIGHT }}
              >
                <td colSpan={colSpan} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {total > TABLE_FIRST_ROWS ? (
        <button
          type="button"
          data-slot="tool-step-renderer-expander"
          className="tool-step-renderer-expander"
          aria-expanded={all}
          onClick={() => setAll((v) => !v)}
        >
          {all ? words.showFirstRows(TABLE_FIRST_ROWS) : words.showAllRows(total)}
        </button>
      ) : null}
    </div>
  );
}

export default TableView;
