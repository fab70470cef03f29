import { RecommendationsWorkspace } from '@hsa/ui-kit';
import { PropertyPageFrame } from '../components/PropertyPageFrame';

/** `/recommendations?propertyId={id}` (exposed as ./RecommendationsPage). */
export default function RecommendationsPage() {
  return (
    <PropertyPageFrame pageName="Recommendations">
      {(property) => <RecommendationsWorkspace propertyId={property.id} estimatedValue={property.estimatedValue} variant="page" />}
    </PropertyPageFrame>
  );
}
