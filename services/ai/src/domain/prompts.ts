import type { GenerationInput } from './facts';
import type { NeighborhoodFacts } from './neighborhood-facts';
import type { AdaptedProject } from './recommendations';

/**
 * The messages sent to a model. The user message carries only true facts (the property record, its
 * estimate and range, the comparable sales in short, the photo room types) as JSON; the system message
 * says what to write and what never to claim.
 */

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The home's facts as the model sees them: unknown facts are left out rather than guessed. */
export function factsForPrompt(input: Pick<GenerationInput, 'facts' | 'comparables' | 'photoRoomTypes'>): Record<string, unknown> {
  const f = input.facts;
  const home: Record<string, unknown> = {
    address: f.address,
    city: f.city,
    state: f.state,
    zipCode: f.zipCode,
    propertyType: f.propertyType,
    bedrooms: f.bedrooms,
    bathrooms: f.bathrooms,
    livingAreaSqft: f.squareFootage,
  };
  if (f.yearBuilt !== null) home.yearBuilt = f.yearBuilt;
  if (f.lotSize !== null) home.lotSizeSqft = f.lotSize;
  if (f.additionalInfo) home.ownerNotes = f.additionalInfo;
  if (f.estimatedValue !== null) {
    home.estimatedValue = f.estimatedValue;
    if (f.estimatedValueLow !== null && f.estimatedValueHigh !== null) home.estimatedValueRange = [f.estimatedValueLow, f.estimatedValueHigh];
  }
  const facts: Record<string, unknown> = { home };
  if (input.photoRoomTypes.length) facts.photographedRooms = input.photoRoomTypes;
  if (input.comparables && input.comparables.count > 0) facts.comparableSales = input.comparables;
  return facts;
}

const groundRules = [
  'Use only the facts in the user message. Never state a feature, amenity, condition, view, upgrade, room, number or nearby place that the facts do not contain.',
  'Do not name schools, parks, restaurants, shops or streets other than the home\'s own address.',
  'Answer with JSON matching the given schema only.',
].join(' ');

export function recommendationMessages(input: GenerationInput, candidates: AdaptedProject[]): ChatMessage[] {
  const list = candidates.map((c) => ({
    candidateId: c.id,
    project: c.project.name,
    category: c.profile.category,
    estimatedCost: c.cost,
    estimatedValueIncrease: c.value,
    roiPercent: Math.round(c.roi * 100),
    commonlyDueAtThisAge: c.dueByAge,
    source: `${c.project.source.label}, national averages adapted to this home`,
  }));
  return [
    {
      role: 'system',
      content:
        'You advise home sellers which improvements to make before selling. Choose the most sensible of the candidate projects for this home ' +
        '(between 3 and 10 when there are that many), give each a short title and a description of 1-3 sentences saying what to do and why it pays for this home, ' +
        'and a priority (high, medium or low). The cost and value figures of each candidate are fixed: do not change or invent figures; you may quote them. ' +
        groundRules,
    },
    { role: 'user', content: JSON.stringify({ ...factsForPrompt(input), candidates: list }) },
  ];
}

export function listingMessages(input: GenerationInput, variant: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You write real-estate listing descriptions. Write a warm, professional description of 120 to 250 words in 2 or 3 paragraphs, and 3 to 6 key selling points ' +
        '(short phrases, each one a fact from the user message). Use digits for counts and sizes. ' +
        groundRules +
        ' ' +
        fairHousingRule,
    },
    { role: 'user', content: JSON.stringify({ ...factsForPrompt(input), wordingVariant: variant }) },
  ];
}

/** Fair housing (HUD advertising guidance): say what is there, never who lives there or whom it suits. */
const fairHousingRule =
  'Fair housing: describe places, distances and figures only. Never describe the people who live in the area or suggest who should live there ' +
  '(no race, color, religion, national origin, sex, disability, age or family status, no "perfect for families", "young professionals", "safe neighborhood"). ' +
  'Family life means the schools and parks listed, not the residents.';

export function narrativeMessages(facts: NeighborhoodFacts): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You describe the surroundings of a home for its seller, from the facts given and nothing else. ' +
        'familyFriendly words the schools and parks listed (names, levels, grades, distances in miles) and the familyFriendlyScore out of 10; ' +
        'walkability words the grocery stores and transit stops listed and the walkabilityScore; dining words the restaurants listed and the diningScore. ' +
        'Where the facts list no places or give no score for a dimension, say plainly that no data is available (the gaps say why) and do not guess. ' +
        'lifestyle describes the area from these places, the neighborhood name or census tract and the market figures; lifestyleKeyFeatures are short facts from them; ' +
        'buyerProfile says what the location offers a buyer (kind of home, price level, nearby places), not who the buyer is. ' +
        'marketContext words the market figures and the census tract median house values (2000 value and its value at today\'s prices), quoting figures exactly as given; valueDrivers are short phrases from the figures. ' +
        'You may name only the places in the facts. ' +
        fairHousingRule +
        ' Use only the facts in the user message; never state a number, place or feature they do not contain. Answer with JSON matching the given schema only.',
    },
    { role: 'user', content: JSON.stringify(facts) },
  ];
}
