export { startEmbeddedS3, createEmbeddedS3Handler, isLoopbackHost, type EmbeddedS3Options, type RunningEmbeddedS3 } from './server';
export { readEmbeddedS3Config, PRODUCTION_REFUSAL, type EmbeddedS3Config } from './config';
export { DiskStore, MIN_PART_BYTES, MAX_PART_NUMBER } from './store';
export { S3Error } from './errors';
