import { haversineMiles } from '../avm/geo';
import type { SaleRecord } from './sale-record';

/** Sales in a ZIP code needed before its median stands for "the local market". */
const minZipSales = 8;
/** Otherwise the market is this many nearest sales. */
const nearestCount = 20;

type Priced = Pick<SaleRecord, 'zip' | 'latitude' | 'longitude' | 'salePrice' | 'livingSqft' | 'saleDate'>;

/** Brings a price paid on saleDate to one common price level (e.g. with the house price index). */
export type PriceLevelAdjuster = (price: number, saleDate: string) => number;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The local market's price per square foot, to say how a comparable sale compares with it (the spec's
 * marketVariance, in percent). Prices are brought to one price level first, so sales from different
 * years compare fairly. The local market is the sale's ZIP code when it has enough sales, else its
 * nearest sales.
 */
export class MarketLevels {
  private readonly sales: { record: Priced; ppsf: number }[];
  private readonly zipLevels = new Map<string, number>();
  /** Levels found from the nearest sales, per location (comparables repeat, so each is computed once). */
  private readonly nearestLevels = new Map<string, number | null>();

  constructor(records: readonly Priced[], private readonly adjust: PriceLevelAdjuster = (price) => price) {
    this.sales = records
      .filter((r) => r.livingSqft !== null && r.livingSqft > 0 && r.salePrice > 0)
      .map((r) => ({ record: r, ppsf: this.ppsf(r)! }));
    const byZip = new Map<string, number[]>();
    for (const s of this.sales) {
      if (!s.record.zip) continue;
      const list = byZip.get(s.record.zip) ?? [];
      list.push(s.ppsf);
      byZip.set(s.record.zip, list);
    }
    for (const [zip, values] of byZip) if (values.length >= minZipSales) this.zipLevels.set(zip, median(values));
  }

  private ppsf(r: Priced): number | null {
    if (r.livingSqft === null || !(r.livingSqft > 0)) return null;
    return this.adjust(r.salePrice, r.saleDate) / r.livingSqft;
  }

  /** The local level (price per square foot at the common price level) around a sale. */
  levelFor(sale: Pick<Priced, 'zip' | 'latitude' | 'longitude'>): number | null {
    const zipLevel = sale.zip ? this.zipLevels.get(sale.zip) : undefined;
    if (zipLevel !== undefined) return zipLevel;
    if (this.sales.length === 0) return null;
    const key = `${sale.latitude.toFixed(4)},${sale.longitude.toFixed(4)}`;
    const cached = this.nearestLevels.get(key);
    if (cached !== undefined) return cached;
    const nearest = this.sales
      .map((s) => ({ ppsf: s.ppsf, d: haversineMiles(sale.latitude, sale.longitude, s.record.latitude, s.record.longitude) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, nearestCount);
    const level = median(nearest.map((n) => n.ppsf));
    if (this.nearestLevels.size < 100_000) this.nearestLevels.set(key, level);
    return level;
  }

  /** Percent above (+) or below (-) the local market, one decimal; null without a living area. */
  variance(sale: Priced): number | null {
    const ppsf = this.ppsf(sale);
    const level = this.levelFor(sale);
    if (ppsf === null || level === null || !(level > 0)) return null;
    return Math.round((ppsf / level - 1) * 1000) / 10;
  }
}
