import { NeighborhoodInsightsCard } from '@hsa/ui-kit';

/** The kit's neighborhood card for a saved property, in its own chunk (see NeighborhoodSlot). */
export default function NeighborhoodCard({ propertyId }: { propertyId: string }) {
  return <NeighborhoodInsightsCard propertyId={propertyId} title="Neighborhood insights" />;
}
