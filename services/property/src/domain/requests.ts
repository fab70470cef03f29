import { propertyIdSchema, refreshedValuationSchema, type RefreshedValuation } from '@hsa/contracts';
import type { ListFilter, UpdateValuationRequestMessage } from '@hsa/protos';
import { fromZodError, invalidArgument, notFound } from '@hsa/service-kit';

/** Which of a user's properties a list returns. */
export type PropertyListFilter = 'all' | 'active' | 'archived';

// By name (the loader's enums: String) and by number (a client sending the raw enum value).
const listFilters: Record<string, PropertyListFilter> = {
  LIST_FILTER_ALL: 'all',
  LIST_FILTER_ACTIVE: 'active',
  LIST_FILTER_ARCHIVED: 'archived',
  0: 'all',
  1: 'active',
  2: 'archived',
};

export function parseListFilter(filter: ListFilter | undefined): PropertyListFilter {
  if (filter === undefined) return 'all';
  const parsed = listFilters[String(filter)];
  if (!parsed) throw invalidArgument(`Unknown list filter: ${String(filter)}`);
  return parsed;
}

/** A property id from a request. Ids are UUIDs; anything else cannot exist, so it is NOT_FOUND. */
export function parsePropertyId(id: string | undefined): string {
  const result = propertyIdSchema.safeParse(id);
  if (!result.success) throw notFound('Property not found');
  return result.data.toLowerCase();
}

/** The values of UpdateValuation: whole dollars, low <= value <= high, or no range at all (the valuation gave none). */
export function parseValuationValues(request: UpdateValuationRequestMessage): RefreshedValuation {
  const result = refreshedValuationSchema.safeParse({
    estimatedValue: request.estimatedValue,
    estimatedValueLow: request.estimatedValueLow ?? null,
    estimatedValueHigh: request.estimatedValueHigh ?? null,
  });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
