export * from './env';
export * from './common';
export * from './gateway';
export * from './youtube';
export * from './analysis';
export * from './worker';
export * from './session';
export * from './realtime';
