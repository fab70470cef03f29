import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neighborhoodInsightsSchema, type NearbyPlace, type NeighborhoodInsights } from '@hsa/contracts';
import { fairHousingFindings, recommendFromReference, writeListing, type GenerationInput } from '@hsa/ai';
import { loadCostVsValue } from '@hsa/ai';
import { insightsMessageToApi, loadNeighborhoodProto, type NeighborhoodServiceClient } from '@hsa/protos';
import { call, createClient, createLogger } from '@hsa/service-kit';
import { dropDatabase, testCallerKey, testClientAuth, testServerUrl, testTrustedCallerKeys, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { startValuationService, type RunningValuationService } from '@hsa/valuation';
import { startNeighborhoodService, type RunningNeighborhoodService } from '../src';
import { plantedViolations } from '../../ai/test/support/fair-housing-phrases';
import { namesOf, textsOf } from './support/texts';

/**
 * Every home of the sample sales data, through the running service: scores where the data covers it, the nearest
 * schools and parks checked against distances this test computes itself from the CSV files (with the data card's
 * own open_in_may_2008 column), and a fair-housing sweep over every text generated for these homes.
 */

const logger = createLogger('neighborhood-sample-test', process.env.LOG_LEVEL ?? 'silent');
const dataDir = path.resolve(__dirname, '../../../../shared/data');
const neighborhoodDir = path.join(dataDir, 'neighborhood');
const databases = [uniqueDatabaseName('nbs_val'), uniqueDatabaseName('nbs_nbh')];

const csv = (file: string) => Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;

/** Great-circle distance in miles, on the mean Earth radius (6,371.0088 km). */
function haversineMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = 6371.0088 / 1.609344;
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(h));
}

const title = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

