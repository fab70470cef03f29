export * from './object-keys';
export * from './image-type';
export * from './events';
export * from './photo';
export * from './requests';
