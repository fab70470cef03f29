import type { CSSProperties } from 'react';
import type { NearbyPlace } from '@hsa/contracts';
import { formatMiles } from '../format/format';

const styles = {
  list: { listStyle: 'none', margin: '6px 0 0', padding: 0, display: 'grid', gap: 6 },
  item: { display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 12px', padding: '8px 10px', border: '1px solid rgba(15, 23, 42, 0.08)', borderRadius: 8 },
  name: { fontWeight: 600, overflowWrap: 'anywhere' },
  distance: { fontWeight: 600, whiteSpace: 'nowrap' },
  detail: { gridColumn: '1 / -1', fontSize: 13, color: '#4b5567', overflowWrap: 'anywhere' },
  none: { color: '#4b5567', margin: '4px 0 0' },
} satisfies Record<string, CSSProperties>;

/** Real places with their straight-line distance, what they are and where the record comes from (source and year). */
export function PlaceList({ label, places, none }: { label: string; places: readonly NearbyPlace[]; none: string }) {
  if (places.length === 0) return <p style={styles.none}>{none}</p>;
  return (
    <ul aria-label={label} style={styles.list}>
      {places.map((p) => (
        <li key={`${p.kind}:${p.name}:${p.distanceMiles}`} style={styles.item} data-testid="nearby-place">
          <span style={styles.name}>{p.name}</span>
          <span style={styles.distance}>{formatMiles(p.distanceMiles)}</span>
          <span style={styles.detail}>
            {p.detail} · Source: {p.source}
          </span>
        </li>
      ))}
    </ul>
  );
}
