export * from './config';
export * from './service';
export { PropertyRepository } from './adapters/db/property-repository';
export { properties } from './adapters/db/schema';
export { toPropertyMessage } from './domain/property-message';
