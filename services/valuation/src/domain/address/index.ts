export * from './normalize';
export * from './format';
export * from './similarity';
export * from './address-index';
