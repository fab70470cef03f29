import { Button, Card } from 'antd';
import { unknownFacts, type CreatePropertyInput } from '@hsa/contracts';
import { PropertyDetailsForm } from '@hsa/ui-kit';
import { toFormValues } from '../domain/propertyFormValues';
import { factWords, type WizardProperty } from '../domain/wizardProperty';
import { PhotosSlot } from '../components/PhotosSlot';
import { StepHeader } from '../components/StepHeader';
import { usePageTitle } from '../components/usePageTitle';

export interface DetailsStepProps {
  property: WizardProperty;
  /** A new property (Analyze Property creates it) or a saved one (Save Changes updates it). */
  isNew: boolean;
  /** The lookup found nothing: the details are entered by hand. */
  manual: boolean;
  saving: boolean;
  onSubmit: (body: CreatePropertyInput) => void;
  onBack: () => void;
}

/** Step 1.5: the property's details (address read-only) and its photos. */
export function DetailsStep({ property, isNew, manual, saving, onSubmit, onBack }: DetailsStepProps) {
  usePageTitle('Property Details');
  const unknown = manual ? [] : unknownFacts(property);
  const subtitle = manual
    ? "We couldn't find this address in the sales data. Enter the home's details and we'll analyze it."
    : unknown.length
      ? `Our data does not say this home's ${factWords(unknown)}: please enter ${unknown.length > 1 ? 'them' : 'it'}, and check the details we found.`
      : isNew
        ? 'Check the details we found and correct anything that is off. Bedrooms, bathrooms and size shape the estimate.'
        : 'Keep the details of your home up to date. Bedrooms, bathrooms and size shape the estimate.';
  return (
    <div className="wz-stack">
      <StepHeader eyebrow="Step 1.5 · Details and photos" title="Tell us about your home" subtitle={subtitle} />
      <div className="wz-grid wz-grid--details">
        <Card title={<h2 className="wz-card-title">Property details</h2>}>
          <PropertyDetailsForm
            key={`${property.id ?? 'new'}:${property.address}`}
            name="wizard-details"
            initialValues={toFormValues(property, manual)}
            addressReadOnly
            submitLabel={isNew ? 'Analyze Property' : 'Save Changes'}
            submitting={saving}
            onSubmit={onSubmit}
            secondaryActions={
              <Button size="large" onClick={onBack} disabled={saving}>
                Back to Address
              </Button>
            }
          />
        </Card>
        <PhotosSlot propertyId={isNew ? null : property.id} demo={false} />
      </div>
    </div>
  );
}
