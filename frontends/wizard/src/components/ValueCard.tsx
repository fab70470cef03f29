import { Button, Card } from 'antd';
import { formatCurrency } from '@hsa/ui-kit';
import { assumedRangeNote, rangePosition, valueRange, type ValueRange } from '../domain/valuation';
import type { WizardProperty } from '../domain/wizardProperty';
import { Locked } from './Locked';
import { useLockMessages } from './lockMessages';

export interface ValueCardProps {
  property: WizardProperty;
  dataSource: string | null;
  /** Demo mode: the value is locked (the demo banner above offers the way to unlock it). */
  locked: boolean;
  /** Refresh Valuation (saved properties of signed-in users). */
  refresh?: { onClick: () => void; loading: boolean } | undefined;
  /** 'large' on the analysis step, 'compact' in step 1's summary. */
  size?: 'large' | 'compact';
  /** Why there is no estimate, when the card has none (default: too few sales nearby). */
  noEstimateReason?: string;
}

/** Where the figure and its range would be: shapes only, so nothing behind the demo's blur can be read. */
function ValueShapes() {
  return (
    <div className="wz-value__shapes" aria-hidden="true" data-testid="estimate-shapes">
      <span className="wz-shape wz-shape--figure" />
      <span className="wz-shape wz-shape--track" />
      <span className="wz-value__shape-labels">
        <span className="wz-shape wz-shape--label" />
        <span className="wz-shape wz-shape--label" />
      </span>
    </div>
  );
}

function ValueFigure({ estimate, range }: { estimate: number; range: ValueRange }) {
  const position = rangePosition(estimate, range);
  return (
    <>
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
    </>
  );
}

/**
 * The estimated value with its low/high range bar (85% / 115% of the estimate when the range is missing). Locked
 * (demo mode), it shows shapes, never the figure: the demo does not even receive it (estimateWithheld).
 */
export function ValueCard({ property, dataSource, locked, refresh, size = 'large', noEstimateReason = 'There were not enough nearby sales to estimate this home.' }: ValueCardProps) {
  const lockMessages = useLockMessages();
  const estimate = property.estimatedValue;
  const range = valueRange(estimate, property.estimatedValueLow, property.estimatedValueHigh);
  let body;
  if (locked && (estimate !== null || property.estimateWithheld)) {
    body = (
      <Locked locked message={lockMessages.estimate}>
        <ValueShapes />
      </Locked>
    );
  } else if (estimate !== null && range) body = <ValueFigure estimate={estimate} range={range} />;
  else {
    body = (
      <div className="wz-value__none">
        <p className="wz-value__none-title">No estimate yet</p>
        <p className="wz-muted">
          {noEstimateReason} {refresh ? 'Try refreshing the valuation.' : ''}
        </p>
      </div>
    );
  }
  return (
    <Card className={`wz-value wz-value--${size}`} title={<h2 className="wz-card-title">Estimated value</h2>}>
      {body}
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
