import { AnalysisEditEntity } from './analysis-edit.entity';
import { CachedYoutubeDataEntity } from './cached-youtube-data.entity';
import { GuestVideoAnalysisEntity } from './guest-video-analysis.entity';
import { QuoteEntity } from './quote.entity';
import { ScheduledPostEntity } from './scheduled-post.entity';
import { SharedAnalysisEntity } from './shared-analysis.entity';
import { UploadedTranscriptEntity } from './uploaded-transcript.entity';
import { UserVideoAnalysisEntity } from './user-video-analysis.entity';
import { UserEntity } from './user.entity';
import { VideoEntity } from './video.entity';
import { XAccountEntity } from './x-account.entity';

export * from './analysis-edit.entity';
export * from './cached-youtube-data.entity';
export * from './guest-video-analysis.entity';
export * from './quote.entity';
export * from './scheduled-post.entity';
export * from './shared-analysis.entity';
export * from './uploaded-transcript.entity';
export * from './user-video-analysis.entity';
export * from './user.entity';
export * from './video.entity';
export * from './x-account.entity';

/** Every table: accounts, history, analyses, shares, X posts, the members' edits and the captions they uploaded. */
export const entities = [
  UserEntity,
  XAccountEntity,
  VideoEntity,
  CachedYoutubeDataEntity,
  UserVideoAnalysisEntity,
  QuoteEntity,
  ScheduledPostEntity,
  SharedAnalysisEntity,
  GuestVideoAnalysisEntity,
  AnalysisEditEntity,
  UploadedTranscriptEntity,
];
