import { Button, Card } from 'antd';
import type { WizardProperty } from '../domain/wizardProperty';
import type { WizardStep } from '../domain/wizardRoute';

/**
 * Extension point: wizard step 3, reached after recommendations are generated (the AI issue builds it:
 * the recommendations grid, 'Analysis Error…' on failure, rotating messages every 3 s).
 */
export interface RecommendationsStepSlotProps {
  /** The saved property (steps 3 and above are never shown in demo mode). */
  property: WizardProperty & { id: string };
  /** Moves the wizard to another step (e.g. 2 for Back to Analysis, 4 for the selector and listing). */
  goToStep: (step: WizardStep) => void;
}

export function RecommendationsStepSlot({ goToStep }: RecommendationsStepSlotProps) {
  return (
    <Card data-slot="recommendations-step">
      <div className="wz-placeholder">
        <p className="wz-placeholder__title">AI recommendations arrive here soon</p>
        <p className="wz-muted">Improvements worth making before you list, with their cost, value added and return.</p>
        <Button onClick={() => goToStep(2)}>Back to Analysis</Button>
      </div>
    </Card>
  );
}
