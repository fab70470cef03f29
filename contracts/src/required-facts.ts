// Without zod (as every module a page needs at first paint should be): the wizard shows a saved property with these.

/** The facts a saved property must state (the create body requires them), which a lookup's data may not give. */
export const requiredFacts = ['bedrooms', 'bathrooms', 'squareFootage'] as const;
export type RequiredFact = (typeof requiredFacts)[number];
type MaybeKnownFacts = Record<RequiredFact, number | null>;

/** The required facts not known for this home (null: the data has none for them). */
export function unknownFacts(property: MaybeKnownFacts): RequiredFact[] {
  return requiredFacts.filter((fact) => property[fact] === null);
}

/** The required facts when every one is known; undefined when one is not (never a made-up default). */
export function knownFacts(property: MaybeKnownFacts): Record<RequiredFact, number> | undefined {
  const { bedrooms, bathrooms, squareFootage } = property;
  return bedrooms === null || bathrooms === null || squareFootage === null ? undefined : { bedrooms, bathrooms, squareFootage };
}
