import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGrounding, createEngine, groundingFactsOf, listingWordRange, wordCount, writeListing, type GenerationInput } from '../src';
import { captureLogger } from './support/capture-logger';
import { content, promptFacts, startFakeOpenAi, type ChatRequest, type FakeOpenAi } from './support/fake-openai';
import { capitolAve, nationalPrice, randomHome, reference, rng } from './helpers';

/**
 * The grounding bar, checked independently of the product's own checker: over many homes and wordings,
 * a listing states no number, no room count and no feature that the home's facts do not support.
 */

const testFeatures = [
  'pool', 'garage', 'fireplace', 'hardwood', 'basement', 'view', 'granite', 'quartz', 'stainless', 'renovated', 'remodeled',
  'updated', 'solar', 'patio', 'deck', 'porch', 'yard', 'garden', 'school', 'park', 'waterfront', 'lake', 'walk-in', 'open floor',
  'vaulted', 'air condition', 'central air', 'balcony', 'dining room', 'primary suite', 'master', 'laundry', 'cul-de-sac', 'quiet',
  'near', 'close to', 'downtown', 'shopping', 'restaurant', 'move-in ready', 'turnkey', 'bright', 'sunny', 'acre', 'lot', 'story',
];
const photoWords: Record<string, string> = { garage: 'garage', basement: 'basement', dining_room: 'dining room', master_bedroom: 'primary suite primary bedroom master' };
const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 };

function unsupportedClaims(text: string, home: GenerationInput): string[] {
  const f = home.facts;
  const problems: string[] = [];
  const known = new Set<number>(
    [f.bedrooms, f.bathrooms, f.squareFootage, f.yearBuilt, f.lotSize, f.estimatedValue, f.estimatedValueLow, f.estimatedValueHigh].filter(
      (n): n is number => n !== null,
    ),
  );
  if (f.lotSize) known.add(Math.round((f.lotSize / 43_560) * 100) / 100);
  for (const source of [f.address, f.zipCode, f.additionalInfo ?? '']) for (const m of source.match(/\d[\d,]*(\.\d+)?/g) ?? []) known.add(Number(m.replace(/,/g, '')));
  for (const m of text.match(/\d[\d,]*(\.\d+)?/g) ?? []) if (!known.has(Number(m.replace(/,/g, '')))) problems.push(`number ${m}`);
  for (const m of text.matchAll(/\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight)[ -](bed|bedroom|bedrooms|bath|bathroom|bathrooms)\b/gi)) {
    const n = words[m[1]!.toLowerCase()] ?? Number(m[1]);
    const expected = m[2]!.toLowerCase().startsWith('bed') ? f.bedrooms : f.bathrooms;
    if (n !== expected) problems.push(`count "${m[0]}"`);
  }
  const stated = `${f.additionalInfo ?? ''} ${home.photoRoomTypes.map((t) => photoWords[t] ?? '').join(' ')}`.toLowerCase();
  const lower = text.toLowerCase();
  for (const feature of testFeatures) {
    const pattern = new RegExp(`\\b${feature}`, 'i');
    if (!pattern.test(lower)) continue;
    if ((feature === 'lot' || feature === 'acre') && f.lotSize) continue;
    if (!pattern.test(stated)) problems.push(`feature "${feature}"`);
  }
  return problems;
}

const homes = (count: number, seed: number) => {
  const r = rng(seed);
  return Array.from({ length: count }, (_, i) => randomHome(r, i));
};

