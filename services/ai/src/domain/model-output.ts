import { z } from 'zod';
import { recommendationPriorities } from '@hsa/contracts';
import { fairHousingFindings } from './fair-housing';
import { checkGrounding, checkNarrative, wordCount, type GroundingFacts } from './grounding';
import { narrativeNumbers, narrativePlaceNames, type NeighborhoodFacts } from './neighborhood-facts';

/**
 * What a model must answer, as zod schemas (validated before anything is used) and as the JSON schemas of
 * OpenAI structured outputs (response_format json_schema, strict). A model never supplies figures: it
 * picks recommendations from candidates whose figures come from the published data, and it writes text
 * that must pass the grounding checks.
 */

/**
 * Keywords strict structured outputs accept (OpenAI's "supported schemas"): the structure, and the limits the API
 * enforces while it generates (array item counts, number bounds, string patterns and formats). String lengths are
 * not among them: zod checks them afterwards, with everything else.
 */
export const strictKeywords = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'description',
  'anyOf',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
]);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!strictKeywords.has(key)) continue;
    out[key] = key === 'properties'
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, strip(v)]))
      : strip(value);
  }
  return out;
}

/** The JSON schema of a zod object for strict structured outputs. */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema, { target: 'draft-7' })) as Record<string, unknown>;
}

export function recommendationChoiceSchema(candidateIds: readonly [string, ...string[]]) {
  return z.object({
    recommendations: z
      .array(
        z.object({
          candidateId: z.enum(candidateIds),
          title: z.string().trim().min(3).max(120),
          description: z.string().trim().min(20).max(900),
          priority: z.enum(recommendationPriorities),
        }),
      )
      .min(1)
      .max(candidateIds.length)
      .refine((list) => new Set(list.map((r) => r.candidateId)).size === list.length, 'candidate chosen twice'),
  });
}
export type RecommendationChoice = z.infer<ReturnType<typeof recommendationChoiceSchema>>;

export const modelListingSchema = z.object({
  description: z
    .string()
    .trim()
    .refine((text) => {
      const words = wordCount(text);
      return words >= 100 && words <= 300;
    }, 'description must have about 120-250 words'),
  keySellingPoints: z.array(z.string().trim().min(2).max(80)).min(3).max(8),
});
export type ModelListing = z.infer<typeof modelListingSchema>;

export const modelNarrativeSchema = z.object({
  familyFriendly: z.string().trim().min(10).max(600),
  walkability: z.string().trim().min(10).max(600),
  dining: z.string().trim().min(10).max(600),
  lifestyle: z.string().trim().min(10).max(800),
  lifestyleKeyFeatures: z.array(z.string().trim().min(2).max(100)).max(6),
  buyerProfile: z.string().trim().min(10).max(400),
  marketContext: z.string().trim().min(10).max(1000),
  valueDrivers: z.array(z.string().trim().min(2).max(160)).max(6),
});
export type ModelNarrative = z.infer<typeof modelNarrativeSchema>;

/** Why a model answer was not used. */
export class UnusableAnswer extends Error {
  constructor(
    readonly reason: 'off-schema' | 'ungrounded' | 'fair-housing' | 'refused' | 'truncated' | 'empty',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'UnusableAnswer';
  }
}

/** Parses a model's JSON text with a schema; anything else is an UnusableAnswer. */
export function parseAnswer<T>(content: string | null | undefined, schema: z.ZodType<T>): T {
  if (!content) throw new UnusableAnswer('empty', 'no content');
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new UnusableAnswer('off-schema', 'not JSON');
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new UnusableAnswer('off-schema', result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return result.data;
}

/** Texts that describe who lives somewhere or who a home suits are never used (see fair-housing.ts). */
export function fairHousingChecked(texts: readonly string[], allowedNames: readonly string[] = []): void {
  const findings = texts.flatMap((text) => fairHousingFindings(text, allowedNames));
  if (findings.length) throw new UnusableAnswer('fair-housing', findings.map((f) => `${f.basis} "${f.text}"`).join(', '));
}

/** A listing a model wrote, accepted only when every claim is supported by the facts and it is fair-housing clean. */
export function groundedListing(answer: ModelListing, facts: GroundingFacts): ModelListing {
  const texts = [answer.description, ...answer.keySellingPoints];
  const violations = texts.flatMap((text) => checkGrounding(text, facts));
  if (violations.length) throw new UnusableAnswer('ungrounded', violations.map((v) => `${v.kind} "${v.text}"`).join(', '));
  fairHousingChecked(texts);
  return answer;
}

/** A narrative a model wrote: figures and named places only from the facts, and fair-housing clean. */
export function groundedNarrative(answer: ModelNarrative, facts: NeighborhoodFacts): ModelNarrative {
  const numbers = narrativeNumbers(facts);
  const names = narrativePlaceNames(facts);
  const texts = [
    answer.familyFriendly,
    answer.walkability,
    answer.dining,
    answer.lifestyle,
    answer.buyerProfile,
    answer.marketContext,
    ...answer.lifestyleKeyFeatures,
    ...answer.valueDrivers,
  ];
  const violations = texts.flatMap((t) => checkNarrative(t, numbers, names));
  if (violations.length) throw new UnusableAnswer('ungrounded', violations.map((v) => `${v.kind} "${v.text}"`).join(', '));
  fairHousingChecked(texts, names);
  return answer;
}

/** Recommendation texts a model wrote may quote figures only from the candidates and the facts. */
export function groundedChoice(answer: RecommendationChoice, numbers: readonly number[]): RecommendationChoice {
  const violations = answer.recommendations.flatMap((r) => [...checkNarrative(r.title, numbers), ...checkNarrative(r.description, numbers)]);
  if (violations.length) throw new UnusableAnswer('ungrounded', violations.map((v) => `${v.kind} "${v.text}"`).join(', '));
  fairHousingChecked(answer.recommendations.flatMap((r) => [r.title, r.description]));
  return answer;
}
