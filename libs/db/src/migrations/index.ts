import type { MigrationInterface } from 'typeorm';
import { Init1795356686030 } from './1795356686030-Init';
import { AnalysisProvenance1795359116770 } from './1795359116770-AnalysisProvenance';
import { OneSharePerOwner1795362627047 } from './1795362627047-OneSharePerOwner';
import { AnalysisEdits1795578834640 } from './1795578834640-AnalysisEdits';
import { UploadedTranscripts1795580582837 } from './1795580582837-UploadedTranscripts';
import { AnalysisTranscriptSource1795581895217 } from './1795581895217-AnalysisTranscriptSource';
import { AnalysisRunId1795600000000 } from './1795600000000-AnalysisRunId';
import { AnalysisErrorCategories1796336387490 } from './1796336387490-AnalysisErrorCategories';
import { TopicCounts1796500000000 } from './1796500000000-TopicCounts';
import { DropUnusedVideosIndex1796600000000 } from './1796600000000-DropUnusedVideosIndex';
import { QuoteIdsBigint1796700000000 } from './1796700000000-QuoteIdsBigint';
import { ShareProvenance1796800000000 } from './1796800000000-ShareProvenance';

/** Every migration, oldest first: listed, not globbed, so compiled and test builds load the same. */
export const migrations: (new () => MigrationInterface)[] = [
  Init1795356686030,
  AnalysisProvenance1795359116770,
  OneSharePerOwner1795362627047,
  AnalysisEdits1795578834640,
  UploadedTranscripts1795580582837,
  AnalysisTranscriptSource1795581895217,
  AnalysisRunId1795600000000,
  AnalysisErrorCategories1796336387490,
  TopicCounts1796500000000,
  DropUnusedVideosIndex1796600000000,
  QuoteIdsBigint1796700000000,
  ShareProvenance1796800000000,
];
