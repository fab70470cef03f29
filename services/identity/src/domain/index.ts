export * from './account';
export * from './avatar';
export * from './email';
export * from './name';
export * from './subject';
