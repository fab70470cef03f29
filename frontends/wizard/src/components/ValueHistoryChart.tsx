import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../domain/format';
import { chartColumns, compactMoney, pointLabel, type FoundValueHistory } from '../domain/valueHistory';
import { valueHistoryColors } from './valueHistoryColors';

/**
 * The value-over-time chart (uPlot on a canvas, loaded only with step 2's value section): the estimate along
 * the price index (dashed where the index has ended and its last level is held), the low/high range as a band,
 * and the home's recorded sales as points. A tooltip follows the pointer; the chart takes focus and the arrow
 * keys move between dates, read out through a live region. The table beside it holds the same figures.
 */
export default function ValueHistoryChart({ history, describedBy }: { history: FoundValueHistory; describedBy: string }) {
  const columns = useMemo(() => chartColumns(history), [history]);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = new uPlot(
      chartOptions(element.clientWidth, (index) => setActive(index ?? null)),
      [columns.x, columns.low, columns.high, columns.alongIndex, columns.heldFlat, columns.sales],
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: chartHeight(element.clientWidth) }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [columns]);

  const moveTo = (index: number) => {
    const chart = plot.current;
    if (!chart) return;
    const clamped = Math.max(0, Math.min(columns.x.length - 1, index));
    const value = columns.alongIndex[clamped] ?? columns.heldFlat[clamped] ?? columns.high[clamped]!;
    chart.setCursor({ left: chart.valToPos(columns.x[clamped]!, 'x'), top: chart.valToPos(value, 'y') });
    setActive(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? columns.x.length - 1;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -1, ArrowUp: 1 }[event.key];
    if (step !== undefined) moveTo(current + step);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(columns.x.length - 1);
    else return;
    event.preventDefault();
  };

  const text = active === null ? '' : tooltipText(history, columns, active);
  const left = active === null || !plot.current ? 0 : plot.current.valToPos(columns.x[active]!, 'x') + plot.current.over.offsetLeft;

  return (
    <div className="wz-vh-chart">
      <div
        className="wz-vh-chart__plot"
        ref={host}
        role="group"
        tabIndex={0}
        aria-roledescription="chart"
        aria-label="Estimated value over time. Use the arrow keys to read the figures date by date."
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        onFocus={() => (active === null ? moveTo(columns.x.length - 1) : undefined)}
        onMouseLeave={() => setActive(null)}
        data-testid="value-history-chart"
      />
      {active !== null ? (
        <div className="wz-vh-tooltip" style={{ left }} aria-hidden="true" data-testid="value-history-tooltip">
          {text.split('\n').map((line) => (
            <span key={line}>{line}</span>
          ))}
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {text.replace(/\n/g, '. ')}
      </p>
    </div>
  );
}

// The loading skeleton has these heights too (valueHistory.css): keep them in step.
function chartHeight(width: number): number {
  return width < 480 ? 220 : 280;
}

function yearsOnly(_chart: uPlot, splits: number[]): string[] {
  return splits.map((s) => String(new Date(s * 1000).getUTCFullYear()));
}

function chartOptions(width: number, onCursor: (index: number | null | undefined) => void): uPlot.Options {
  const line = { points: { show: false }, width: 2 };
  return {
    width,
    height: chartHeight(width),
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true } },
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    axes: [
      { label: 'Date', values: yearsOnly, stroke: valueHistoryColors.axis, grid: { stroke: valueHistoryColors.grid } },
      {
        label: 'Estimated value (USD)',
        values: (_chart, splits) => splits.map(compactMoney),
        size: 64,
        stroke: valueHistoryColors.axis,
        grid: { stroke: valueHistoryColors.grid },
      },
    ],
    series: [
      {},
      { label: 'Low', stroke: 'transparent', points: { show: false } },
      { label: 'High', stroke: 'transparent', points: { show: false } },
      { label: 'Estimated value', stroke: valueHistoryColors.value, ...line },
      { label: "Held at the index's last level", stroke: valueHistoryColors.value, dash: [6, 4], ...line },
      {
        label: 'Recorded sale',
        stroke: valueHistoryColors.sale,
        paths: () => null,
        points: { show: true, size: 11, width: 2, fill: valueHistoryColors.sale, stroke: '#ffffff' },
      },
    ],
    bands: [{ series: [2, 1], fill: valueHistoryColors.band }],
    hooks: { setCursor: [(chart) => onCursor(chart.cursor.idx)] },
  };
}

function tooltipText(history: FoundValueHistory, columns: ReturnType<typeof chartColumns>, index: number): string {
  const date = columns.dates[index]!;
  const value = columns.alongIndex[index] ?? columns.heldFlat[index];
  const lines = [date === history.valueDate ? `${pointLabel(date)} (today's estimate)` : pointLabel(date)];
  if (value !== null && value !== undefined) lines.push(`Estimated value ${formatMoney(value)}`, `Range ${formatMoney(columns.low[index])} to ${formatMoney(columns.high[index])}`);
  const sale = columns.sales[index];
  if (sale !== null && sale !== undefined) lines.push(`Recorded sale ${formatMoney(sale)}`);
  return lines.join('\n');
}
