export * from './property-record';
export * from './property-fields';
export * from './property-message';
export * from './requests';
export * from './events';
