import { Router, type Request, type RequestHandler } from 'express';
import {
  addressAutocompleteQuerySchema,
  demoComparablesQuerySchema,
  propertyIdSchema,
  propertyLookupSchema,
  type RefreshValuationResponse,
} from '@hsa/contracts';
import { propertyToSubjectFacts } from '@hsa/protos';
import { AppError, fromZodError, notFound } from '@hsa/service-kit';
import type { PropertyClient } from '../adapters/property-client';
import type { ValuationClient } from '../adapters/valuation-client';
import { TokenBuckets, type TokenBucketOptions } from '../domain/token-bucket';
import { requireUser, sendError } from './errors';

export interface ValuationRoutesDependencies {
  valuation: Pick<ValuationClient, 'autocomplete' | 'lookup' | 'comparables' | 'estimate'>;
  properties: Pick<PropertyClient, 'get' | 'updateValuation'>;
  /** Address autocomplete per client (user id, else IP): a burst and a sustained rate. Default 20 and 5/s. */
  autocompleteRateLimit?: Pick<TokenBucketOptions, 'capacity' | 'refillPerSecond'>;
}

export const DEMO_PROPERTY_ID = 'demo-property';

/**
 * The spec's valuation calls: address autocomplete and lookup (anonymous: the demo uses them),
 * comparables (the owner's property, or the demo by address) and refresh valuation (owner only; saved
 * through the property service, which emits property.valuation.refreshed). Each comparable carries its
 * dataSource label.
 *
 * Mount before propertyRoutes: that router requires a user for every /api/properties path.
 */
export function valuationRoutes(deps: ValuationRoutesDependencies): Router {
  const router = Router();
  const buckets = new TokenBuckets({ capacity: 20, refillPerSecond: 5, ...deps.autocompleteRateLimit });

  const rateLimited: RequestHandler = (req, res, next) => {
    const { allowed, retryAfterSeconds } = buckets.take(req.user ? `user:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`);
    if (allowed) return next();
    res.set('Retry-After', String(retryAfterSeconds));
    sendError(res, 429, 'Too many address searches: please wait a moment and try again');
  };

  const ownedProperty = async (req: Request) => {
    const parsed = propertyIdSchema.safeParse(req.params.id);
    if (!parsed.success) throw notFound('Property not found');
    return deps.properties.get(req.user!.id, parsed.data);
  };

  router.get('/api/address-autocomplete', rateLimited, async (req, res) => {
    const query = addressAutocompleteQuerySchema.safeParse({ input: req.query.input });
    if (!query.success) throw fromZodError(query.error);
    res.set('Cache-Control', 'no-store');
    res.json(await deps.valuation.autocomplete(query.data.input));
  });

  router.post('/api/properties/lookup', async (req, res) => {
    const body = propertyLookupSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    res.set('Cache-Control', 'no-store');
    res.json(await deps.valuation.lookup(body.data));
  });

  router.get(`/api/properties/${DEMO_PROPERTY_ID}/comparables`, async (req, res) => {
    const query = demoComparablesQuerySchema.safeParse({ address: req.query.address });
    if (!query.success) throw fromZodError(query.error);
    const { comparables } = await deps.valuation.comparables({ address: query.data.address });
    res.json(comparables);
  });

  router.get('/api/properties/:id/comparables', requireUser, async (req, res) => {
    const property = await ownedProperty(req);
    const { comparables } = await deps.valuation.comparables(propertyToSubjectFacts(property));
    res.set('Cache-Control', 'no-store');
    res.json(comparables);
  });

  router.post('/api/properties/:id/refresh-valuation', requireUser, async (req, res) => {
    const property = await ownedProperty(req);
    const estimate = await deps.valuation.estimate(propertyToSubjectFacts(property));
    if (!estimate.found) throw new AppError('FAILED_PRECONDITION', estimate.message || 'No value estimate is available for this property');
    const values: RefreshValuationResponse = {
      estimatedValue: estimate.estimatedValue,
      estimatedValueLow: estimate.estimatedValueLow,
      estimatedValueHigh: estimate.estimatedValueHigh,
    };
    await deps.properties.updateValuation(req.user!.id, property.id, values);
    res.json(values);
  });

  return router;
}
