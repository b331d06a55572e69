'use client';

import Download from 'lucide-react/icons/download';
import FileIcon from 'lucide-react/icons/file';
import { useMemo } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { detailsValue } from './detect';
import { formatBytes, type MediaItem, toMediaItems } from './normalize';
import type { DetailsRendererProps } from './types';

const SHOWN_URL_CHARS = 120;

type FileItem = Exclude<MediaItem, { type: 'text' }>;

function RefusedUrl({ url }: { url: string }) {
  const words = useToolStepsLabels().views;
  return (
    <span data-slot="tool-step-media-refused" className="tool-step-media-refused">
      {words.refusedUrl} <code>{url.length > SHOWN_URL_CHARS ? `${url.slice(0, SHOWN_URL_CHARS)}…` : url}</code>
    </span>
  );
}

function MediaImage({ item, src }: { item: FileItem; src: string }) {
  const words = useToolStepsLabels().views;
  const alt = item.alt ?? item.filename ?? words.imageAlt;
  return (
    <figure data-slot="tool-step-media-image" className="tool-step-media-image">
      <img src={src} alt={alt} loading="lazy" decoding="async" />
      <figcaption>
        {item.filename ?? item.alt ?? item.mediaType ?? words.image}
        {item.size !== undefined ? ` · ${formatBytes(item.size)}` : ''}
      </figcaption>
    </figure>
  );
}

function FileChip({ item }: { item: FileItem }) {
  const words = useToolStepsLabels().views;
  const name = item.filename ?? words.file;
  return (
    <span data-slot="tool-step-file-chip" className="tool-step-file-chip">
      <FileIcon aria-hidden size={14} />
      <span data-slot="tool-step-file-chip-name" className="tool-step-file-chip-name">
        {name}
      </span>
      {item.mediaType ? (
        <span data-slot="tool-step-file-chip-type" className="tool-step-file-chip-type">
          {item.mediaType}
        </span>
      ) : null}
      {item.size !== undefined ? (
        <span data-slot="tool-step-file-chip-size" className="tool-step-file-chip-size">
          {formatBytes(item.size)}
        </span>
      ) : null}
      {item.src ? (
        <a
          href={item.src}
          download={item.filename ?? ''}
          target="_blank"
          rel="noopener noreferrer"
          data-slot="tool-step-file-chip-download"
          className="tool-step-file-chip-download"
        >
          <Download aria-hidden size={14} />
          {words.download(name)}
        </a>
      ) : null}
      {item.refused !== undefined ? <RefusedUrl url={item.refused} /> : null}
      {item.type === 'image' && !item.src && item.refused === undefined ? (
        <span data-slot="tool-step-media-refused" className="tool-step-media-refused">
          {words.notRaster}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Images and files: image parts as `<img>` with their alt text or filename; other files as chips with
 * name, type, size and a download link. Only `http(s)` URLs and `data:` URLs of raster images (png,
 * jpeg, gif, webp, avif, bmp) ever become a `src` or `href`; any other URL (`javascript:`, `vbscript:`,
 * `data:image/svg+xml`, `file:`, ...) is shown as text. Text parts are shown as paragraphs.
 * Renders `<div data-slot="tool-step-media-view" data-renderer="media">`.
 */
export function MediaView({ details }: DetailsRendererProps) {
  const items = useMemo(() => toMediaItems(detailsValue(details)), [details]);
  const words = useToolStepsLabels().views;
  if (items.length === 0)
    return (
      <p data-slot="tool-step-renderer-note" className="tool-step-renderer-note">
        {words.noMedia}
      </p>
    );
  return (
    <div data-slot="tool-step-media-view" className="tool-step-media-view" data-renderer="media">
      {items.map((item, i) => {
        if (item.type === 'text')
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
            <p key={i} data-slot="tool-step-media-text" className="tool-step-media-text">
              {item.text}
            </p>
          );
        // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
        if (item.type === 'image' && item.src) return <MediaImage key={i} item={item} src={item.src} />;
        // biome-ignore lint/suspicious/noArrayIndexKey: parts keep their order
        return <FileChip key={i} item={item} />;
      })}
    </div>
  );
}

export default MediaView;
