export * from './entities';
export * from './data-source';
export * from './create-database';
export { migrate } from './migrate';
export * from './stored-topics';
export * from './session-user';
export * from './analysis-edits';
export * from './uploaded-transcripts';