/** The distinct homes of the sales file (one per location), with the facts the form would hold. */
const homes = (() => {
  const seen = new Set<string>();
  return csv(path.join(dataDir, 'sacramento-sales.csv')).flatMap((row) => {
    const key = `${row.latitude},${row.longitude}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const beds = Number(row.beds);
    const sqft = Number(row.sq__ft);
    return [
      {
        lat: Number(row.latitude),
        lon: Number(row.longitude),
        address: `${title(row.street!)}, ${title(row.city!)}, CA ${row.zip}`,
        city: title(row.city!),
        zip: row.zip!,
        beds: beds > 0 ? beds : null,
        baths: Number(row.baths) > 0 ? Number(row.baths) : null,
        sqft: sqft > 0 ? sqft : null,
        type: row.type === 'Condo' ? 'condo' : row.type === 'Multi-Family' ? 'multi_family' : 'single_family',
      },
    ];
  });
})();
type Home = (typeof homes)[number];

/** Schools as the data card defines them: open in May 2008, general enrolment, in person. */
const generalEnrolment = new Set([
  'Elementary Schools (Public)',
  'Elemen Schools In 1 School Dist. (Public)',
  'Intermediate/Middle Schools (Public)',
  'Junior High Schools (Public)',
  'High Schools (Public)',
  'High Schools In 1 School Dist. (Public)',
  'K-12 Schools (Public)',
  'Alternative Schools of Choice',
]);
const gradeNumber = (g: string) => (g === 'K' ? 0 : g === 'P' ? -1 : Number(g));
const span = (grades: string) => {
  const [low, high = low] = grades.split('-').map(gradeNumber);
  return [low!, high!] as const;
};
const teachesElementary = (grades: string) => span(grades)[0] <= 5 && span(grades)[1] >= 0;
const teachesSecondary = (grades: string) => span(grades)[1] >= 7;
const schoolRows = csv(path.join(neighborhoodDir, 'schools-cde.csv'));
const schools = schoolRows
  .filter((s) => s.open_in_may_2008 === 'Y' && generalEnrolment.has(s.SOCType!) && s.Virtual !== 'F' && s.Virtual !== 'V' && /^[PK\d]/.test(s.GSoffered!))
  .map((s) => ({ name: s.School!, lat: Number(s.Latitude), lon: Number(s.Longitude), grades: s.GSoffered! }));
const parks = csv(path.join(neighborhoodDir, 'parks-cpad.csv'))
  .filter((p) => !/\b(drainage|detention|parcel map)\b/i.test(p.name!))
  .map((p) => ({ name: p.name!, lat: Number(p.lat), lon: Number(p.lng) }));
const openOnDate = new Map(schoolRows.map((s) => [s.School!, s.open_in_may_2008]));

function nearest<T extends { lat: number; lon: number }>(home: Home, list: readonly T[]): { item: T; miles: number } {
  let best = { item: list[0]!, miles: Infinity };
  for (const item of list) {
    const miles = haversineMiles(home, item);
    if (miles < best.miles) best = { item, miles };
  }
  return best;
}

const within = (a: number, b: number) => Math.abs(a - b) <= 0.0101;
const placeMiles = (home: Home, p: NearbyPlace) => haversineMiles(home, { lat: p.coordinates.latitude, lon: p.coordinates.longitude });

let valuation: RunningValuationService;
let neighborhood: RunningNeighborhoodService;
const answers = new Map<Home, NeighborhoodInsights>();

beforeAll(async () => {
  valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName: databases[0]!,
      grpcHost: '127.0.0.1',
      trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      salesCsv: path.join(dataDir, 'sacramento-sales.csv'),
      hpiDir: dataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    },
    { logger },
  );
  neighborhood = await startNeighborhoodService(
    {
      databaseUrl: testServerUrl(),
      databaseName: databases[1]!,
      grpcHost: '127.0.0.1',
      trustedCallerKeys: testTrustedCallerKeys(),
      callerKey: testCallerKey('neighborhood'),
      grpcPort: 0,
      valuationAddress: valuation.grpcAddress,
      cacheTtlMs: 3_600_000,
      valuationTimeoutMs: 60_000,
      aiTimeoutMs: 20_000,
      dataDir: neighborhoodDir,
      placesProvider: 'open-data',
    },
    { logger },
  );
  const client: NeighborhoodServiceClient = createClient(loadNeighborhoodProto().NeighborhoodService, neighborhood.grpcAddress, testClientAuth('neighborhood'));
  const queue = [...homes];
  const worker = async () => {
    for (let home = queue.shift(); home; home = queue.shift()) {
      const request = {
        coordinates: { latitude: home.lat, longitude: home.lon },
        address: home.address,
        city: home.city,
        state: 'CA',
        zipCode: home.zip,
        propertyType: home.type,
        ...(home.sqft ? { squareFootage: home.sqft } : {}),
        ...(home.beds ? { bedrooms: home.beds } : {}),
        ...(home.baths ? { bathrooms: home.baths } : {}),
      };
      const message = await call(client, client.GetInsights, request, { userId: 'sweep', timeoutMs: 120_000 });
      answers.set(home, neighborhoodInsightsSchema.parse(insightsMessageToApi(message)));
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  client.close();
}, 600_000);

afterAll(async () => {
  await neighborhood?.close();
  await valuation?.close();
  for (const name of databases) await dropDatabase(name);
});

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { min: sorted[0]!, p10: at(0.1), p25: at(0.25), median: at(0.5), p75: at(0.75), p90: at(0.9), max: sorted[sorted.length - 1]! };
};
const histogram = (values: number[]) => {
  const bins = Array.from({ length: 11 }, () => 0);
  for (const v of values) bins[Math.round(v)]! += 1;
  return bins;
};

describe(`the ${homes.length} sample homes`, () => {
  it('all lie inside the data and get family-life and walkability scores, never a dining score; the scores spread out', () => {
    expect(answers.size).toBe(homes.length);
    const family: number[] = [];
    const walk: number[] = [];
    for (const [home, insights] of answers) {
      expect(insights.area.covered, home.address).toBe(true);
      expect(insights.familyFriendly.score, home.address).not.toBeNull();
      expect(insights.walkability.score, home.address).not.toBeNull();
      expect(insights.dining.score).toBeNull();
      family.push(insights.familyFriendly.score!);
      walk.push(insights.walkability.score!);
    }
    const report = { familyFriendly: { ...quantiles(family), histogram: histogram(family) }, walkability: { ...quantiles(walk), histogram: histogram(walk) } };
    console.log(`[sample homes] score distributions over ${homes.length} homes (histogram: homes per rounded score 0..10)\n${JSON.stringify(report, null, 1)}`);
    for (const q of [report.familyFriendly, report.walkability]) {
      expect(q.p75 - q.p25).toBeGreaterThanOrEqual(2);
      expect(q.p90 - q.p10).toBeGreaterThanOrEqual(4);
    }
  });

  it('list the nearest elementary school, middle or high school and park at distances recomputed here from the CSV files', () => {
    const elementary = schools.filter((s) => teachesElementary(s.grades));
    const secondary = schools.filter((s) => teachesSecondary(s.grades));
    for (const [home, insights] of answers) {
      const listed = insights.familyFriendly.nearbySchools;
      for (const [band, candidates, teaches] of [
        ['elementary', elementary, teachesElementary],
        ['secondary', secondary, teachesSecondary],
      ] as const) {
        const expected = nearest(home, candidates);
        const shown = listed.filter((s) => s.grades && teaches(s.grades)).sort((a, b) => a.distanceMiles - b.distanceMiles)[0];
        expect(shown, `${home.address}: nearest ${band} school`).toBeDefined();
        expect(within(shown!.distanceMiles, expected.miles), `${home.address}: ${shown!.name} ${shown!.distanceMiles} vs ${expected.item.name} ${expected.miles}`).toBe(true);
      }
      const park = nearest(home, parks);
      const shownPark = insights.familyFriendly.parks[0]!;
      expect(within(shownPark.distanceMiles, park.miles), `${home.address}: park ${shownPark.name} ${shownPark.distanceMiles} vs ${park.item.name} ${park.miles}`).toBe(true);
      // Every place listed is in the files, at the distance it says, and every school listed was open in May 2008.
      for (const place of [...listed, ...insights.familyFriendly.parks, ...insights.walkability.nearbyAmenities]) {
        expect(within(place.distanceMiles, placeMiles(home, place)), `${place.name}`).toBe(true);
      }
      for (const school of listed) expect(openOnDate.get(school.name), school.name).toBe('Y');
      for (const p of insights.familyFriendly.parks) expect(parks.some((row) => row.name === p.name && row.lat === p.coordinates.latitude)).toBe(true);
    }
  });

  it('have no fair-housing finding in any generated text: the neighborhood insights, the listings and the recommendations', () => {
    const reference = loadCostVsValue(path.join(dataDir, 'cost-vs-value.md'));
    const settings = { referenceHomeSqft: 2000, maxRecommendations: 10, nationalPrice: { medianPrice: 407_500, label: 'US median' }, currentYear: 2026 };
    let texts = 0;
    const findings: string[] = [];
    const sweep = (text: string, names: readonly string[], where: string) => {
      texts += 1;
      for (const f of fairHousingFindings(text, names)) findings.push(`${where}: ${f.basis} "${f.text}" in "${text}"`);
    };
    for (const [home, insights] of answers) {
      const names = namesOf(insights);
      for (const text of textsOf(insights)) sweep(text, names, home.address);
      if (!home.beds || !home.sqft) continue;
      const input: GenerationInput = {
        propertyId: home.address,
        facts: {
          address: home.address,
          city: home.city,
          state: 'CA',
          zipCode: home.zip,
          bedrooms: home.beds,
          bathrooms: home.baths ?? 1,
          squareFootage: home.sqft,
          yearBuilt: null,
          propertyType: home.type as GenerationInput['facts']['propertyType'],
          additionalInfo: null,
          estimatedValue: insights.marketStats.medianTimeAdjustedPrice,
          estimatedValueLow: null,
          estimatedValueHigh: null,
          lotSize: null,
        },
        comparables: null,
        photoRoomTypes: [],
      };
      const street = [home.address.split(',')[0]!, home.city];
      for (const variant of [0, 1, 2, 3]) {
        const listing = writeListing(input, variant);
        for (const text of [listing.description, ...listing.keySellingPoints]) sweep(text, street, `${home.address} listing`);
      }
      for (const r of recommendFromReference(reference, input, settings)) {
        sweep(r.title, street, `${home.address} recommendation`);
        sweep(r.description, street, `${home.address} recommendation`);
      }
    }
    console.log(`[sample homes] fair-housing sweep: ${texts} texts, ${findings.length} findings`);
    expect(findings).toEqual([]);
    expect(texts).toBeGreaterThan(homes.length * 20);
  });

  it('and the same sweep catches every planted violation inside those very texts', () => {
    const some = [...answers.values()].slice(0, 50);
    for (const planted of plantedViolations) {
      for (const insights of some) {
        const text = `${insights.lifestyle.description} ${planted}`;
        expect(fairHousingFindings(text, namesOf(insights)).length, planted).toBeGreaterThan(0);
      }
    }
  });
});
