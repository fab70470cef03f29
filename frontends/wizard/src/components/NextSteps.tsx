import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentIcon, HomeIcon, LockIcon, SparkIcon } from './icons';
import type { UnlockAction } from './Locked';

export interface NextStepsProps {
  /** The saved property's id (null in demo mode). */
  propertyId: string | null;
  demo: boolean;
  /** Demo: the final call to action signs in (or saves, after a failed auto-save). */
  unlock?: UnlockAction | undefined;
  /** Signed in: the final call to action opens the property details (step 1.5). */
  onEditDetails: () => void;
}

/**
 * The end of the analysis: two next steps (recommendations, listing; locked in demo mode) and the final
 * call to action, to the property details or, in demo mode, to sign in.
 */
export function NextSteps({ propertyId, demo, unlock, onEditDetails }: NextStepsProps) {
  const navigate = useNavigate();
  const id = propertyId ? encodeURIComponent(propertyId) : '';
  const lockIcon = demo ? <LockIcon size={14} /> : null;
  return (
    <>
      <Card className="wz-next" title={<h2 className="wz-card-title">Get ready to sell</h2>}>
        <div className="wz-next__grid">
          <div className="wz-next__item">
            <span className="wz-next__icon" aria-hidden="true">
              <SparkIcon />
            </span>
            <div>
              <h3 className="wz-next__title">AI recommendations</h3>
              <p className="wz-muted">Improvements that add the most value for what they cost.</p>
            </div>
            <Button
              icon={lockIcon}
              disabled={demo}
              onClick={() => navigate(`/recommendations?propertyId=${id}`)}
            >
              Get Recommendations
            </Button>
          </div>
          <div className="wz-next__item">
            <span className="wz-next__icon" aria-hidden="true">
              <DocumentIcon />
            </span>
            <div>
              <h3 className="wz-next__title">Listing description</h3>
              <p className="wz-muted">A polished description written from your home's real details.</p>
            </div>
            <Button icon={lockIcon} disabled={demo} onClick={() => navigate(`/listing?propertyId=${id}`)}>
              Write My Listing
            </Button>
          </div>
        </div>
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
              ? 'Sign in to keep this property, see its full analysis and unlock recommendations and a listing.'
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
