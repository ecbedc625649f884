export * from './errors';
export * from './auth';
export * from './profile';
export * from './validation';
export * from './youtube-link';
export * from './analysis';
export * from './videos';
export * from './events';
