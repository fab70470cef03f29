import { describe, expect, it } from 'vitest';
import { checkNarrative } from '@hsa/ai';
import { embeddedInsights, marketStats, noDataTexts, type InsightsSubject, type NearbySale } from '../src';
import { listingsLeftOutNote, marketSampleOf } from '../src/adapters/valuation-market';

const sale = (price: number, sqft: number | null, factor: number, overrides: Partial<NearbySale> = {}): NearbySale => ({
  saleAmount: price,
  saleDate: '2008-05-19',
  squareFootage: sqft,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'single_family',
  distanceMiles: 0.5,
  timeAdjustedPrice: Math.round(price * factor),
  ...overrides,
});

const subject: InsightsSubject = {
  coordinates: { latitude: 38.6183, longitude: -121.4438 },
  address: '2796 Branch St, Sacramento, CA 95815',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95815',
  squareFootage: 1000,
  bedrooms: 3,
  bathrooms: 2,
  yearBuilt: null,
  propertyType: 'single_family',
  estimatedValue: 420_000,
};

const outside = 'This home is outside the data.';
/** The insights of a home outside the place data: market context only. */
const marketOnly = (stats: ReturnType<typeof marketStats> | null, marketNotes: string[], now = new Date('2026-11-22T10:00:00Z')) =>
  embeddedInsights({ subject, covered: false, coverageNote: outside, around: null, placesUnavailable: false, area: { neighborhood: null, tract: null }, areaCredits: [], tract: null, stats, marketNotes, now });

const notes = ['Sale prices are time-adjusted to 2026-11-22 with the FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), 1976 Q2 to 2024 Q3.', 'Model value $1: other note.'];

describe('market figures from recorded sales', () => {
  const sample = {
    sales: [
      sale(200_000, 1000, 2, { saleDate: '2008-05-15', distanceMiles: 0.2 }),
      sale(300_000, 1500, 2, { saleDate: '2008-05-21', distanceMiles: 1.26, propertyType: 'condo', bedrooms: 2 }),
      sale(250_000, null, 1.9, { saleDate: '2008-05-16', bedrooms: 4 }),
      sale(100_000, 800, 2.1, { saleDate: '2008-05-20', propertyType: 'single_family' }),
    ],
    valueDate: '2026-11-22',
    dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    notes,
  };

  it('computes medians, the radius, the period and the price index change', () => {
    expect(marketStats(sample)).toEqual({
      salesCount: 4,
      medianSalePrice: 225_000,
      medianPricePerSqft: 200, // 200, 200, 125 per sq ft
      medianTimeAdjustedPrice: 437_500, // 210,000, 400,000, 475,000, 600,000
      medianTimeAdjustedPricePerSqft: 400,
      radiusMiles: 1.3,
      earliestSaleDate: '2008-05-15',
      latestSaleDate: '2008-05-21',
      priceIndexChangePercent: 100, // median of 2, 2, 1.9, 2.1
      priceIndexName: 'FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), 1976 Q2 to 2024 Q3',
      valueDate: '2026-11-22',
      dataSource: sample.dataSource,
      commonType: { type: 'single_family', count: 3 },
      medianBedrooms: 3,
      medianSquareFootage: 1000,
    });
  });

  it('writes insights that quote only those figures and say plainly where there is no data', () => {
    const stats = marketStats(sample);
    const insights = marketOnly(stats, notes);
    const missing = noDataTexts(outside);
    expect(insights.familyFriendly).toEqual({ score: null, description: missing.familyFriendly, nearbySchools: [], parks: [] });
    expect(insights.walkability).toEqual({ score: null, description: missing.walkability, nearbyAmenities: [] });
    expect(insights.dining).toEqual({ score: null, description: missing.dining, restaurants: [], diversity: 'No data available' });
    expect(insights.scoring.familyFriendly).toMatchObject({ score: null, reason: outside });
    expect(insights.marketContext.description).toBe(
      '4 recorded sales of similar homes within 1.3 miles in May 2008 had a median price of $225,000 ($200 per square foot). ' +
        'Brought to 2026-11-22 prices with the FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), 1976 Q2 to 2024 Q3, that is about $437,500 ($400 per square foot): the index moved +100% since those sales. ' +
        "This home's estimate of $420,000 is 4% below that adjusted median.",
    );
    expect(insights.lifestyle.keyFeatures).toEqual(['Mostly single-family homes among nearby sales (3 of 4)', 'Typical nearby home: 3 bedrooms, 1,000 sq ft']);
    expect(insights.notes).toContain(sample.dataSource);
    const figures = [4, 1.3, 2008, 225_000, 200, 2026, 11, 22, 437_500, 400, 100, 420_000, 3, 1000, 1976, 2, 2024, 95_815, 5, 15, 21];
    for (const text of [insights.marketContext.description, insights.lifestyle.description, insights.lifestyle.buyerProfile, ...insights.marketContext.valueDrivers, ...insights.lifestyle.keyFeatures]) {
      expect(checkNarrative(text, figures, [], 0), text).toEqual([]);
    }
  });

  it('says there is no market context when there are no sales', () => {
    const insights = marketOnly(marketStats({ sales: [], valueDate: '', dataSource: 'x', notes: [] }), []);
    expect(insights.marketContext).toEqual({ description: 'No recorded sales near this location are available, so no sales-based market context can be given.', valueDrivers: [] });
    expect(insights.marketStats).toMatchObject({ salesCount: 0, medianSalePrice: null, priceIndexChangePercent: null });
  });

  it("leaves a listing-based provider's listings out of the recorded-sales figures, and says so", () => {
    const comparable = (priceKind: string, saleAmount: number) => ({
      id: `${priceKind}-${saleAmount}`,
      address: 'x',
      saleAmount,
      saleDate: '2024-06-02',
      distanceMiles: 0.4,
      timeAdjustedPrice: saleAmount,
      adjustedValue: saleAmount,
      adjustments: [],
      weight: 0.5,
      priceKind,
    });
    const sample = marketSampleOf({
      sales: [comparable('listing', 259_000), comparable('listing', 285_000), comparable('sale', 240_000)] as never,
      valueDate: '2026-11-22',
      dataSource: 'RentCast property records and value estimates',
      notes: [],
    });
    expect(sample.sales.map((s) => s.saleAmount)).toEqual([240_000]);
    expect(sample.notes).toEqual([listingsLeftOutNote(2)]);
    expect(listingsLeftOutNote(2)).toBe('2 comparables are listings (list prices, not recorded sales), left out of the market figures.');

    const onlyListings = marketSampleOf({ sales: [comparable('listing', 259_000)] as never, valueDate: '', dataSource: 'RentCast', notes: [] });
    const insights = marketOnly(marketStats(onlyListings), onlyListings.notes);
    expect(insights.marketStats).toMatchObject({ salesCount: 0 });
    expect(insights.notes).toContain('No recorded sales were found near this location.');
    expect(insights.notes).toContain('1 comparable is a listing (list prices, not recorded sales), left out of the market figures.');
  });
});
