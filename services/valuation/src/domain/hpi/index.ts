export * from './dates';
export * from './price-index';
export * from './fhfa';
export * from './series-choice';
export * from './place-indexes';
