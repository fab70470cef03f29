import { Suspense, lazy } from 'react';
import type { WizardProperty } from '../domain/wizardProperty';
import type { WizardStep } from '../domain/wizardRoute';
import { StepSkeleton } from '../components/StepSkeleton';

// The selector and listing widgets load only when step 4 opens.
const ListingStep = lazy(() => import('./ListingStep'));

/**
 * Wizard steps 4 and above: the recommendation selector with its value calculator (value animated over
 * 1 s) and the listing description card (ListingStep).
 */
export interface ListingStepSlotProps {
  property: WizardProperty & { id: string };
  /** The step number from the URL (4 or more). */
  step: WizardStep;
  goToStep: (step: WizardStep) => void;
}

export function ListingStepSlot(props: ListingStepSlotProps) {
  return (
    <Suspense fallback={<StepSkeleton />}>
      <ListingStep {...props} />
    </Suspense>
  );
}
