/**
 * The synchronous readers: a whole capture (SSE or JSONL) decoded, or decoded and reduced, at once. They
 * need every decoder at hand, so they live apart from the stream reader (which loads decoders as
 * streams name them).
 */

import type { ReadStreamOptions, StepEvent, StepsState } from 'tool-steps/core';
import { decoderFor } from '../core/decoders';
import { append } from '../core/decoders/types';
import { reduceSteps } from '../core/reduce';
import { emptyStepsState } from '../core/step';
import { type DecoderSource, StreamDecoder } from '../core/stream-decoder';

/** Decodes a whole capture (SSE or JSONL) into events, synchronously. */
export function eventsFromText(text: string, options: Omit<ReadStreamOptions, 'signal'> = {}): StepEvent[] {
  const decoder = new StreamDecoder(
    options.protocol ?? 'auto',
    options.framing ?? 'auto',
    decoderFor as DecoderSource,
    options.decoderOptions,
  );
  return append(decoder.push(text), decoder.end());
}

/** Decodes and reduces a whole capture at once. */
export function stepsFromText(text: string, options: Omit<ReadStreamOptions, 'signal'> = {}): StepsState {
  return reduceSteps(emptyStepsState, eventsFromText(text, options));
}
