import { Button } from 'antd';
import { LockIcon } from './icons';
import type { UnlockAction } from './Locked';

/**
 * Demo mode's notice above the analysis: for visitors, what signing in unlocks ('Sign In to Save');
 * after a failed auto-save, that the property is not saved yet ('Save Now').
 */
export function DemoBanner({ signedIn, action }: { signedIn: boolean; action: UnlockAction }) {
  return (
    <section className="wz-demo-banner" aria-label="Demo mode">
      <span className="wz-demo-banner__icon" aria-hidden="true">
        <LockIcon size={18} />
      </span>
      <div className="wz-demo-banner__text">
        <p className="wz-demo-banner__title">{signedIn ? 'This property is not saved to your account yet' : 'You are viewing a free demo analysis'}</p>
        <p className="wz-demo-banner__body">
          {signedIn
            ? 'Save it to unlock its estimated value, comparable sales, neighborhood insights, recommendations and listing.'
            : 'Sign in to save this property and unlock its estimated value, comparable sales, neighborhood insights, AI recommendations and a listing description. It is free.'}
        </p>
      </div>
      <Button type="primary" size="large" onClick={action.onClick} loading={action.loading}>
        {action.label}
      </Button>
    </section>
  );
}
