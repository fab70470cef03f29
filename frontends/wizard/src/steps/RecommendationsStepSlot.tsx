import { Suspense, lazy } from 'react';
import type { WizardProperty } from '../domain/wizardProperty';
import type { WizardStep } from '../domain/wizardRoute';
import { StepSkeleton } from '../components/StepSkeleton';

// The recommendations widgets load only when step 3 opens.
const RecommendationsStep = lazy(() => import('./RecommendationsStep'));

/**
 * Wizard step 3, reached after recommendations are generated: the recommendations grid with its value
 * calculator, 'Analysis Error…' on failure, rotating messages every 3 s (RecommendationsStep).
 */
export interface RecommendationsStepSlotProps {
  /** The saved property (steps 3 and above are never shown in demo mode). */
  property: WizardProperty & { id: string };
  /** Moves the wizard to another step (e.g. 2 for Back to Analysis, 4 for the selector and listing). */
  goToStep: (step: WizardStep) => void;
}

export function RecommendationsStepSlot(props: RecommendationsStepSlotProps) {
  return (
    <Suspense fallback={<StepSkeleton />}>
      <RecommendationsStep {...props} />
    </Suspense>
  );
}
