import { propertyTypeNames, streetOf, type GenerationInput, type HomeFacts, type PhotoRoomType } from './facts';
import { wordCount } from './grounding';
import { hashSeed, pick, seededRandom } from './random';

/**
 * The embedded listing writer: a description of about 120-250 words and key selling points, written
 * only from the home's facts. Every sentence is built from a fact the home has, or says nothing about the
 * home at all (an invitation to visit); it never names a feature the facts do not hold. The wording
 * varies with `variant`, so Regenerate reads differently while staying just as true.
 */

export interface WrittenListing {
  description: string;
  keySellingPoints: string[];
}

export const listingWordRange = { min: 120, max: 250 } as const;

const fmt = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const endSentence = (s: string) => (/[.!?]["”’)]?$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

const photoRoomNames: Partial<Record<PhotoRoomType, string>> = {
  living_room: 'living room',
  kitchen: 'kitchen',
  master_bedroom: 'primary bedroom',
  bedroom: 'bedrooms',
  bathroom: 'bathrooms',
  dining_room: 'dining room',
  exterior: 'exterior',
  garage: 'garage',
  basement: 'basement',
};

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The owner's own words, cut to whole sentences within `maxWords`. */
export function ownerNotes(info: string | null, maxWords = 60): string | null {
  if (!info) return null;
  const clean = info.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const sentences = clean.match(/[^.!?]+[.!?]*/g) ?? [clean];
  let out = '';
  for (const sentence of sentences) {
    const next = `${out} ${sentence.trim()}`.trim();
    if (wordCount(next) > maxWords) break;
    out = next;
  }
  return out ? endSentence(out) : null;
}

interface Context {
  facts: HomeFacts;
  street: string;
  place: string;
  type: string;
  beds: string;
  baths: string;
  sqft: string;
}

function opening(c: Context, r: () => number): string {
  return pick(r, [
    `Welcome to ${c.street}, a ${c.type} in ${c.place} with ${c.beds} and ${c.baths}.`,
    `Introducing ${c.street} in ${c.place}: a ${c.type} offering ${c.beds} and ${c.baths}.`,
    `${c.street} is a ${c.type} in ${c.place} with ${c.beds} and ${c.baths}.`,
    `Discover ${c.street}, a ${c.type} in ${c.place} that offers ${c.beds} and ${c.baths}.`,
    `Meet ${c.street}: ${c.beds}, ${c.baths} and a ${c.place} address.`,
  ]);
}

function size(c: Context, r: () => number): string {
  return pick(r, [
    `With ${c.sqft} square feet of living space, it gives you room to live, work and host.`,
    `The interior measures ${c.sqft} square feet, room enough for everyday life and for having people over.`,
    `Its ${c.sqft} square feet of living space leave room for the way you live.`,
    `Inside, ${c.sqft} square feet of living space are ready for your furniture and your plans.`,
  ]);
}

function rooms(c: Context, r: () => number): string {
  const { bedrooms, bathrooms } = c.facts;
  if (bedrooms >= 4) {
    return pick(r, [
      `${capitalise(c.beds)} give plenty of space to spread out, with room left for guests or hobbies.`,
      `With ${c.beds}, there is a room for every purpose, and space to spare for guests.`,
    ]);
  }
  if (bedrooms >= 2) {
    return pick(r, [
      `The ${c.beds} leave room for a guest room or a home office.`,
      `${capitalise(c.beds)} mean a spare room for guests, work or hobbies.`,
    ]);
  }
  return bathrooms >= 1
    ? pick(r, [
        'A single-bedroom layout keeps life simple and easy to care for.',
        'One bedroom keeps the home simple to run and easy to care for.',
      ])
    : 'The layout keeps life simple.';
}

function age(c: Context, r: () => number): string | null {
  const year = c.facts.yearBuilt;
  if (year === null) return null;
  return pick(r, [`The home was built in ${year}.`, `Construction dates from ${year}.`, `It was built in ${year} and is ready for its next owners.`]);
}

function lot(c: Context, r: () => number): string | null {
  const size = c.facts.lotSize;
  if (!size) return null;
  const acres = Math.round((size / 43_560) * 100) / 100;
  const acresText = size >= 21_780 ? ` (about ${acres} acres)` : '';
  return pick(r, [
    `It sits on a ${fmt(size)} square-foot lot${acresText}.`,
    `The lot measures ${fmt(size)} square feet${acresText}.`,
  ]);
}

function typeSentence(c: Context, r: () => number): string | null {
  switch (c.facts.propertyType) {
    case 'condo':
      return pick(r, ['Condo living means less upkeep and more time for what you enjoy.', 'As a condo, it keeps upkeep light.']);
    case 'townhouse':
      return pick(r, ['As a townhouse, it balances a place of your own with easy upkeep.', 'Townhouse living keeps upkeep manageable.']);
    case 'single_family':
      return pick(r, ['As a single-family home, it is a place that is entirely your own.', 'A single-family home gives you a place that is entirely yours.']);
    case 'multi_family':
      return pick(r, ['As a multi-family property, it can suit owner-occupants and investors alike.', 'A multi-family property like this one can work for an owner-occupant or an investor.']);
    default:
      return null;
  }
}

function notes(c: Context, r: () => number): string | null {
  const text = ownerNotes(c.facts.additionalInfo);
  if (!text) return null;
  return pick(r, [`The owner notes: ${text}`, `From the owner: ${text}`, `Worth knowing: ${text}`]);
}

function photos(types: PhotoRoomType[], r: () => number): string | null {
  const names = [...new Set(types.map((t) => photoRoomNames[t]).filter((n): n is string => !!n))];
  if (names.length === 0) return null;
  return pick(r, [
    `Photos of the ${listOf(names)} show the home as it is today.`,
    `Take a look at the photos of the ${listOf(names)}.`,
  ]);
}

function closing(c: Context, r: () => number): string {
  return pick(r, [
    'Schedule a private showing to see it for yourself.',
    'Reach out today to arrange a tour.',
    `Come see how ${c.street} could fit your plans.`,
    'Book a visit and picture yourself at home here.',
  ]);
}

/** Sentences that say nothing about the home's features: used to reach the length a listing needs. */
const fillers = [
  'Bring your own ideas, furniture and style, and make each room yours.',
  'Take time at the showing to picture where everything would go.',
  'Whether you are buying your first home, moving up or downsizing, it deserves a close look.',
  'Ask for the full details when you visit, and take the measurements you need.',
  'Plan a visit to walk through every room and get a feel for the layout.',
  'Come with your questions and your tape measure, and see what it can become for you.',
  'Your next chapter could start here.',
];

export function writeListing(input: Pick<GenerationInput, 'propertyId' | 'facts' | 'photoRoomTypes'>, variant: number): WrittenListing {
  const r = seededRandom(hashSeed(`${input.propertyId}:${variant}`));
  const f = input.facts;
  const c: Context = {
    facts: f,
    street: streetOf(f.address),
    place: `${f.city}, ${f.state}`,
    type: propertyTypeNames[f.propertyType],
    beds: plural(f.bedrooms, 'bedroom', 'bedrooms'),
    baths: plural(f.bathrooms, 'bathroom', 'bathrooms'),
    sqft: fmt(f.squareFootage),
  };

  const first = [opening(c, r), size(c, r), rooms(c, r)];
  const second = [age(c, r), lot(c, r), typeSentence(c, r), photos(input.photoRoomTypes, r)].filter((s): s is string => !!s);
  const owner = notes(c, r);
  const end = closing(c, r);

  const pool = [...fillers];
  const extra: string[] = [];
  const compose = () =>
    [first.join(' '), [...second, ...extra].join(' '), [owner, end].filter(Boolean).join(' ')].filter(Boolean).join('\n\n');
  while (wordCount(compose()) < listingWordRange.min + 10 && pool.length > 0) {
    const index = Math.floor(r() * pool.length);
    extra.push(pool.splice(index, 1)[0]!);
  }
  // Long owner notes could push past the range: shorten the optional sentences first.
  while (wordCount(compose()) > listingWordRange.max && second.length > 0) second.pop();

  return { description: compose(), keySellingPoints: keySellingPoints(input) };
}

/** Short badges, each one a fact of the home (owner-stated facts quoted from their notes). */
export function keySellingPoints(input: Pick<GenerationInput, 'facts' | 'photoRoomTypes'>): string[] {
  const f = input.facts;
  const points = [
    `${plural(f.bedrooms, 'bedroom', 'bedrooms')}, ${plural(f.bathrooms, 'bathroom', 'bathrooms')}`,
    `${fmt(f.squareFootage)} sq ft of living space`,
    `${capitalise(propertyTypeNames[f.propertyType])} in ${f.city}, ${f.state}`,
  ];
  if (f.yearBuilt !== null) points.push(`Built in ${f.yearBuilt}`);
  if (f.lotSize) points.push(`${fmt(f.lotSize)} sq ft lot`);
  for (const clause of (f.additionalInfo ?? '').split(/[.;!\n]+/)) {
    const words = wordCount(clause);
    if (words >= 2 && words <= 8 && points.length < 6) points.push(capitalise(clause.trim()));
  }
  if (input.photoRoomTypes.includes('garage') && points.length < 6 && !points.some((p) => /garage/i.test(p))) points.push('Garage');
  if (input.photoRoomTypes.includes('basement') && points.length < 6 && !points.some((p) => /basement/i.test(p))) points.push('Basement');
  return points.slice(0, 6);
}
