import { Button, Card } from 'antd';
import { formatCurrency } from '@hsa/ui-kit';
import { assumedRangeNote, rangePosition, valueRange } from '../domain/valuation';
import type { WizardProperty } from '../domain/wizardProperty';
import { Locked } from './Locked';

export interface ValueCardProps {
  property: WizardProperty;
  dataSource: string | null;
  /** Demo mode: the value is blurred (the demo banner above offers the way to unlock it). */
  locked: boolean;
  /** Refresh Valuation (saved properties of signed-in users). */
  refresh?: { onClick: () => void; loading: boolean } | undefined;
  /** 'large' on the analysis step, 'compact' in step 1's summary. */
  size?: 'large' | 'compact';
}

/** The estimated value with its low/high range bar (85% / 115% of the estimate when the range is missing). */
export function ValueCard({ property, dataSource, locked, refresh, size = 'large' }: ValueCardProps) {
  const estimate = property.estimatedValue;
  const range = valueRange(estimate, property.estimatedValueLow, property.estimatedValueHigh);
  const position = estimate !== null && range ? rangePosition(estimate, range) : 50;
  return (
    <Card className={`wz-value wz-value--${size}`} title={<h2 className="wz-card-title">Estimated value</h2>}>
      {estimate === null || !range ? (
        <div className="wz-value__none">
          <p className="wz-value__none-title">No estimate yet</p>
          <p className="wz-muted">
            There were not enough nearby sales to estimate this home. {refresh ? 'Try refreshing the valuation.' : ''}
          </p>
        </div>
      ) : (
        <Locked locked={locked} message="Sign in to see this home's estimated value">
          <p className="wz-value__figure" data-testid="estimated-value">
            {formatCurrency(estimate)}
          </p>
          <div className="wz-range" role="img" aria-label={`Likely range ${formatCurrency(range.low)} to ${formatCurrency(range.high)}`}>
            <div className="wz-range__track">
              <span className="wz-range__marker" style={{ left: `${position}%` }} />
            </div>
            <div className="wz-range__labels" aria-hidden="true">
              <span>
                <span className="wz-range__label">Low</span>
                {formatCurrency(range.low)}
              </span>
              <span className="wz-range__high">
                <span className="wz-range__label">High</span>
                {formatCurrency(range.high)}
              </span>
            </div>
          </div>
          {range.assumed ? (
            <p className="wz-muted wz-value__range-note" data-testid="assumed-range-note">
              {assumedRangeNote}
            </p>
          ) : null}
        </Locked>
      )}
      <div className="wz-value__footer">
        {dataSource ? <p className="wz-source">{dataSource}</p> : <span />}
        {refresh ? (
          <Button onClick={refresh.onClick} loading={refresh.loading}>
            Refresh Valuation
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
