import type { DetailsKind, DetailsRenderer, DetailsRendererProps } from './types';

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A first, plain renderer: text as it is, anything else as formatted JSON. */
function PlainDetails({ details, kind }: DetailsRendererProps) {
  return <pre data-slot="tool-step-details-body" data-kind={kind}>{stringify(details)}</pre>;
}

/** The built-in renderer of each kind. */
export const builtinRenderers: Readonly<Record<DetailsKind, DetailsRenderer>> = {
  diff: PlainDetails,
  terminal: PlainDetails,
  json: PlainDetails,
  table: PlainDetails,
  media: PlainDetails,
  text: PlainDetails,
};
