import type { GenerationEngine as EngineName, Recommendation } from '@hsa/contracts';
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
}

/**
 * Asks `primary` first; when it fails (an error, a timeout, an off-schema or ungrounded answer) the
 * `fallback` answers instead and the reason is logged. Callers always get an answer in the same shape.
 */
export function withFallback(primary: TextEngine, fallback: TextEngine, logger: FallbackLogger): TextEngine {
  const guard = async <T>(task: string, run: () => Promise<T>, backup: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      logger.warn({ err, task, engine: primary.name }, `${task}: model answer not used; the embedded engine answered`);
      return backup();
    }
  };
  return {
    name: primary.name,
    recommendations: (input, options) =>
      guard('recommendations', () => primary.recommendations(input, options), () => fallback.recommendations(input, options)),
    listing: (input, variant, options) =>
      guard('listing', () => primary.listing(input, variant, options), () => fallback.listing(input, variant, options)),
    neighborhoodNarrative: (facts, options) =>
      guard('neighborhood narrative', () => primary.neighborhoodNarrative(facts, options), () => fallback.neighborhoodNarrative(facts, options)),
  };
}
