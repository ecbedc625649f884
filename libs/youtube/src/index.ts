export * from './client';
export * from './errors';
export * from './http';
export * from './tracks';
export * from './captions';
export * from './chapters';
