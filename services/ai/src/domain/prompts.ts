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
        groundRules,
    },
    { role: 'user', content: JSON.stringify({ ...factsForPrompt(input), wordingVariant: variant }) },
  ];
}

export function narrativeMessages(facts: NeighborhoodFacts): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You describe a neighborhood for a home seller from the facts given. There is no data on schools, parks, amenities or restaurants: ' +
        'say plainly in familyFriendly, walkability and dining that no such data is available, and do not guess. ' +
        'Write lifestyle, buyerProfile and marketContext from the market figures only, quoting figures exactly as given; valueDrivers are short phrases based on the figures. ' +
        groundRules,
    },
    { role: 'user', content: JSON.stringify(facts) },
  ];
}
