import { Router, type Request } from 'express';
import { createPropertySchema, propertyIdSchema, updatePropertySchema } from '@hsa/contracts';
import { fromZodError, notFound } from '@hsa/service-kit';
import type { PropertyClient, PropertyListFilter } from '../adapters/property-client';
import { requireUser } from './errors';
import type { RateLimiting } from './rate-limits';
import { withContractNames } from './spec-aliases';

/** The spec's property calls. Ownership is enforced by the property service; the gateway adds the user. */
export function propertyRoutes(properties: PropertyClient, limit: RateLimiting): Router {
  const router = Router();
  router.use(['/api/properties', '/api/user/properties'], requireUser);

  const userId = (req: Request) => req.user!.id;
  const propertyId = (req: Request) => {
    const parsed = propertyIdSchema.safeParse(req.params.id);
    if (!parsed.success) throw notFound('Property not found');
    return parsed.data;
  };

  router.post('/api/properties', limit('create'), async (req, res) => {
    const input = createPropertySchema.safeParse(withContractNames(req.body ?? {}));
    if (!input.success) throw fromZodError(input.error);
    res.status(201).json(await properties.create(userId(req), input.data));
  });

  router.get('/api/properties/:id', async (req, res) => {
    res.json(await properties.get(userId(req), propertyId(req)));
  });

  router.patch('/api/properties/:id', async (req, res) => {
    const id = propertyId(req);
    const input = updatePropertySchema.safeParse(withContractNames(req.body ?? {}));
    if (!input.success) throw fromZodError(input.error);
    res.json(await properties.update(userId(req), id, input.data));
  });

  router.patch('/api/properties/:id/archive', async (req, res) => {
    res.json(await properties.archive(userId(req), propertyId(req)));
  });

  router.patch('/api/properties/:id/unarchive', async (req, res) => {
    res.json(await properties.unarchive(userId(req), propertyId(req)));
  });

  const lists: [string, PropertyListFilter][] = [
    ['/api/user/properties', 'all'],
    ['/api/user/properties/active', 'active'],
    ['/api/user/properties/archived', 'archived'],
  ];
  for (const [path, filter] of lists) {
    router.get(path, async (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await properties.list(userId(req), filter));
    });
  }

  return router;
}
