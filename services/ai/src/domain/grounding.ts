import type { GenerationInput } from './facts';

/**
 * Checks that a text claims nothing the facts do not support: every number must be one the facts hold
 * (or derive), every bedroom and bathroom count must be the home's, and every feature from a known
 * vocabulary (pool, garage, hardwood, views, schools nearby, ...) must be named in the facts the owner
 * gave (additional info, photo room types). The embedded writer is built to pass it; a model's answer
 * that fails it is not used.
 */

export interface GroundingViolation {
  kind: 'number' | 'room-count' | 'feature' | 'place-name';
  text: string;
}

/** Parts of a home whose renovation a listing could claim ("new roof", "kitchen remodeled in 2019"). */
const renovationSubjects = ['roof', 'kitchen', 'bath', 'floor', 'window', 'appliance', 'paint', 'carpet', 'hvac', 'furnace', 'water heater', 'siding', 'deck', 'fence', 'cabinet', 'counter'];
const work = '(?:new|newer|newly|renovat\\w*|remodel\\w*|updated|upgraded|replaced|refinished|redone|installed)';

/** Work on one part of the home, in either word order, within a clause. */
function workOn(subject: string): RegExp {
  return new RegExp(`\\b${work}\\b[^.;\\n]{0,30}\\b${subject}|\\b${subject}\\w*\\b[^.;\\n]{0,30}\\b${work}\\b`, 'i');
}

/** Feature claims a listing could make; each is allowed only when the facts mention it too. */
export const featureVocabulary: { id: string; pattern: RegExp }[] = [
  { id: 'pool', pattern: /\b(swimming )?pools?\b/i },
  { id: 'spa', pattern: /\b(spa|hot tub|jacuzzi)\b/i },
  { id: 'garage', pattern: /\bgarages?\b|\bcarport\b/i },
  { id: 'basement', pattern: /\bbasement\b/i },
  { id: 'fireplace', pattern: /\bfire ?places?\b/i },
  { id: 'hardwood', pattern: /\bhardwood\b|\bwood floor(s|ing)?\b/i },
  { id: 'stone counters', pattern: /\b(granite|quartz|marble)\b/i },
  { id: 'stainless', pattern: /\bstainless\b/i },
  { id: 'renovated', pattern: /\b(renovat\w*|remodel\w*|updated|upgraded|brand[- ]new|newly)\b/i },
  ...renovationSubjects.map((subject) => ({ id: `new ${subject}`, pattern: workOn(subject) })),
  { id: 'view', pattern: /\bviews?\b/i },
  { id: 'waterfront', pattern: /\b(waterfront|lakefront|oceanfront|riverfront|beach|lake|ocean|river)\b/i },
  { id: 'solar', pattern: /\bsolar\b/i },
  { id: 'deck', pattern: /\bdecks?\b/i },
  { id: 'patio', pattern: /\bpatios?\b/i },
  { id: 'porch', pattern: /\bporch(es)?\b/i },
  { id: 'balcony', pattern: /\bbalcon(y|ies)\b/i },
  { id: 'yard', pattern: /\b(back ?yard|front ?yard|yard|garden)s?\b/i },
  { id: 'air conditioning', pattern: /\b(air[- ]condition\w*|central air|a\/c|hvac)\b/i },
  { id: 'dining room', pattern: /\bdining room\b/i },
  { id: 'primary suite', pattern: /\b(master|primary) (suite|bedroom|bath\w*)\b/i },
  { id: 'office', pattern: /\b(dedicated|separate|private) (home )?office\b|\bden\b|\bloft\b|\bbonus room\b/i },
  { id: 'walk-in closet', pattern: /\bwalk[- ]in\b/i },
  { id: 'vaulted ceilings', pattern: /\b(vaulted|cathedral|high) ceilings?\b/i },
  { id: 'open plan', pattern: /\bopen[- ](floor[- ]?plan|concept|layout|plan)\b/i },
  { id: 'laundry', pattern: /\blaundry\b/i },
  { id: 'stories', pattern: /\b(single|one|two|three|multi)[- ](story|storey|level)\b|\bstories\b|\bsplit[- ]level\b/i },
  { id: 'condition', pattern: /\b(move[- ]in ready|turn[- ]?key|immaculate|pristine|meticulously)\b/i },
  { id: 'light', pattern: /\b(natural light|sun[- ]?(filled|drenched|lit|ny)|bright)\b/i },
  { id: 'quiet', pattern: /\b(quiet|peaceful|tranquil|cul[- ]de[- ]sac)\b/i },
  { id: 'schools', pattern: /\bschools?\b/i },
  { id: 'parks', pattern: /\bparks?\b/i },
  { id: 'nearby places', pattern: /\b(close to|nearby|near|steps (from|to)|minutes (from|to|away)|walking distance|walkable|downtown|shopping|restaurants?|commute|freeway|highway)\b/i },
  { id: 'lot', pattern: /\blot\b|\bacres?\b|\bacreage\b/i },
  { id: 'price', pattern: /\$\s?\d/ },
];

