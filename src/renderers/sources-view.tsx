'use client';

import { useMemo } from 'react';
import { detailsValue } from './detect';
import { toSources } from './sources-model';
import type { DetailsRendererProps } from './types';

/** The English words of the sources view; the lead folds them into the kit's labels. */
export const sourcesWords = {
  /** The list's accessible name. */
  list: 'Sources',
  count: (n: number): string => (n === 1 ? '1 source' : `${n.toLocaleString('en-US')} sources`),
  empty: 'No sources.',
  /** Said of a URL that is not a web link (shown as text, never as a link). */
  notLink: 'not a web link',
  /** Read after a link's title by screen readers: the link opens elsewhere. */
  newTab: '(opens in a new tab)',
};

/**
 * Links to the sources a tool read (web search and fetch results): each with its title, its domain and
 * a snippet when there is one. Only `http:` and `https:` URLs are links (`rel="noreferrer noopener"`,
 * a new tab); any other URL is shown as text. The kit never fetches them: no favicons, no previews.
 *
 * Renders `<div data-slot="tool-step-sources-view" data-renderer="sources">` holding
 * `<ol data-slot="tool-step-sources">` of `<li data-slot="tool-step-source">`; a source that is not a web
 * link has `data-refused`.
 */
export function SourcesView({ details }: DetailsRendererProps) {
  const sources = useMemo(() => toSources(detailsValue(details)), [details]);
  return (
    <div data-slot="tool-step-sources-view" data-renderer="sources">
      <div data-slot="tool-step-renderer-toolbar">
        <span data-slot="tool-step-renderer-summary">{sourcesWords.count(sources.length)}</span>
      </div>
      {sources.length === 0 ? (
        <p data-slot="tool-step-renderer-note">{sourcesWords.empty}</p>
      ) : (
        <ol data-slot="tool-step-sources" aria-label={sourcesWords.list}>
          {sources.map((source, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may be listed twice; the list never reorders
              key={index}
              data-slot="tool-step-source"
              data-refused={source.href ? undefined : ''}
            >
              {source.href ? (
                <a data-slot="tool-step-source-link" href={source.href} target="_blank" rel="noreferrer noopener">
                  <span data-slot="tool-step-source-title">{source.title ?? source.domain ?? source.url}</span>
                  <span data-slot="tool-step-sr-only"> {sourcesWords.newTab}</span>
                </a>
              ) : (
                <span data-slot="tool-step-source-title">{source.title ?? source.url}</span>
              )}
              {source.domain ? (
                <span data-slot="tool-step-source-domain">{source.domain}</span>
              ) : (
                <span data-slot="tool-step-source-url">
                  {source.title ? `${source.url} ` : ''}({sourcesWords.notLink})
                </span>
              )}
              {source.snippet ? <p data-slot="tool-step-source-snippet">{source.snippet}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default SourcesView;
