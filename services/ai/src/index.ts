export * from './config';
export * from './service';
export { parseCostVsValue, type CostValueReference, type CostValueProject } from './domain/cost-vs-value';
export { checkGrounding, checkNarrative, groundingFactsOf, wordCount, featureVocabulary } from './domain/grounding';
export { writeListing, keySellingPoints, listingWordRange } from './domain/listing-writer';
export { recommendFromReference, adaptProjects, type RecommendationSettings } from './domain/recommendations';
export type { GenerationInput, HomeFacts, PhotoRoomType } from './domain/facts';
export type { TextEngine } from './domain/engines';
