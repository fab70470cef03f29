import type { CostValueReference } from './cost-vs-value';
import type { TextEngine } from './engines';
import { writeListing } from './listing-writer';
import { recommendFromReference, type RecommendationSettings } from './recommendations';

/** The embedded engine: deterministic, no network, useful on its own. It writes no neighborhood narrative. */
export function embeddedEngine(reference: CostValueReference, settings: () => RecommendationSettings): TextEngine {
  return {
    name: 'embedded',
    recommendations: async (input) => ({
      recommendations: recommendFromReference(reference, input, settings()),
      engine: 'embedded',
      model: '',
    }),
    listing: async (input, variant) => ({ ...writeListing(input, variant), engine: 'embedded', model: '' }),
    neighborhoodNarrative: async () => null,
  };
}
