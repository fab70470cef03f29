import { metrics } from '@opentelemetry/api';
import type { GenerationEngine as EngineName, Recommendation } from '@hsa/contracts';
import { fallbackNote, fallbackReasonOf, ModelCallFailed, type Fallback } from './fallback';
import type { GenerationInput } from './facts';
import type { NeighborhoodFacts } from './neighborhood-facts';

export interface RecommendationsResult {
  recommendations: Recommendation[];
  engine: EngineName;
  /** The model's name; empty for the embedded engine. */
  model: string;
}

export interface ListingResult {
  description: string;
  keySellingPoints: string[];
  engine: EngineName;
  model: string;
}

export interface NeighborhoodNarrative {
  familyFriendly: string;
  walkability: string;
  dining: string;
  lifestyle: string;
  lifestyleKeyFeatures: string[];
  buyerProfile: string;
  marketContext: string;
  valueDrivers: string[];
  model: string;
}

export interface EngineCallOptions {
  /** Epoch ms by which an answer is needed (the caller's deadline, less a margin). */
  deadline: number;
  /** Told when the embedded engine answered in the model's place (so the answer's source label can say so). */
  onFallback?: (fallback: Fallback) => void;
}

/**
 * What writes recommendations, listings and neighborhood narrative. Every engine answers the same shapes;
 * neighborhoodNarrative answers null when the engine writes none (the caller keeps its own text).
 */
export interface TextEngine {
  readonly name: EngineName;
  recommendations(input: GenerationInput, options: EngineCallOptions): Promise<RecommendationsResult>;
  listing(input: GenerationInput, variant: number, options: EngineCallOptions): Promise<ListingResult>;
  neighborhoodNarrative(facts: NeighborhoodFacts, options: EngineCallOptions): Promise<NeighborhoodNarrative | null>;
}

export interface FallbackLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** The counter of fallbacks, in the service's meter (the SDK, when one is registered, exports it). */
export const fallbackMetric = { meter: 'ai', name: 'ai.model.fallbacks' } as const;

/**
 * Asks `primary` first; when it fails (an error, a timeout, an off-schema or ungrounded answer) the `fallback`
 * answers instead. Every fallback is visible: a warning with its cause (an error, with what to check, when the
 * model is misconfigured), the counter ai.model.fallbacks {task, reason}, and options.onFallback with the note
 * for the answer's source label. Callers always get an answer in the same shape.
 */
export function withFallback(primary: TextEngine, fallback: TextEngine, logger: FallbackLogger): TextEngine {
  const counter = metrics.getMeter(fallbackMetric.meter).createCounter(fallbackMetric.name, {
    description: "Model answers not used: the embedded engine answered instead (attributes: task, reason)",
    unit: '{fallback}',
  });
  const guard = async <T>(task: string, options: EngineCallOptions, run: () => Promise<T>, backup: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const reason = fallbackReasonOf(err);
      const details = { err, task, engine: primary.name, reason };
      if (err instanceof ModelCallFailed && err.reason === 'configuration') {
        logger.error({ ...details, hint: err.hint }, `${task}: the model is misconfigured (${err.hint ?? err.message}); the embedded engine answered`);
      } else {
        logger.warn(details, `${task}: model answer not used (${reason}); the embedded engine answered`);
      }
      counter.add(1, { task, reason });
      options.onFallback?.({ reason, note: fallbackNote(reason) });
      return backup();
    }
  };
  return {
    name: primary.name,
    recommendations: (input, options) =>
      guard('recommendations', options, () => primary.recommendations(input, options), () => fallback.recommendations(input, options)),
    listing: (input, variant, options) =>
      guard('listing', options, () => primary.listing(input, variant, options), () => fallback.listing(input, variant, options)),
    neighborhoodNarrative: (facts, options) =>
      guard('neighborhood narrative', options, () => primary.neighborhoodNarrative(facts, options), () => fallback.neighborhoodNarrative(facts, options)),
  };
}
