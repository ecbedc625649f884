export * from './listen';
export * from './fake-google';
export * from './redis-server';
export * from './factories';
export * from './tcp-proxy';
export * from './fake-youtube';
export * from './sample-transcripts';
export * from './forward-proxy';
