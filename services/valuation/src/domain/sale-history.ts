/** A recorded sale of a home, as a provider knows it. */
export interface RecordedSale {
  /** YYYY-MM-DD */
  date: string;
  /** The price paid, whole dollars. */
  price: number;
}

/** A sale in a home's own sale history: never one of its comparables. */
export interface HistorySale extends RecordedSale {
  /** The price brought to the value date's price level along the house price index; null without an index. */
  timeAdjustedPrice: number | null;
}

/**
 * A home's sale history: its sales oldest first, each once (sources list some sales twice: the same date and
 * price is one sale).
 */
export function saleHistoryOf<T extends RecordedSale>(sales: readonly T[]): T[] {
  const seen = new Set<string>();
  return [...sales]
    .sort((a, b) => a.date.localeCompare(b.date) || a.price - b.price)
    .filter((sale) => {
      const key = `${sale.date}|${sale.price}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
