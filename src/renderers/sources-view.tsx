'use client';

import { useMemo } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { detailsValue } from './detect';
import { toSources } from './sources-model';
import type { DetailsRendererProps } from './types';

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
  const words = useToolStepsLabels().views;
  return (
    <div data-slot="tool-step-sources-view" className="tool-step-sources-view" data-renderer="sources">
      <div data-slot="tool-step-renderer-toolbar" className="tool-step-renderer-toolbar">
        <span data-slot="tool-step-renderer-summary" className="tool-step-renderer-summary">
          {words.sourceCount(sources.length)}
        </span>
      </div>
      {sources.length === 0 ? (
        <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
          {words.noSources}
        </p>
      ) : (
        <ol data-slot="tool-step-sources" className="tool-step-sources" aria-label={words.sources}>
          {sources.map((source, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may be listed twice; the list never reorders
              key={index}
              data-slot="tool-step-source"
              className="tool-step-source"
              data-refused={source.href ? undefined : ''}
            >
              {source.href ? (
                <a
                  data-slot="tool-step-source-link"
                  className="tool-step-source-link"
                  href={source.href}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  <span data-slot="tool-step-source-title" className="tool-step-source-title">
                    {source.title ?? source.domain ?? source.url}
                  </span>
                  <span data-slot="tool-step-sr-only" className="tool-step-sr-only">
                    {' '}
                    {words.newTab}
                  </span>
                </a>
              ) : (
                <span data-slot="tool-step-source-title" className="tool-step-source-title">
                  {source.title ?? source.url}
                </span>
              )}
              {source.domain ? (
                <span data-slot="tool-step-source-domain" className="tool-step-source-domain">
                  {source.domain}
                </span>
              ) : (
                <span data-slot="tool-step-source-url" className="tool-step-source-url">
                  {source.title ? `${source.url} ` : ''}({words.notLink})
                </span>
              )}
              {source.snippet ? (
                <p data-slot="tool-step-source-snippet" className="tool-step-source-snippet">
                  {source.snippet}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default SourcesView;
