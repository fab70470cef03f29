export * from './config';
export * from './service';
export { NeighborhoodOperations, marketUnavailableNote } from './domain/operations';
export { marketStats, median, type MarketSample, type MarketStats, type NearbySale } from './domain/market-stats';
export { embeddedInsights, noData } from './domain/insights';
export { locationKey, type InsightsSubject } from './domain/location';
