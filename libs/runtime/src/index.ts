/** Process plumbing shared by the services: JSON logs and the Redis client. */
export * from './logger';
export * from './redis';
export * from './shutdown';
