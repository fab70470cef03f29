import { Suspense, lazy, type ReactNode } from 'react';
import { Button, Card, Skeleton } from 'antd';
import { useGenerateRecommendations, useRecommendations } from '@hsa/ui-kit';
import type { WizardStep } from '../domain/wizardRoute';
import { DocumentIcon, HomeIcon, LockIcon, SparkIcon } from './icons';
import type { UnlockAction } from './Locked';
import { useLockMessages } from './lockMessages';

// Shown only while recommendations are generated: its antd Flex, Spin and Typography load then (or when the pointer or
// the focus reaches Get Recommendations), not with every analysis.
const loadGenerating = () => import('./GeneratingRecommendations');
const GeneratingRecommendations = lazy(loadGenerating);
const preloadGenerating = () => void loadGenerating().catch(() => {});

export interface NextStepsProps {
  /** The saved property's id (null in demo mode). */
  propertyId: string | null;
  demo: boolean;
  /** Demo: the final call to action signs in (or saves, after a failed auto-save). */
  unlock?: UnlockAction | undefined;
  /** Signed in: the final call to action opens the property details (step 1.5). */
  onEditDetails: () => void;
  /** Opens another wizard step: 3 once recommendations exist (or are generated here), 4 for the listing. */
  goToStep: (step: WizardStep) => void;
}

function NextStep({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <div className="wz-next__item">
      <span className="wz-next__icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h3 className="wz-next__title">{title}</h3>
        <p className="wz-muted">{text}</p>
      </div>
      {action}
    </div>
  );
}

const recommendationsText = 'Improvements that add the most value for what they cost.';
const listingText = "A polished description written from your home's real details.";

/** Demo mode: both next steps are locked. */
function LockedNextSteps() {
  const lock = <LockIcon size={14} />;
  return (
    <div className="wz-next__grid">
      <NextStep icon={<SparkIcon />} title="AI recommendations" text={recommendationsText} action={<Button icon={lock} disabled>Get Recommendations</Button>} />
      <NextStep icon={<DocumentIcon />} title="Listing description" text={listingText} action={<Button icon={lock} disabled>Write My Listing</Button>} />
    </div>
  );
}

/**
 * A saved property: recommendations are generated right here (the wizard's eight messages and toasts) and
 * the wizard then goes to step 3; once they exist the button opens step 3. The listing is written at step 4.
 */
function SavedNextSteps({ propertyId, goToStep }: { propertyId: string; goToStep: (step: WizardStep) => void }) {
  const existing = useRecommendations(propertyId);
  const generate = useGenerateRecommendations(propertyId, 'wizard', () => goToStep(3));
  if (generate.isPending) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <GeneratingRecommendations />
      </Suspense>
    );
  }
  const hasRecommendations = (existing.data?.length ?? 0) > 0;
  return (
    <div className="wz-next__grid">
      <NextStep
        icon={<SparkIcon />}
        title="AI recommendations"
        text={hasRecommendations ? `${existing.data!.length} improvements ready for this home, with their cost, value added and return.` : recommendationsText}
        action={
          hasRecommendations ? (
            <Button onClick={() => goToStep(3)}>View Recommendations</Button>
          ) : (
            <Button loading={existing.isPending} onClick={() => generate.mutate()} onPointerEnter={preloadGenerating} onFocus={preloadGenerating}>
              Get Recommendations
            </Button>
          )
        }
      />
      <NextStep
        icon={<DocumentIcon />}
        title="Listing description"
        text={listingText}
        action={<Button onClick={() => goToStep(4)}>Write My Listing</Button>}
      />
    </div>
  );
}

/**
 * The end of the analysis: two next steps (recommendations, listing; locked in demo mode) and the final
 * call to action, to the property details or, in demo mode, to sign in.
 */
export function NextSteps({ propertyId, demo, unlock, onEditDetails, goToStep }: NextStepsProps) {
  const lockMessages = useLockMessages();
  return (
    <>
      <Card className="wz-next" title={<h2 className="wz-card-title">Get ready to sell</h2>}>
        {demo || !propertyId ? <LockedNextSteps /> : <SavedNextSteps propertyId={propertyId} goToStep={goToStep} />}
      </Card>
      <section className="wz-cta" aria-labelledby="wz-cta-title">
        <span className="wz-cta__icon" aria-hidden="true">
          <HomeIcon size={22} />
        </span>
        <div className="wz-cta__text">
          <h2 id="wz-cta-title" className="wz-cta__title">
            {demo ? 'Save this analysis to your account' : 'Is everything about your home right?'}
          </h2>
          <p>
            {demo
              ? lockMessages.callToAction
              : 'Correct the bedrooms, bathrooms or size, add details buyers care about, and add photos.'}
          </p>
        </div>
        {demo && unlock ? (
          <Button type="primary" size="large" onClick={unlock.onClick} loading={unlock.loading}>
            {unlock.label}
          </Button>
        ) : (
          <Button type="primary" size="large" onClick={onEditDetails}>
            Review Property Details
          </Button>
        )}
      </section>
    </>
  );
}
