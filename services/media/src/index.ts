export * from './config';
export * from './service';
export { PhotoRepository } from './adapters/db/photo-repository';
export { ObjectStore, type ObjectStoreConfig } from './adapters/s3/object-store';
export { photos } from './adapters/db/schema';
export { newObjectKey, userKeyPrefix, detectImageType } from './domain';
