import type { NeighborhoodInsights } from '@hsa/contracts';

/** Every text of the insights a reader sees. */
export function textsOf(insights: NeighborhoodInsights): string[] {
  const s = insights.scoring;
  return [
    insights.familyFriendly.description,
    insights.walkability.description,
    insights.dining.description,
    insights.dining.diversity,
    insights.lifestyle.description,
    insights.lifestyle.buyerProfile,
    ...insights.lifestyle.keyFeatures,
    insights.marketContext.description,
    ...insights.marketContext.valueDrivers,
    ...insights.notes,
    insights.area.note,
    ...[s.familyFriendly, s.walkability, s.dining].flatMap((b) => [b.reason ?? '', ...b.categories.map((c) => c.note ?? '')]),
    ...[...insights.familyFriendly.nearbySchools, ...insights.familyFriendly.parks, ...insights.walkability.nearbyAmenities].map((p) => p.detail),
  ].filter(Boolean);
}

/** The proper names the insights hold (places, the neighborhood, the tract): names, not descriptions. */
export function namesOf(insights: NeighborhoodInsights): string[] {
  return [
    ...[...insights.familyFriendly.nearbySchools, ...insights.familyFriendly.parks, ...insights.walkability.nearbyAmenities, ...insights.dining.restaurants].map((p) => p.name),
    ...(insights.area.neighborhood ? [insights.area.neighborhood.name] : []),
    ...(insights.area.tract ? [insights.area.tract.name] : []),
  ];
}
