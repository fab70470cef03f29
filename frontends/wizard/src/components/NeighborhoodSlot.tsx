import { Card } from 'antd';
import type { WizardProperty } from '../domain/wizardProperty';
import { Locked, type UnlockAction } from './Locked';

/**
 * Extension point: the neighborhood insights card of step 2 (Overview, Family Life, Lifestyle, Market;
 * scores as n/10; ten loading messages every 2 s). The neighborhood issue replaces the placeholder below
 * with the kit's widget; demo mode's lock stays here.
 */
export interface NeighborhoodSlotProps {
  /** The property being analysed; a saved one has an id for GET /api/properties/{id}/neighborhood. */
  property: WizardProperty;
  /** Demo mode: the card is blurred behind 'Login to View Neighborhood Analysis' (no call is made). */
  demo: boolean;
  /** What unlocks it in demo mode (sign in, or Save Now after a failed auto-save). */
  unlock?: UnlockAction | undefined;
}

// What the blurred demo preview looks like (made-up figures: they are never readable).
const previewRows = [
  ['Family life', '8/10'],
  ['Walkability', '6/10'],
  ['Dining', '7/10'],
  ['Lifestyle', 'Quiet, leafy streets'],
  ['Schools nearby', '4 within a mile'],
  ['Market', 'Steady demand'],
];

export function NeighborhoodSlot({ property, demo, unlock }: NeighborhoodSlotProps) {
  const preview = (
    <dl className="wz-neighborhood__preview">
      {previewRows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <Card className="wz-neighborhood" title={<h2 className="wz-card-title">Neighborhood insights</h2>}>
      {demo ? (
        <Locked
          locked
          message="Family life, walkability, dining and the local market, for signed-in owners."
          action={unlock ? { ...unlock, label: unlock.label === 'Sign In to Save' ? 'Login to View Neighborhood Analysis' : unlock.label } : undefined}
        >
          {preview}
        </Locked>
      ) : (
        <div className="wz-placeholder" data-slot="neighborhood" data-property-id={property.id ?? ''}>
          <p className="wz-placeholder__title">Neighborhood insights are on their way</p>
          <p className="wz-muted">
            Family life, walkability, dining, lifestyle and market context around {property.city || 'this home'} will appear here.
          </p>
        </div>
      )}
    </Card>
  );
}
