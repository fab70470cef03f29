import { useEventInvalidation } from '@hsa/ui-kit';

/** Subscribes to the signed-in user's server events; mounted only while signed in. */
export default function LiveUpdates() {
  useEventInvalidation(true);
  return null;
}
