import { Button, Flex } from 'antd';
import { RecommendationsWorkspace, cityStateZip, streetPart } from '@hsa/ui-kit';
import { StepHeader } from '../components/StepHeader';
import { usePageTitle } from '../components/usePageTitle';
import type { RecommendationsStepSlotProps } from './RecommendationsStepSlot';

/**
 * Step 3 (its own chunk, see RecommendationsStepSlot): the home's recommendations with the potential value
 * increase, generated inline with the wizard's eight messages and toasts when there are none yet.
 */
export default function RecommendationsStep({ property, goToStep }: RecommendationsStepSlotProps) {
  usePageTitle(`${streetPart(property.address)} · Recommendations`);
  return (
    <div className="wz-stack" data-slot="recommendations-step">
      <StepHeader
        eyebrow="Step 3 · AI recommendations"
        title={streetPart(property.address)}
        subtitle={cityStateZip(property)}
      />
      <RecommendationsWorkspace
        propertyId={property.id}
        estimatedValue={property.estimatedValue}
        variant="wizard"
        footer={
          <Flex className="wz-step-footer" justify="space-between" wrap gap={12}>
            <Button size="large" onClick={() => goToStep(2)}>
              Back to Analysis
            </Button>
            <Button type="primary" size="large" onClick={() => goToStep(4)}>
              Continue to Listing
            </Button>
          </Flex>
        }
      />
    </div>
  );
}
