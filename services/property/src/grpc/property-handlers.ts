import type { PropertyServiceHandlers } from '@hsa/protos';
import { notFound, unary, type Logger } from '@hsa/service-kit';
import {
  changedPropertyValues,
  newPropertyValues,
  parseCreateFields,
  parseListFilter,
  parsePropertyId,
  parseUpdateFields,
  parseValuationValues,
  toPropertyMessage,
  type PropertyRecord,
} from '../domain';
import type { PropertyRepository } from '../adapters/db/property-repository';

/** Another user's property and a missing one look the same: callers never learn what exists. */
function found(record: PropertyRecord | undefined): PropertyRecord {
  if (!record) throw notFound('Property not found');
  return record;
}

/** property.v1.PropertyService: the user comes only from the call's verified token (ctx.userId). */
export function propertyServiceHandlers(repository: PropertyRepository, logger: Logger): PropertyServiceHandlers {
  return {
    CreateProperty: unary(logger, 'CreateProperty', async (request, { userId }) => {
      const input = parseCreateFields(request.fields);
      return toPropertyMessage(await repository.create(userId, newPropertyValues(input)));
    }),

    GetProperty: unary(logger, 'GetProperty', async (request, { userId }) => {
      const id = parsePropertyId(request.id);
      return toPropertyMessage(found(await repository.findOwned(userId, id)));
    }),

    UpdateProperty: unary(logger, 'UpdateProperty', async (request, { userId }) => {
      const id = parsePropertyId(request.id);
      const changes = changedPropertyValues(parseUpdateFields(request.fields));
      return toPropertyMessage(found(await repository.update(userId, id, changes)));
    }),

    ArchiveProperty: unary(logger, 'ArchiveProperty', async (request, { userId }) => {
      const id = parsePropertyId(request.id);
      return toPropertyMessage(found(await repository.setArchived(userId, id, true)));
    }),

    UnarchiveProperty: unary(logger, 'UnarchiveProperty', async (request, { userId }) => {
      const id = parsePropertyId(request.id);
      return toPropertyMessage(found(await repository.setArchived(userId, id, false)));
    }),

    UpdateValuation: unary(logger, 'UpdateValuation', async (request, { userId }) => {
      const id = parsePropertyId(request.id);
      const values = parseValuationValues(request);
      return toPropertyMessage(found(await repository.updateValuation(userId, id, values)));
    }),

    ListProperties: unary(logger, 'ListProperties', async (request, { userId }) => {
      const records = await repository.list(userId, parseListFilter(request.filter));
      return { properties: records.map(toPropertyMessage) };
    }),
  };
}