describe('listing grounding: embedded engine', () => {
  it('writes 120-250 words claiming only supported facts, over 300 homes x 4 wordings', () => {
    for (const home of homes(300, 7)) {
      const texts = new Set<string>();
      for (let variant = 0; variant < 4; variant++) {
        const listing = writeListing(home, variant);
        texts.add(listing.description);
        const words = wordCount(listing.description);
        expect(words, listing.description).toBeGreaterThanOrEqual(listingWordRange.min);
        expect(words, listing.description).toBeLessThanOrEqual(listingWordRange.max);
        expect(unsupportedClaims(listing.description, home), listing.description).toEqual([]);
        expect(listing.keySellingPoints.length).toBeGreaterThanOrEqual(3);
        for (const point of listing.keySellingPoints) expect(unsupportedClaims(point, home), point).toEqual([]);
        // The product's checker agrees.
        expect(checkGrounding(listing.description, groundingFactsOf(home))).toEqual([]);
      }
      // Regenerate reads differently.
      expect(texts.size).toBeGreaterThanOrEqual(3);
    }
  });

  it('is the same text for the same property and wording', () => {
    expect(writeListing(capitolAve(), 3)).toEqual(writeListing(capitolAve(), 3));
  });

  it("the product's checker catches invented numbers, counts, features and places", () => {
    const facts = groundingFactsOf(capitolAve());
    expect(checkGrounding('A 3-bedroom home with 2.5 bathrooms on 1,850 square feet, built in 1978.', facts)).toEqual([]);
    expect(checkGrounding('It has 4 bedrooms.', facts).map((v) => v.kind)).toEqual(['number', 'room-count']);
    expect(checkGrounding('It has three bedrooms and two bathrooms.', facts).map((v) => v.text)).toEqual(['two bathrooms']);
    expect(checkGrounding('Relax by the pool.', facts).map((v) => v.text)).toEqual(['pool']);
    expect(checkGrounding('Walk to the park and top schools.', facts).map((v) => v.kind)).toEqual(['feature', 'feature']);
    expect(checkGrounding('A new roof in 2021 and a garage.', facts)).toEqual([]); // owner notes and the garage photo
    expect(checkGrounding('Updated kitchen.', facts).map((v) => v.text)).toEqual(['Updated', 'Updated kitchen']);
  });
});

describe('listing grounding: OpenAI-compatible engine', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake?.close());

  /** A model that sometimes makes things up: a feature the home lacks, a wrong bedroom count, a named school. */
  function modelAnswer(request: ChatRequest, lie: number) {
    const facts = promptFacts(request);
    const home = facts.home as Record<string, number | string>;
    const stated = `${home.ownerNotes ?? ''} ${(facts.photographedRooms as string[] | undefined)?.join(' ') ?? ''}`.toLowerCase();
    const sentences = [
      `${String(home.address).split(',')[0]} is a ${String(home.propertyType).replace('_', '-')} property in ${home.city}, ${home.state}.`,
      `It has ${home.bedrooms} bedrooms, ${home.bathrooms} bathrooms and ${Number(home.livingAreaSqft).toLocaleString('en-US')} square feet of living space.`,
    ];
    if (home.yearBuilt) sentences.push(`It was built in ${home.yearBuilt}.`);
    if (lie === 1) sentences.push(stated.includes('pool') ? 'A fireplace warms the living room.' : 'A sparkling pool completes the picture.');
    if (lie === 2) sentences.push(`Its ${Number(home.bedrooms) + 1} bedrooms suit a large family.`);
    if (lie === 3) sentences.push('Lincoln Elementary School is a short walk away.');
    while (sentences.join(' ').split(/\s+/).length < 130) sentences.push('Visit and picture your own furniture in every room.');
    return content({ description: sentences.join(' '), keySellingPoints: [`${home.bedrooms} bedrooms`, `${home.bathrooms} bathrooms`, `${home.city}, ${home.state}`] });
  }

  it('stores only grounded text over 120 listings: true answers are used, made-up ones are replaced', async () => {
    let call = 0;
    fake.respondWith((req) => modelAnswer(req, call++ % 4));
    const captured = captureLogger();
    const engine = createEngine(
      { nationalPrice, openAi: { apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 2000, maxRetries: 0 } },
      reference(),
      captured.logger,
      () => 2026,
    );
    const used = { openai: 0, embedded: 0 };
    let index = 0;
    for (const home of homes(60, 99)) {
      for (const variant of [0, 1]) {
        const lie = index++ % 4;
        const listing = await engine.listing(home, variant, { deadline: Date.now() + 10_000 });
        used[listing.engine] += 1;
        expect(listing.engine, listing.description).toBe(lie === 0 ? 'openai' : 'embedded');
        expect(unsupportedClaims(listing.description, home), listing.description).toEqual([]);
        for (const point of listing.keySellingPoints) expect(unsupportedClaims(point, home), point).toEqual([]);
      }
    }
    expect(used).toEqual({ openai: 30, embedded: 90 });
    expect(captured.lines.filter((l) => String((l.err as { message?: string } | undefined)?.message).startsWith('ungrounded'))).toHaveLength(90);
  });
});
