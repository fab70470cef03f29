import { ListingWorkspace } from '@hsa/ui-kit';
import { PropertyPageFrame } from '../components/PropertyPageFrame';

/** `/listing?propertyId={id}` (exposed as ./ListingPage). */
export default function ListingPage() {
  return (
    <PropertyPageFrame pageName="Listing Description">
      {(property) => <ListingWorkspace propertyId={property.id} address={property.address} estimatedValue={property.estimatedValue} variant="page" />}
    </PropertyPageFrame>
  );
}
