import { Suspense, lazy, useId, useRef } from 'react';
import { Button, Card, Skeleton } from 'antd';
import { useValueHistory } from '../api/valueHistory';
import { formatMoney } from '../domain/format';
import { indexLabel, summary, tableRows, type FoundValueHistory } from '../domain/valueHistory';
import { Locked } from './Locked';
import { useLockMessages } from './lockMessages';
import { useNearViewport } from './useNearViewport';
import { valueHistoryColors } from './valueHistoryColors';
// After the wizard's base styles, which these build on (and one order in every chunk).
import '../wizard.css';
import './valueHistory.css';

// uPlot and the chart load only where the chart shows (a saved property's analysis), once it is about to be seen:
// the section sits below the fold, and its legend, summary and table need no chart.
const ValueHistoryChart = lazy(() => import('./ValueHistoryChart'));
/** How far ahead of the viewport the chart starts loading, so it is usually drawn by the time it scrolls in. */
const chartLoadMargin = '200px 0px';

export interface ValueHistorySectionProps {
  /** The saved property's id (null for the demo and drafts: nothing is fetched). */
  propertyId: string | null;
  /** Whether the property has an estimate (the value carried over time is the one its value card shows). */
  hasEstimate: boolean;
  /** Demo mode: blurred with no figures behind the blur (the demo banner above offers the way to unlock it). */
  demo: boolean;
}

const title = <h2 className="wz-card-title">Value over time</h2>;

/** Step 2's picture of the home's value over time, with its loading, error, empty and locked states. */
export function ValueHistorySection({ propertyId, hasEstimate, demo }: ValueHistorySectionProps) {
  const lockMessages = useLockMessages();
  const history = useValueHistory(demo || !hasEstimate ? null : propertyId);
  let body;
  if (demo) {
    body = (
      <Locked locked message={lockMessages.valueHistory}>
        <div className="wz-vh-empty" />
      </Locked>
    );
  } else if (propertyId === null) body = <p className="wz-muted">Save this property to see how its value moved over the years.</p>;
  else if (!hasEstimate) body = <p className="wz-muted">Once this home has an estimate, its value over the years shows here.</p>;
  else if (history.isLoading) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (history.isError || !history.data) {
    body = (
      <div className="wz-inline-message" role="alert">
        <p>We couldn't load this home's value over time just now.</p>
        <Button onClick={() => void history.refetch()}>Try Again</Button>
      </div>
    );
  } else if (!history.data.found) {
    body = (
      <p className="wz-inline-message" role="note">
        {history.data.message}
      </p>
    );
  } else body = <ValueHistoryFigures history={history.data} />;
  return (
    <Card className="wz-vh" title={title}>
      {body}
    </Card>
  );
}

function ValueHistoryFigures({ history }: { history: FoundValueHistory }) {
  const summaryId = useId();
  const chartSlot = useRef<HTMLDivElement>(null);
  const chartNear = useNearViewport(chartSlot, chartLoadMargin);
  // The chart's own size (see valueHistory.css), so nothing moves when it replaces this.
  const chartSkeleton = <Skeleton.Node active className="wz-vh-chart__loading" />;
  return (
    <div className="wz-vh__body">
      <p className="wz-vh__index">
        Along the <strong>{indexLabel(history)}</strong>
      </p>
      <p id={summaryId} className="visually-hidden">
        {summary(history)}
      </p>
      <div ref={chartSlot} className="wz-vh__chart-slot">
        {chartNear ? (
          <Suspense fallback={chartSkeleton}>
            <ValueHistoryChart history={history} describedBy={summaryId} />
          </Suspense>
        ) : (
          chartSkeleton
        )}
      </div>
      <ul className="wz-legend" aria-label="Chart legend">
        <li>
          <span className="wz-vh__swatch wz-vh__swatch--line" style={{ borderColor: valueHistoryColors.value }} aria-hidden="true" />
          Estimated value along the index
        </li>
        {history.points.some((p) => p.afterIndexEnd) ? (
          <li>
            <span className="wz-vh__swatch wz-vh__swatch--dashed" style={{ borderColor: valueHistoryColors.value }} aria-hidden="true" />
            Held at the index's last level, {history.index.lastPeriod}
          </li>
        ) : null}
        <li>
          <span className="wz-vh__swatch wz-vh__swatch--band" style={{ background: valueHistoryColors.band }} aria-hidden="true" />
          Likely range (low to high)
        </li>
        <li>
          <span className="wz-vh__swatch wz-vh__swatch--dot" style={{ background: valueHistoryColors.sale }} aria-hidden="true" />
          {history.sales.length ? 'Recorded sale of this home' : 'No recorded sale of this home in the data'}
        </li>
      </ul>
      <details className="wz-vh__table">
        <summary>Show the figures as a table</summary>
        <ValueHistoryTable history={history} />
      </details>
      <ul className="wz-vh__notes">
        {history.notes.map((note) => (
          <li key={note} className="wz-muted">
            {note}
          </li>
        ))}
      </ul>
      <p className="wz-source">
        Index: {history.index.name}, {history.index.firstPeriod} to {history.index.lastPeriod}. Sales: {history.dataSource}.
      </p>
    </div>
  );
}

function ValueHistoryTable({ history }: { history: FoundValueHistory }) {
  return (
    <div className="wz-table-wrap" tabIndex={0} role="region" aria-label="Value over time, as a table">
      <table className="wz-table">
        <caption className="visually-hidden">Estimated value over time and recorded sales</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Estimated value</th>
            <th scope="col">Low</th>
            <th scope="col">High</th>
            <th scope="col">Recorded sale</th>
          </tr>
        </thead>
        <tbody>
          {tableRows(history).map((row) => (
            <tr key={`${row.date}-${row.sale === null ? 'value' : 'sale'}`} className={row.sale !== null ? 'wz-vh__sale-row' : undefined}>
              <th scope="row">
                {row.label}
                {row.afterIndexEnd ? <span className="wz-muted"> (index held)</span> : null}
              </th>
              <td className="wz-table__num">{formatMoney(row.value)}</td>
              <td className="wz-table__num">{formatMoney(row.low)}</td>
              <td className="wz-table__num">{formatMoney(row.high)}</td>
              <td className="wz-table__num">{row.sale === null ? '' : formatMoney(row.sale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
