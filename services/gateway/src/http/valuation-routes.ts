import { Router, type Request } from 'express';
import {
  addressAutocompleteQuerySchema,
  demoComparablesQuerySchema,
  propertyIdSchema,
  propertyLookupSchema,
  valuationValuesSchema,
  withholdEstimate,
  withoutEstimateEvidence,
  type Property,
  type RefreshValuationResponse,
  type ValuationValues,
} from '@hsa/contracts';
import { propertyToHomeFacts } from '@hsa/protos';
import { AppError, fromZodError, notFound } from '@hsa/service-kit';
import type { PropertyClient } from '../adapters/property-client';
import type { ValuationClient } from '../adapters/valuation-client';
import { requireUser } from './errors';
import type { RateLimiting } from './rate-limits';

export interface ValuationRoutesDependencies {
  valuation: Pick<ValuationClient, 'autocomplete' | 'lookup' | 'comparables' | 'estimate' | 'valueHistory'>;
  properties: Pick<PropertyClient, 'get' | 'updateValuation'>;
  /** Autocomplete counts as `search`, the rest (each runs the valuation model) as `valuation`. */
  limit: RateLimiting;
}

export const DEMO_PROPERTY_ID = 'demo-property';

/**
 * The estimate saved on a property, as its value card shows it (a missing range is the spec's 85% to 115%), so
 * the value history carries the same figures; undefined when the property has no estimate.
 */
function savedValuation(property: Pick<Property, 'estimatedValue' | 'estimatedValueLow' | 'estimatedValueHigh'>): ValuationValues | undefined {
  const value = property.estimatedValue;
  if (value === null || value === undefined) return undefined;
  const values = valuationValuesSchema.safeParse({
    estimatedValue: value,
    estimatedValueLow: property.estimatedValueLow ?? Math.round(value * 0.85),
    estimatedValueHigh: property.estimatedValueHigh ?? Math.round(value * 1.15),
  });
  return values.success ? values.data : undefined;
}

/**
 * The spec's valuation calls: address autocomplete and lookup (anonymous: the demo uses them, without the
 * estimate's figures), comparables (the owner's property, or the demo by address) and refresh valuation (owner only; saved
 * through the property service, which emits property.valuation.refreshed). Each comparable carries its
 * dataSource label.
 *
 * Mount before propertyRoutes: that router requires a user for every /api/properties path.
 */
export function valuationRoutes(deps: ValuationRoutesDependencies): Router {
  const router = Router();
  const valuationLimit = deps.limit('valuation');

  const ownedProperty = async (req: Request) => {
    const parsed = propertyIdSchema.safeParse(req.params.id);
    if (!parsed.success) throw notFound('Property not found');
    return deps.properties.get(req.user!.id, parsed.data);
  };

  router.get('/api/address-autocomplete', deps.limit('search'), async (req, res) => {
    const query = addressAutocompleteQuerySchema.safeParse({
      input: req.query.input,
      ...(req.query.sessionToken !== undefined ? { sessionToken: req.query.sessionToken } : {}),
    });
    if (!query.success) throw fromZodError(query.error);
    res.set('Cache-Control', 'no-store');
    res.json(await deps.valuation.autocomplete(query.data.input, query.data.sessionToken));
  });

  router.post('/api/properties/lookup', valuationLimit, async (req, res) => {
    const body = propertyLookupSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    res.set('Cache-Control', 'no-store');
    const answer = await deps.valuation.lookup(body.data);
    // The demo's estimate is for signed-in eyes only: an anonymous browser never receives the figure.
    res.json(req.user ? answer : withholdEstimate(answer));
  });

  router.get(`/api/properties/${DEMO_PROPERTY_ID}/comparables`, valuationLimit, async (req, res) => {
    const query = demoComparablesQuerySchema.safeParse({
      address: req.query.address,
      ...(req.query.placeId !== undefined ? { placeId: req.query.placeId } : {}),
    });
    if (!query.success) throw fromZodError(query.error);
    // The lookup's place id says which home it is; the address text is matched only without one.
    const { address, placeId } = query.data;
    const { comparables } = await deps.valuation.comparables(placeId ? { address, placeId } : { address });
    res.set('Cache-Control', 'no-store');
    res.json(req.user ? comparables : withoutEstimateEvidence(comparables));
  });

  router.get('/api/properties/:id/comparables', requireUser, valuationLimit, async (req, res) => {
    const property = await ownedProperty(req);
    const { comparables } = await deps.valuation.comparables(propertyToHomeFacts(property));
    res.set('Cache-Control', 'no-store');
    res.json(comparables);
  });

  router.get('/api/properties/:id/value-history', requireUser, valuationLimit, async (req, res) => {
    const property = await ownedProperty(req);
    res.set('Cache-Control', 'no-store');
    res.json(await deps.valuation.valueHistory(propertyToHomeFacts(property), savedValuation(property)));
  });

  router.post('/api/properties/:id/refresh-valuation', requireUser, valuationLimit, async (req, res) => {
    const property = await ownedProperty(req);
    const estimate = await deps.valuation.estimate(propertyToHomeFacts(property));
    if (!estimate.found) throw new AppError('FAILED_PRECONDITION', estimate.message || 'No value estimate is available for this property');
    const { estimatedValue, estimatedValueLow, estimatedValueHigh } = estimate.valuation;
    const values: RefreshValuationResponse = { estimatedValue, estimatedValueLow, estimatedValueHigh };
    await deps.properties.updateValuation(req.user!.id, property.id, values);
    res.json(values);
  });

  return router;
}