const numberWords: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

const numberPattern = /\d[\d,]*(?:\.\d+)?/g;

const toNumber = (token: string) => Number(token.replace(/,/g, ''));

export interface GroundingFacts {
  numbers: Set<number>;
  bedrooms: number;
  bathrooms: number;
  /** Lower-case text of everything the owner stated or photographed (features are looked up here). */
  statedText: string;
  hasLot: boolean;
  hasPrice: boolean;
}

const photoPhrases: Record<string, string> = {
  garage: 'garage',
  basement: 'basement',
  dining_room: 'dining room',
  master_bedroom: 'primary suite master bedroom primary bedroom',
};

/** What a listing for this home may state. */
export function groundingFactsOf(input: Pick<GenerationInput, 'facts' | 'photoRoomTypes'>): GroundingFacts {
  const f = input.facts;
  const numbers = new Set<number>();
  const add = (n: number | null | undefined) => {
    if (n !== null && n !== undefined && Number.isFinite(n)) numbers.add(n);
  };
  add(f.bedrooms);
  add(f.bathrooms);
  add(f.squareFootage);
  add(f.yearBuilt);
  add(f.lotSize);
  add(f.estimatedValue);
  add(f.estimatedValueLow);
  add(f.estimatedValueHigh);
  if (f.lotSize) {
    const acres = f.lotSize / 43_560;
    add(Math.round(acres * 10) / 10);
    add(Math.round(acres * 100) / 100);
  }
  for (const text of [f.address, f.zipCode, f.city, f.additionalInfo ?? '']) {
    for (const token of text.match(numberPattern) ?? []) add(toNumber(token));
  }
  const photos = input.photoRoomTypes.map((t) => photoPhrases[t] ?? '').join(' ');
  return {
    numbers,
    bedrooms: f.bedrooms,
    bathrooms: f.bathrooms,
    statedText: `${f.additionalInfo ?? ''} ${photos}`.toLowerCase(),
    hasLot: f.lotSize !== null && f.lotSize > 0,
    hasPrice: f.estimatedValue !== null,
  };
}

const countWord = '(\\d+(?:\\.\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const bedroomCount = new RegExp(`\\b${countWord}[- ](?:bed(?:room)?s?|br)\\b`, 'gi');
const bathroomCount = new RegExp(`\\b${countWord}[- ](?:full[- ])?bath(?:room)?s?\\b`, 'gi');

function countOf(token: string): number {
  return numberWords[token.toLowerCase()] ?? toNumber(token);
}

/** Every claim in `text` the facts do not support (empty when the text is grounded). */
export function checkGrounding(text: string, facts: GroundingFacts): GroundingViolation[] {
  const violations: GroundingViolation[] = [];
  for (const token of text.match(numberPattern) ?? []) {
    if (!facts.numbers.has(toNumber(token))) violations.push({ kind: 'number', text: token });
  }
  for (const match of text.matchAll(bedroomCount)) {
    if (countOf(match[1]!) !== facts.bedrooms) violations.push({ kind: 'room-count', text: match[0] });
  }
  for (const match of text.matchAll(bathroomCount)) {
    if (countOf(match[1]!) !== facts.bathrooms) violations.push({ kind: 'room-count', text: match[0] });
  }
  for (const feature of featureVocabulary) {
    const found = feature.pattern.exec(text);
    if (!found) continue;
    if (feature.id === 'lot' && facts.hasLot) continue;
    if (feature.id === 'price' && facts.hasPrice) continue;
    if (!feature.pattern.test(facts.statedText)) violations.push({ kind: 'feature', text: found[0] });
  }
  return violations;
}

/** Named schools, parks, restaurants and the like: never written without data about them. */
const placeName =
  /\b(?:[A-Z][\w'’.-]*\s){1,4}(?:Elementary|Middle|High School|School|Academy|Park|Playground|Café|Cafe|Restaurant|Bistro|Grill|Diner|Pizzeria|Bakery|Market|Mall|Library|Trail)\b/g;

/**
 * For narrative text about a neighborhood: every number must be one of `numbers` (within `tolerance`,
 * as a fraction, since prose rounds figures) and no named place may appear but those in `allowedNames`.
 */
export function checkNarrative(text: string, numbers: readonly number[], allowedNames: readonly string[] = [], tolerance = 0.01): GroundingViolation[] {
  const violations: GroundingViolation[] = [];
  for (const token of text.match(numberPattern) ?? []) {
    const value = toNumber(token);
    const supported = numbers.some((n) => (n === 0 ? value === 0 : Math.abs(value - n) <= Math.abs(n) * tolerance + 0.5));
    if (!supported) violations.push({ kind: 'number', text: token });
  }
  const allowed = allowedNames.map((n) => n.toLowerCase());
  for (const match of text.matchAll(placeName)) {
    const named = match[0].toLowerCase();
    if (!allowed.some((name) => name.includes(named) || named.includes(name))) violations.push({ kind: 'place-name', text: match[0] });
  }
  return violations;
}

/** Words as a reader counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
