import type { CSSProperties } from 'react';

export interface ScoreValueProps {
  label: string;
  /** Out of 10; null when there is no data to score from. */
  score: number | null;
  /** Why there is no score (shown under "No data"). */
  reason?: string | null | undefined;
}

const styles = {
  tile: { border: '1px solid rgba(15, 23, 42, 0.1)', borderRadius: 10, padding: '12px 14px', background: '#fff' },
  label: { fontSize: 13, color: '#4b5567', margin: 0 },
  score: { fontSize: 24, fontWeight: 700, margin: 0 },
  none: { fontSize: 16, fontWeight: 600, margin: '4px 0 0', color: '#4b5567' },
  hint: { fontSize: 12, color: '#4b5567', margin: '2px 0 0' },
} satisfies Record<string, CSSProperties>;

/**
 * A score as n/10. Without data there is no number at all (not 0/10, not a guess): it says "No data" and why.
 */
export function ScoreValue({ label, score, reason }: ScoreValueProps) {
  return (
    <div style={styles.tile} data-testid="score">
      <p style={styles.label}>{label}</p>
      {score === null ? (
        <>
          <p style={styles.none}>No data</p>
          <p style={styles.hint}>{reason ? `Not scored: ${reason}` : 'Not scored for this location'}</p>
        </>
      ) : (
        <p style={styles.score} aria-label={`${label}: ${score} out of 10`}>
          {Number.isInteger(score) ? score : score.toFixed(1)}/10
        </p>
      )}
    </div>
  );
}
