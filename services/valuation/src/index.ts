export * from './config';
export * from './service';
export { ValuationOperations } from './domain/operations';
export type { AddressProvider, PropertyDataProvider, ResolvedAddress } from './domain/providers';
export { toLookupResponse } from './domain/messages';
