import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { aiMessages, propertyIdSchema, updateListingSchema, type ComparableSale, type Property } from '@hsa/contracts';
import { summarizeComparables, type ComparablesSummary } from '@hsa/protos';
import { AppError, fromZodError, notFound } from '@hsa/service-kit';
import type { AiClient, GenerationExtras } from '../adapters/ai-client';
import type { NeighborhoodClient } from '../adapters/neighborhood-client';
import type { PropertyClient } from '../adapters/property-client';
import { requireUser } from './errors';
import type { RateLimiting } from './rate-limits';

export interface AiRoutesDependencies {
  /** Ownership check, and the facts the engines write from. */
  properties: Pick<PropertyClient, 'get'>;
  ai: Pick<AiClient, 'generateRecommendations' | 'getRecommendations' | 'generateListing' | 'getListing' | 'updateListing'>;
  neighborhood: Pick<NeighborhoodClient, 'insights'>;
  /** The comparable sales behind the estimate (summarised into the prompt). Optional; failures are skipped. */
  comparables?: ((property: Property) => Promise<ComparableSale[]>) | undefined;
  /** Room types of the property's photos. Optional; failures are skipped. */
  photoRoomTypes?: ((userId: string, propertyId: string) => Promise<string[]>) | undefined;
  logger?: Logger | undefined;
  /** Generation counts as `generation`, neighborhood insights as `valuation`. */
  limit: RateLimiting;
}

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';

/**
 * The prompt's summary of the comparable sales: recorded sales only (a listing-based provider's listings carry list
 * prices, which are not sales); none when there is none.
 */
export function promptComparables(list: readonly ComparableSale[]): ComparablesSummary | undefined {
  const sales = list.filter((c) => c.priceKind !== 'listing');
  return sales.length ? summarizeComparables(sales) : undefined;
}

/**
 * The spec's AI calls, owner only: recommendations (GET answers the stored list, empty when none; POST
 * generates and replaces), the listing (GET 404 when none; POST generates; PATCH saves the owner's edit of
 * the description) and neighborhood insights. Ownership is checked with the property service first, which
 * also gives the facts; another user's property answers 404 like a missing one.
 */
export function aiRoutes(deps: AiRoutesDependencies): Router {
  const router = Router();
  const generationLimit = deps.limit('generation');

  const userId = (req: Request) => req.user!.id;
  const ownedProperty = async (req: Request): Promise<Property> => {
    const parsed = propertyIdSchema.safeParse(req.params.id);
    if (!parsed.success) throw notFound('Property not found');
    return deps.properties.get(userId(req), parsed.data);
  };
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  /** The optional facts, each on its own: a failing source leaves its facts out instead of failing the call. */
  const extras = async (req: Request, property: Property): Promise<GenerationExtras> => {
    const [comparables, photoRoomTypes] = await Promise.all([
      deps.comparables?.(property).then(
        promptComparables,
        (err: unknown) => void deps.logger?.warn({ err, propertyId: property.id }, 'comparables unavailable for the AI prompt'),
      ),
      deps.photoRoomTypes?.(userId(req), property.id).catch(
        (err: unknown) => void deps.logger?.warn({ err, propertyId: property.id }, 'photo room types unavailable for the AI prompt'),
      ),
    ]);
    return { comparables: comparables ?? undefined, photoRoomTypes: photoRoomTypes ?? undefined };
  };

  router.get('/api/properties/:id/recommendations', requireUser, async (req, res) => {
    const property = await ownedProperty(req);
    noStore(res);
    try {
      res.json(await deps.ai.getRecommendations(userId(req), property.id));
    } catch (err) {
      if (!isNotFound(err)) throw err;
      res.json([]);
    }
  });

  router.post('/api/properties/:id/recommendations', requireUser, generationLimit, async (req, res) => {
    const property = await ownedProperty(req);
    noStore(res);
    res.json(await deps.ai.generateRecommendations(userId(req), property, await extras(req, property)));
  });

  router.get('/api/properties/:id/listing', requireUser, async (req, res) => {
    const property = await ownedProperty(req);
    noStore(res);
    res.json(await deps.ai.getListing(userId(req), property.id));
  });

  router.post('/api/properties/:id/listing', requireUser, generationLimit, async (req, res) => {
    const property = await ownedProperty(req);
    noStore(res);
    res.json(await deps.ai.generateListing(userId(req), property, await extras(req, property)));
  });

  router.patch('/api/properties/:id/listing', requireUser, async (req, res) => {
    const property = await ownedProperty(req);
    const body = updateListingSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    noStore(res);
    res.json(await deps.ai.updateListing(userId(req), property.id, body.data.description));
  });

  router.get('/api/properties/:id/neighborhood', requireUser, deps.limit('valuation'), async (req, res) => {
    const property = await ownedProperty(req);
    if (!property.coordinates) throw new AppError('FAILED_PRECONDITION', aiMessages.coordinatesRequired);
    noStore(res);
    res.json(await deps.neighborhood.insights(userId(req), property));
  });

  return router;
}
