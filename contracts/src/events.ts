import { z } from 'zod';

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

/** The payload of every domain event (JSON on NATS). */
export const domainEventSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(eventTypes),
  propertyId: z.string().min(1),
  userId: z.string().min(1),
  occurredAt: z.string().datetime({ offset: true }),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;

/** What the gateway pushes to a browser on GET /api/events (SSE `data:` line, event name = type). */
export type BrowserEvent = Pick<DomainEvent, 'id' | 'type' | 'propertyId' | 'occurredAt'>;
