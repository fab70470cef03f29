import type { EventType } from '@hsa/contracts';

/** The events the media service publishes (subjects on the PROPERTY stream). */
export const mediaEventTypes = {
  photoAdded: 'photo.added',
} as const satisfies Record<string, EventType>;
