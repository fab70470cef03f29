import { z } from 'zod';
import { multiLine } from './text';

/**
 * The AI calls of the API (spec section 7): recommendations and the listing description, with the spec's
 * entity shapes (section 3). Extra fields say where figures and text come from. Neighborhood insights: neighborhood.ts.
 */

export const recommendationPriorities = ['high', 'medium', 'low'] as const;
export const recommendationPrioritySchema = z.enum(recommendationPriorities);
export type RecommendationPriority = z.infer<typeof recommendationPrioritySchema>;

/** Who wrote a result: an OpenAI-compatible model or the embedded deterministic engine. */
export const generationEngines = ['openai', 'embedded'] as const;
export type GenerationEngine = (typeof generationEngines)[number];

const dollars = z.number().int().min(0).max(1_000_000_000);

/** The spec's Recommendation; roi is a ratio: (estimatedValueIncrease - estimatedCost) / estimatedCost. */
export const recommendationSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  category: z.string().min(1).max(100),
  description: z.string().min(1).max(2000),
  priority: recommendationPrioritySchema,
  estimatedCost: dollars,
  estimatedValueIncrease: dollars,
  roi: z.number().finite(),
  /** Where the figures come from, with the year (e.g. "Cost vs. Value 2025, national (Remodeling magazine)"). */
  source: z.string().max(300),
  /**
   * The home's estimate when the recommendations were written (null: it had none). The API sets it; once the
   * estimate changes (Refresh Valuation) their figures and text are outdated.
   */
  basedOnEstimate: z.number().int().nullable().optional(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/** GET and POST /api/properties/{id}/recommendations answer this list (empty when none were generated). */
export const recommendationListSchema = z.array(recommendationSchema);

/** The spec's Listing, plus when and by what it was written. GET answers 404 when none exists. */
export const listingSchema = z.object({
  description: z.string(),
  keySellingPoints: z.array(z.string()),
  engine: z.enum(generationEngines),
  generatedAt: z.string(),
  /** Set once the owner edited the description. */
  editedAt: z.string().nullable(),
  /** Why the built-in writer answered when the AI model's answer could not be used; null otherwise. */
  sourceNote: z.string().nullable(),
  /** The home's estimate when the listing was written (null: it had none); once the estimate changes it is outdated. */
  basedOnEstimate: z.number().int().nullable(),
});
export type Listing = z.infer<typeof listingSchema>;

export const listingLimits = { descriptionMaxLength: 5000 } as const;

export const aiMessages = {
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${listingLimits.descriptionMaxLength} characters`,
  coordinatesRequired: 'Property coordinates are required for neighborhood insights',
} as const;

/** Body of PATCH /api/properties/{id}/listing: the owner's edited description. */
export const updateListingSchema = z.object({
  description: multiLine(
    z
      .string({ error: aiMessages.descriptionRequired })
      .trim()
      .min(1, aiMessages.descriptionRequired)
      .max(listingLimits.descriptionMaxLength, aiMessages.descriptionTooLong),
    'Description',
  ),
});
export type UpdateListingInput = z.input<typeof updateListingSchema>;


/** The totals of a set of recommendations, as the spec defines them (section 9). */
export interface RecommendationTotals {
  count: number;
  totalCost: number;
  totalValueIncrease: number;
  /** Value increase minus cost. */
  netProfit: number;
  /** Net profit over cost times 100, rounded; 0 when the cost is 0. */
  overallRoiPercent: number;
}

export function recommendationTotals(
  items: readonly Pick<Recommendation, 'estimatedCost' | 'estimatedValueIncrease'>[],
): RecommendationTotals {
  const totalCost = items.reduce((sum, r) => sum + r.estimatedCost, 0);
  const totalValueIncrease = items.reduce((sum, r) => sum + r.estimatedValueIncrease, 0);
  const netProfit = totalValueIncrease - totalCost;
  return {
    count: items.length,
    totalCost,
    totalValueIncrease,
    netProfit,
    overallRoiPercent: totalCost === 0 ? 0 : Math.round((netProfit / totalCost) * 100),
  };
}

/** A recommendation's ROI ratio as the UI shows it: ratio x 100, rounded. */
export function roiPercent(roi: number): number {
  return Math.round(roi * 100);
}

/** The ROI ratio of one recommendation from its figures (0 when it costs nothing). */
export function roiRatio(estimatedCost: number, estimatedValueIncrease: number): number {
  return estimatedCost === 0 ? 0 : (estimatedValueIncrease - estimatedCost) / estimatedCost;
}
