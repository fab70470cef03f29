import { Suspense, lazy, useRef } from 'react';
import { Card, Skeleton } from 'antd';
import { NeighborhoodPreviewShapes, useNeighborhoodInsights } from '@hsa/ui-kit';
import type { WizardProperty } from '../domain/wizardProperty';
import { Locked, type UnlockAction } from './Locked';
import { useLockMessages } from './lockMessages';
import { useNearViewport } from './useNearViewport';

// The card with its tabs (antd Tabs, Typography, Alert) loads as a saved property's card nears the viewport, at the
// foot of step 2; demo mode never needs it.
const NeighborhoodCard = lazy(() => import('./NeighborhoodCard'));
/** How far ahead of the viewport the card starts loading. */
const cardLoadMargin = '200px 0px';

/**
 * The neighborhood insights card of step 2 (Overview, Family Life, Lifestyle, Market; scores as n/10; ten
 * loading messages every 2 s), from the kit. Demo mode keeps the wizard's own lock: nothing is fetched.
 */
export interface NeighborhoodSlotProps {
  /** The property being analysed; a saved one has an id for GET /api/properties/{id}/neighborhood. */
  property: WizardProperty;
  /** Demo mode: the card is blurred behind 'Login to View Neighborhood Analysis' (no call is made). */
  demo: boolean;
  /** What unlocks it in demo mode (sign in, or Save Now after a failed auto-save). */
  unlock?: UnlockAction | undefined;
}

const title = <h2 className="wz-card-title">Neighborhood insights</h2>;

export function NeighborhoodSlot({ property, demo, unlock }: NeighborhoodSlotProps) {
  const lockMessages = useLockMessages();
  if (!demo && property.id) return <SavedNeighborhood propertyId={property.id} />;
  return (
    <Card className="wz-neighborhood" title={title}>
      {demo ? (
        <Locked
          locked
          message={lockMessages.neighborhood}
          action={unlock ? { ...unlock, label: unlock.label === 'Sign In to Save' ? 'Login to View Neighborhood Analysis' : unlock.label } : undefined}
        >
          {/* Shapes only: a locked preview shows no score, fact or figure, real or made up. */}
          <NeighborhoodPreviewShapes />
        </Locked>
      ) : (
        <p className="wz-muted">Save this property to see family life, walkability, dining and the local market around it.</p>
      )}
    </Card>
  );
}

/**
 * A saved property's card. Its insights are asked for as it nears the viewport too, alongside its chunk rather than
 * after it (the card reads the same query). Not with the page: a Refresh Valuation made while that first request is
 * still out would not refetch it (react-query joins a first fetch instead of restarting it), and the card would
 * quote the old estimate.
 */
function SavedNeighborhood({ propertyId }: { propertyId: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, cardLoadMargin);
  useNeighborhoodInsights(propertyId, near);
  const loading = (
    <Card title={title} aria-busy="true">
      <Skeleton active paragraph={{ rows: 4 }} />
    </Card>
  );
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={loading}>
          <NeighborhoodCard propertyId={propertyId} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
