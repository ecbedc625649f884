export * from './analysis.queue';
export * from './events';
