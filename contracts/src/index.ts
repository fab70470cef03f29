export * from './messages';
export * from './property';
export * from './user';
export * from './events';
export * from './valuation';
export * from './ai';
export * from './media';
export * from './runtime-config';
