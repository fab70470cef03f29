import { Button, Card } from 'antd';
import type { WizardProperty } from '../domain/wizardProperty';
import type { WizardStep } from '../domain/wizardRoute';

/**
 * Extension point: wizard steps 4 and above, the recommendation selector with its value calculator
 * (value animated over 1 s) and the listing description card. The AI issue builds it.
 */
export interface ListingStepSlotProps {
  property: WizardProperty & { id: string };
  /** The step number from the URL (4 or more). */
  step: WizardStep;
  goToStep: (step: WizardStep) => void;
}

export function ListingStepSlot({ goToStep }: ListingStepSlotProps) {
  return (
    <Card data-slot="listing-step">
      <div className="wz-placeholder">
        <p className="wz-placeholder__title">Your value plan and listing arrive here soon</p>
        <p className="wz-muted">Pick the improvements to make, see the projected value, and get a listing description.</p>
        <Button onClick={() => goToStep(2)}>Back to Analysis</Button>
      </div>
    </Card>
  );
}
