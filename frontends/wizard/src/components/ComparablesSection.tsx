import { Button, Card, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ShownComparableSale } from '@hsa/contracts';
import { comparablesDataSource, priceKindOf, priceWords } from '../domain/comparables';
import type { WizardProperty } from '../domain/wizardProperty';
import { ComparablesMap } from '../map/ComparablesMap';
import { mapMessages } from '../map/mapMessages';
import { ComparablesShortList, ComparablesTable } from './ComparablesTable';
import { Locked } from './Locked';
import { useLockMessages } from './lockMessages';

export interface ComparablesSectionProps {
  property: WizardProperty;
  comparables: UseQueryResult<ShownComparableSale[], Error>;
  /** 'summary': step 1 (the first 3 sales and a location map); 'analysis': step 2 (all sales). */
  variant: 'summary' | 'analysis';
  /** Demo mode: the sales and the map are blurred (the demo banner offers the way to unlock them). */
  locked: boolean;
}

/** Number of comparable sales step 1 shows (spec section 9). */
export const summaryComparableCount = 3;

/** The comparable sales and their map, with their loading, error and empty states. */
export function ComparablesSection({ property, comparables, variant, locked }: ComparablesSectionProps) {
  const lockMessages = useLockMessages();
  const all = comparables.data ?? [];
  // Step 1 shows the first 3; behind demo mode's blur a few rows are enough.
  const shown = variant === 'summary' ? all.slice(0, summaryComparableCount) : locked ? all.slice(0, 5) : all;
  const dataSource = comparablesDataSource(all) ?? property.dataSource;
  const waiting = comparables.isLoading;
  // A listing-based provider's comparables are listings, named so everywhere.
  const plural = priceWords[priceKindOf(all)].plural;

  let list;
  if (waiting) list = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (comparables.isError) {
    list = (
      <div className="wz-inline-message" role="alert">
        <p>{`We couldn't load the comparable ${plural} just now.`}</p>
        <Button onClick={() => void comparables.refetch()}>Try Again</Button>
      </div>
    );
  } else if (!shown.length) {
    list = (
      <p className="wz-inline-message" role="note">
        {mapMessages.noComparables}
      </p>
    );
  } else list = variant === 'summary' ? <ComparablesShortList comparables={shown} /> : <ComparablesTable comparables={shown} estimate={locked ? null : property.estimatedValue} />;

  const map = (
    <ComparablesMap
      subject={{ address: property.address, coordinates: property.coordinates, estimatedValue: locked ? null : property.estimatedValue }}
      comparables={waiting ? [] : shown}
      dataSource={dataSource}
      height={variant === 'summary' ? 300 : 400}
    />
  );

  return (
    <Card
      className={`wz-comps wz-comps--${variant}`}
      title={<h2 className="wz-card-title">{variant === 'summary' ? `Recent ${plural} nearby` : `Comparable ${plural}`}</h2>}
      extra={shown.length && !locked ? <span className="wz-muted">{`${shown.length} of ${all.length} ${plural}`}</span> : null}
    >
      <Locked locked={locked} message={lockMessages.comparables(plural)}>
        <div className={`wz-comps__body wz-comps__body--${variant}`}>
          <div className="wz-comps__map">{map}</div>
          <div className="wz-comps__list">{list}</div>
        </div>
      </Locked>
    </Card>
  );
}
