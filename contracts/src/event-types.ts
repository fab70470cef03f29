// Kept free of zod so browser code can import the event names without the schema library.
/** Subjects on the PROPERTY JetStream stream. */
export const eventTypes = [
  'property.created',
  'property.updated',
  'property.archived',
  'property.unarchived',
  'property.valuation.refreshed',
  'photo.added',
  'recommendations.generated',
  'listing.generated',
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventStreamName = 'PROPERTY';
export const eventStreamSubjects = ['property.>', 'photo.>', 'recommendations.>', 'listing.>'];

/** What the gateway pushes to a browser on GET /api/events (SSE `data:` line, event name = type). */
export interface BrowserEvent {
  id: string;
  type: EventType;
  propertyId: string;
  occurredAt: string;
}
