import type { DataCredit } from '@hsa/contracts';

/** The credit lines of the data behind the card, with their years. */
export function DataCredits({ sources, market }: { sources: readonly DataCredit[]; market: string }) {
  if (sources.length === 0 && !market) return null;
  return (
    <section aria-label="Data sources" style={{ marginTop: 12, fontSize: 12, color: '#4b5567' }} data-testid="neighborhood-credits">
      <p style={{ margin: 0, fontWeight: 600 }}>Sources</p>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
        {sources.map((s) => (
          <li key={s.id}>
            {s.name} ({s.year}). {s.credit}
          </li>
        ))}
        {market ? <li>Market figures: {market}</li> : null}
      </ul>
    </section>
  );
}
