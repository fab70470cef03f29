import { z } from 'zod';

import { eventTypes } from './event-types';

export { eventTypes, eventStreamName, eventStreamSubjects, type EventType, type BrowserEvent } from './event-types';

/** The payload of every domain event (JSON on NATS). */
export const domainEventSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(eventTypes),
  propertyId: z.string().min(1),
  userId: z.string().min(1),
  occurredAt: z.string().datetime({ offset: true }),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;
