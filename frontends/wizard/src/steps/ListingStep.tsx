import { Button, Card, Flex, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import {
  ListingWorkspace,
  OutdatedNotice,
  RecommendationSelector,
  cityStateZip,
  streetPart,
  useGenerateRecommendations,
  useRecommendations,
  writtenForAnotherEstimate,
} from '@hsa/ui-kit';
import { StepHeader } from '../components/StepHeader';
import { usePageTitle } from '../components/usePageTitle';
import type { WizardStep } from '../domain/wizardRoute';
import type { ListingStepSlotProps } from './ListingStepSlot';

/** The improvements to make, with the value calculator; or the way to step 3 when there are none yet. */
function ValuePlan({ propertyId, estimatedValue, goToStep }: { propertyId: string; estimatedValue: number | null; goToStep: (step: WizardStep) => void }) {
  const list = useRecommendations(propertyId);
  const regenerate = useGenerateRecommendations(propertyId, 'wizard');
  if (list.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (list.isError || list.data.length === 0) {
    return (
      <Card data-testid="value-plan-empty">
        <Flex vertical align="flex-start" gap={10}>
          <p className="wz-muted">
            {list.isError
              ? "We couldn't load the recommendations for this home."
              : 'No recommendations yet. Generate them to pick the improvements to make and see the value they add.'}
          </p>
          <Button onClick={() => goToStep(3)}>Go to Recommendations</Button>
        </Flex>
      </Card>
    );
  }
  const basedOnEstimate = list.data[0]?.basedOnEstimate;
  return (
    <>
      {basedOnEstimate !== undefined && writtenForAnotherEstimate(basedOnEstimate, estimatedValue) ? (
        <OutdatedNotice
          what="recommendations"
          basedOnEstimate={basedOnEstimate}
          estimatedValue={estimatedValue}
          onRegenerate={() => regenerate.mutate()}
          regenerating={regenerate.isPending}
        />
      ) : null}
      <RecommendationSelector
        key={list.data.map((r) => r.id).join('|')}
        recommendations={list.data}
        estimatedValue={estimatedValue}
      />
    </>
  );
}

/**
 * Steps 4 and above (their own chunk, see ListingStepSlot): the recommendation selector with its value
 * calculator (projected value animated over 1 s), then the listing description card.
 */
export default function ListingStep({ property, goToStep }: ListingStepSlotProps) {
  usePageTitle(`${streetPart(property.address)} · Value plan and listing`);
  const navigate = useNavigate();
  return (
    <div className="wz-stack" data-slot="listing-step">
      <StepHeader eyebrow="Step 4 · Value plan and listing" title={streetPart(property.address)} subtitle={cityStateZip(property)} />
      <section className="wz-stack" aria-labelledby="wz-value-plan-title">
        <div>
          <h2 id="wz-value-plan-title" className="wz-section-title">
            Choose your improvements
          </h2>
          <p className="wz-muted wz-section-intro">Select the projects you plan to do: the calculator adds up their cost, the value they add and your return.</p>
        </div>
        <ValuePlan propertyId={property.id} estimatedValue={property.estimatedValue} goToStep={goToStep} />
      </section>
      <ListingWorkspace propertyId={property.id} address={property.address} estimatedValue={property.estimatedValue} variant="wizard" />
      <Flex justify="space-between" wrap gap={12}>
        <Button size="large" onClick={() => goToStep(3)}>
          Back to Recommendations
        </Button>
        <Button type="primary" size="large" onClick={() => navigate('/dashboard')}>
          Go to My Properties
        </Button>
      </Flex>
    </div>
  );
}
