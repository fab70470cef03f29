import type { QueryKey } from '@tanstack/react-query';
import type { BrowserEvent } from '@hsa/contracts';
import { propertyListKeys, queryKeys } from '../api/queryKeys';

/** The queries a server event makes stale (invalidating a key also covers the keys below it). */
export function invalidationsFor(event: Pick<BrowserEvent, 'type' | 'propertyId'>): QueryKey[] {
  const id = event.propertyId;
  switch (event.type) {
    case 'property.created':
    case 'property.updated':
    case 'property.archived':
    case 'property.unarchived':
    case 'property.valuation.refreshed':
      return [...propertyListKeys, queryKeys.property(id)];
    case 'photo.added':
      return [queryKeys.photos(id)];
    case 'recommendations.generated':
      return [queryKeys.recommendations(id)];
    case 'listing.generated':
      return [queryKeys.listing(id)];
  }
}
