/** One recorded sale near the location (from the valuation service's comparables). */
export interface NearbySale {
  saleAmount: number;
  saleDate: string;
  squareFootage: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  propertyType: string | null;
  distanceMiles: number;
  /** The sale price brought to the value date with the price index. */
  timeAdjustedPrice: number;
}

export interface MarketSample {
  sales: NearbySale[];
  /** The price level the adjusted prices are at (YYYY-MM-DD). */
  valueDate: string;
  dataSource: string;
  /** The valuation service's notes (which index adjusted the prices, its coverage). */
  notes: string[];
}

export interface MarketStats {
  salesCount: number;
  medianSalePrice: number | null;
  medianPricePerSqft: number | null;
  medianTimeAdjustedPrice: number | null;
  medianTimeAdjustedPricePerSqft: number | null;
  radiusMiles: number | null;
  earliestSaleDate: string | null;
  latestSaleDate: string | null;
  /** How much the price index moved from the sales to the value date, in percent (one decimal). */
  priceIndexChangePercent: number | null;
  priceIndexName: string | null;
  valueDate: string | null;
  dataSource: string;
  /** Most common property type among the sales, with its count. */
  commonType: { type: string; count: number } | null;
  medianBedrooms: number | null;
  medianSquareFootage: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]! ) / 2;
}

const tens = (v: number | null) => (v === null ? null : Math.round(v / 10) * 10);
const roundOrNull = (v: number | null, digits = 0) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** "Sale prices are time-adjusted to 2026-11-22 with the FHFA All-Transactions HPI, ..." -> the index's name. */
export function priceIndexNameFrom(notes: readonly string[]): string | null {
  for (const note of notes) {
    const match = /time-adjusted to \S+ with (?:the )?(.+?)\.?$/.exec(note);
    if (match) return match[1]!;
  }
  return null;
}

/** The figures of the local market, from recorded sales only. */
export function marketStats(sample: MarketSample): MarketStats {
  const { sales } = sample;
  const withArea = sales.filter((s) => s.squareFootage !== null && s.squareFootage > 0);
  const dates = sales.map((s) => s.saleDate).filter(Boolean).sort();
  const factors = sales.filter((s) => s.saleAmount > 0).map((s) => s.timeAdjustedPrice / s.saleAmount);
  const factor = median(factors);
  const types = new Map<string, number>();
  for (const s of sales) if (s.propertyType) types.set(s.propertyType, (types.get(s.propertyType) ?? 0) + 1);
  const [commonType] = [...types.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    salesCount: sales.length,
    medianSalePrice: roundOrNull(median(sales.map((s) => s.saleAmount))),
    medianPricePerSqft: roundOrNull(median(withArea.map((s) => s.saleAmount / s.squareFootage!))),
    medianTimeAdjustedPrice: roundOrNull(median(sales.map((s) => s.timeAdjustedPrice))),
    medianTimeAdjustedPricePerSqft: roundOrNull(median(withArea.map((s) => s.timeAdjustedPrice / s.squareFootage!))),
    radiusMiles: sales.length ? roundOrNull(Math.max(...sales.map((s) => s.distanceMiles)), 1) : null,
    earliestSaleDate: dates[0] ?? null,
    latestSaleDate: dates[dates.length - 1] ?? null,
    priceIndexChangePercent: factor === null ? null : roundOrNull((factor - 1) * 100, 1),
    priceIndexName: sales.length ? priceIndexNameFrom(sample.notes) : null,
    valueDate: sales.length && sample.valueDate ? sample.valueDate : null,
    dataSource: sample.dataSource,
    commonType: commonType ? { type: commonType[0], count: commonType[1] } : null,
    medianBedrooms: roundOrNull(median(sales.flatMap((s) => (s.bedrooms ? [s.bedrooms] : [])))),
    medianSquareFootage: tens(median(withArea.map((s) => s.squareFootage!))),
  };
}
