import type { EventType } from '@hsa/contracts';

/** The event each kind of change to a property publishes (the subject on the PROPERTY stream). */
export const propertyEventTypes = {
  created: 'property.created',
  updated: 'property.updated',
  archived: 'property.archived',
  unarchived: 'property.unarchived',
  valuationRefreshed: 'property.valuation.refreshed',
} as const satisfies Record<string, EventType>;

export type PropertyChange = keyof typeof propertyEventTypes;
