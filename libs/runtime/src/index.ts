/** Process plumbing shared by the services: JSON logs, the Redis client, shutdown, metrics. */
export * from './logger';
export * from './redis';
export * from './database';
export * from './shutdown';
export * from './metrics';
export * from './address';
export * from './redis-keys';
export * from './video-failures';
export * from './guest-payers';
export * from './unavailable';
export * from './live-instance';
