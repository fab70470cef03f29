import {
  generationEngines,
  recommendationPriorities,
  type ComparableSale,
  type GenerationEngine,
  type Listing,
  type Property,
  type Recommendation,
  type RecommendationPriority,
} from '@hsa/contracts';
import type { ComparablesSummary } from '../gen/ai/v1/ComparablesSummary';
import type { GenerateRequest } from '../gen/ai/v1/GenerateRequest';
import type { Listing__Output as ListingMessage } from '../gen/ai/v1/Listing';
import type { Recommendation__Output as RecommendationMessage } from '../gen/ai/v1/Recommendation';
import type { RecommendationSet__Output as RecommendationSetMessage } from '../gen/ai/v1/RecommendationSet';
import { propertyToHomeFacts } from './common';

/**
 * The one mapping between ai.v1 messages and the HTTP API's shapes (contracts), used by the gateway
 * (and by the AI service for its own answers).
 */

/** A saved property -> what the AI engines may write from: its facts, its owner's notes and its estimate. */
export function propertyToGenerateFacts(
  property: Parameters<typeof propertyToHomeFacts>[0] & Pick<Property, 'additionalInfo' | 'estimatedValue' | 'estimatedValueLow' | 'estimatedValueHigh'>,
): Pick<GenerateRequest, 'facts' | 'additionalInfo' | 'estimatedValue' | 'estimatedValueLow' | 'estimatedValueHigh'> {
  const request: ReturnType<typeof propertyToGenerateFacts> = { facts: propertyToHomeFacts(property) };
  if (property.additionalInfo) request.additionalInfo = property.additionalInfo;
  if (property.estimatedValue !== null) request.estimatedValue = property.estimatedValue;
  if (property.estimatedValueLow !== null) request.estimatedValueLow = property.estimatedValueLow;
  if (property.estimatedValueHigh !== null) request.estimatedValueHigh = property.estimatedValueHigh;
  return request;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The comparable sales behind an estimate, in short (medians of what was recorded, the dates and the distance). */
export function summarizeComparables(comparables: readonly ComparableSale[]): ComparablesSummary {
  const dates = comparables.map((c) => c.saleDate).filter(Boolean).sort();
  const summary: ComparablesSummary = {
    count: comparables.length,
    earliestSaleDate: dates[0] ?? '',
    latestSaleDate: dates[dates.length - 1] ?? '',
    dataSource: comparables[0]?.dataSource ?? '',
  };
  const round = (v: number | undefined) => (v === undefined ? undefined : Math.round(v));
  const price = round(median(comparables.map((c) => c.saleAmount)));
  const ppsf = round(median(comparables.flatMap((c) => (c.pricePerSqft === null ? [] : [c.pricePerSqft]))));
  const adjusted = round(median(comparables.map((c) => c.timeAdjustedPrice)));
  if (price !== undefined) summary.medianSalePrice = price;
  if (ppsf !== undefined) summary.medianPricePerSqft = ppsf;
  if (adjusted !== undefined) summary.medianTimeAdjustedPrice = adjusted;
  if (comparables.length) summary.maxDistanceMiles = Math.max(...comparables.map((c) => c.distanceMiles));
  return summary;
}

const asPriority = (value: string): RecommendationPriority =>
  (recommendationPriorities as readonly string[]).includes(value) ? (value as RecommendationPriority) : 'low';

export const asEngine = (value: string): GenerationEngine =>
  (generationEngines as readonly string[]).includes(value) ? (value as GenerationEngine) : 'embedded';

export function recommendationMessageToApi(msg: RecommendationMessage): Recommendation {
  return {
    id: msg.id,
    title: msg.title,
    category: msg.category,
    description: msg.description,
    priority: asPriority(msg.priority),
    estimatedCost: msg.estimatedCost,
    estimatedValueIncrease: msg.estimatedValueIncrease,
    roi: msg.roi,
    source: msg.source,
  };
}

/** GET/POST /api/properties/{id}/recommendations answer the list itself; each says the estimate it was written for. */
export function recommendationSetToApi(msg: RecommendationSetMessage): Recommendation[] {
  const basedOnEstimate = msg.basedOnEstimate ?? null;
  return msg.recommendations.map((r) => ({ ...recommendationMessageToApi(r), basedOnEstimate }));
}

export function listingMessageToApi(msg: ListingMessage): Listing {
  return {
    description: msg.description,
    keySellingPoints: [...msg.keySellingPoints],
    engine: asEngine(msg.engine),
    generatedAt: msg.generatedAt,
    editedAt: msg.editedAt ?? null,
    sourceNote: msg.sourceNote || null,
    basedOnEstimate: msg.basedOnEstimate ?? null,
  };
}
