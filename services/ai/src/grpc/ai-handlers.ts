import type { AiServiceHandlers, ListingInput, NeighborhoodNarrative, RecommendationSet } from '@hsa/protos';
import { notFound, unary, type CallContext, type Logger } from '@hsa/service-kit';
import type { AiRepository } from '../adapters/db/ai-repository';
import type { ListingRow, RecommendationSetRow } from '../adapters/db/schema';
import type { TextEngine } from '../domain/engines';
import type { Fallback } from '../domain/fallback';
import { parseGenerateRequest, parseListingDescription, parseNeighborhoodFacts, parsePropertyId } from '../domain/requests';

/** How long before the caller's deadline an engine must have answered (to store it and reply). */
const deadlineMarginMs = 1500;
/** Without a caller deadline, an engine gets this long. */
const defaultBudgetMs = 120_000;
/** Attempts at a wording that differs from the stored one. */
const rewordingAttempts = 6;

function engineDeadline(ctx: CallContext): number {
  const d = ctx.deadline;
  const callerMs = d instanceof Date ? d.getTime() : typeof d === 'number' && Number.isFinite(d) ? d : Number.POSITIVE_INFINITY;
  return Math.min(callerMs - deadlineMarginMs, Date.now() + defaultBudgetMs);
}

/** A recommendation's source with the fallback note (within the API's 300 characters). */
export function withNote(source: string, note: string): string {
  const joined = source ? `${source}. ${note}` : note;
  return joined.length <= 300 ? joined : note.slice(0, 300);
}

function toRecommendationSet(row: RecommendationSetRow): RecommendationSet {
  return {
    propertyId: row.propertyId,
    recommendations: row.recommendations,
    engine: row.engine,
    model: row.model,
    generatedAt: row.generatedAt.toISOString(),
    ...(row.basedOnEstimate !== null ? { basedOnEstimate: row.basedOnEstimate } : {}),
  };
}

function toListing(row: ListingRow): ListingInput {
  const listing: ListingInput = {
    propertyId: row.propertyId,
    description: row.description,
    keySellingPoints: row.keySellingPoints,
    engine: row.engine,
    model: row.model,
    generatedAt: row.generatedAt.toISOString(),
    sourceNote: row.sourceNote,
  };
  if (row.editedAt) listing.editedAt = row.editedAt.toISOString();
  if (row.basedOnEstimate !== null) listing.basedOnEstimate = row.basedOnEstimate;
  return listing;
}

/** ai.v1.AiService: the user comes only from the call's verified token (ctx.userId). */
export function aiServiceHandlers(repository: AiRepository, engine: TextEngine, logger: Logger): AiServiceHandlers {
  return {
    GenerateRecommendations: unary(logger, 'GenerateRecommendations', async (request, ctx) => {
      const input = parseGenerateRequest(request);
      let fallback: Fallback | undefined;
      const result = await engine.recommendations(input, { deadline: engineDeadline(ctx), onFallback: (f) => (fallback = f) });
      // The built-in engine answered in the model's place: each recommendation's source says so.
      const noted = fallback ? { ...result, recommendations: result.recommendations.map((r) => ({ ...r, source: withNote(r.source, fallback!.note) })) } : result;
      return toRecommendationSet(await repository.saveRecommendations(ctx.userId, input.propertyId, noted, input.facts.estimatedValue));
    }),

    GetRecommendations: unary(logger, 'GetRecommendations', async (request, { userId }) => {
      const row = await repository.findRecommendations(userId, parsePropertyId(request.propertyId));
      if (!row) throw notFound('No recommendations yet');
      return toRecommendationSet(row);
    }),

    GenerateListing: unary(logger, 'GenerateListing', async (request, ctx) => {
      const input = parseGenerateRequest(request);
      const current = await repository.findListing(ctx.userId, input.propertyId);
      const deadline = engineDeadline(ctx);
      let fallback: Fallback | undefined;
      const options = { deadline, onFallback: (f: Fallback) => (fallback = f) };
      let variant = (current?.variant ?? -1) + 1;
      let result = await engine.listing(input, variant, options);
      // Regenerate must read differently: the embedded writer moves on to its next wording if needed.
      for (let i = 1; current && result.description === current.description && i < rewordingAttempts; i++) {
        variant += 1;
        fallback = undefined;
        result = await engine.listing(input, variant, options);
      }
      const note = result.engine === 'embedded' && fallback ? fallback.note : '';
      return toListing(
        await repository.saveListing(ctx.userId, input.propertyId, result, { variant, sourceNote: note, basedOnEstimate: input.facts.estimatedValue }),
      );
    }),

    GetListing: unary(logger, 'GetListing', async (request, { userId }) => {
      const row = await repository.findListing(userId, parsePropertyId(request.propertyId));
      if (!row) throw notFound('No listing yet');
      return toListing(row);
    }),

    UpdateListing: unary(logger, 'UpdateListing', async (request, { userId }) => {
      const propertyId = parsePropertyId(request.propertyId);
      const description = parseListingDescription(request.description);
      const row = await repository.updateListingDescription(userId, propertyId, description);
      if (!row) throw notFound('No listing yet');
      return toListing(row);
    }),

    DescribeNeighborhood: unary(
      logger,
      'DescribeNeighborhood',
      async (request, ctx): Promise<NeighborhoodNarrative> => {
        let fallback: Fallback | undefined;
        const narrative = await engine.neighborhoodNarrative(parseNeighborhoodFacts(request), { deadline: engineDeadline(ctx), onFallback: (f) => (fallback = f) });
        if (!narrative) return { written: false, note: fallback?.note ?? '' };
        return { written: true, ...narrative };
      },
      { requireUser: false },
    ),
  };
}
