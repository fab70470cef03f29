import type { CSSProperties } from 'react';
import type { NeighborhoodInsights, ScoreBreakdown } from '@hsa/contracts';
import { formatMiles } from '../format/format';

const styles = {
  details: { margin: '0 0 16px', border: '1px solid rgba(15, 23, 42, 0.1)', borderRadius: 10, padding: '8px 12px', background: '#f8fafc' },
  summary: { cursor: 'pointer', fontWeight: 600, color: '#1f4fd1' },
  p: { margin: '8px 0 0' },
  code: { display: 'block', margin: '8px 0 0', fontFamily: 'ui-monospace, monospace', fontSize: 13, whiteSpace: 'pre-wrap' },
  table: { width: '100%', borderCollapse: 'collapse', marginTop: 6, fontSize: 13 },
  cell: { textAlign: 'left', padding: '4px 6px', borderBottom: '1px solid rgba(15, 23, 42, 0.08)', verticalAlign: 'top' },
  h4: { margin: '14px 0 0', fontSize: 14 },
} satisfies Record<string, CSSProperties>;

const points = (n: number) => (Math.round(n * 100) / 100).toString();

function Breakdown({ title, breakdown }: { title: string; breakdown: ScoreBreakdown }) {
  return (
    <>
      <h4 style={styles.h4}>
        {title}: {breakdown.score === null ? 'not scored' : `${breakdown.score}/10 = 10 × ${points(breakdown.points)} ÷ ${points(breakdown.maxPoints)}`}
      </h4>
      {breakdown.reason ? <p style={styles.p}>{breakdown.reason}</p> : null}
      <table style={styles.table}>
        <thead>
          <tr>
            <th scope="col" style={styles.cell}>Category (weight)</th>
            <th scope="col" style={styles.cell}>Places counted: distance, weight × decay</th>
            <th scope="col" style={styles.cell}>Points</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.categories.map((c) => (
            <tr key={c.id}>
              <th scope="row" style={styles.cell}>
                {c.label} ({points(c.weight)})
              </th>
              <td style={styles.cell}>
                {c.included
                  ? c.counted.length
                    ? c.counted.map((p) => `${p.name}: ${formatMiles(p.distanceMiles)}, ${points(p.weight)} × ${points(p.decay)}`).join('; ')
                    : 'None in the data'
                  : `Left out: ${c.note ?? 'no data'}`}
              </td>
              <td style={styles.cell}>{c.included ? points(c.points) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** "How is this scored?": the one method, its formula and decay, and this home's inputs for each score. */
export function ScoringExplanation({ insights }: { insights: NeighborhoodInsights }) {
  const { method, familyFriendly, walkability, dining } = insights.scoring;
  return (
    <details style={styles.details} data-testid="scoring-explanation">
      <summary style={styles.summary}>How is this scored?</summary>
      <p style={styles.p}>{method.summary}</p>
      <code style={styles.code}>
        {method.formula}
        {'\n'}
        {method.decay}
      </code>
      <Breakdown title="Family friendly" breakdown={familyFriendly} />
      <Breakdown title="Walkability" breakdown={walkability} />
      <Breakdown title="Dining" breakdown={dining} />
    </details>
  );
}
