import { Init1795356686030 } from './1795356686030-Init';
import { AnalysisProvenance1795359116770 } from './1795359116770-AnalysisProvenance';

/** Every migration, oldest first: listed, not globbed, so compiled and test builds load the same. */
export const migrations: Function[] = [Init1795356686030, AnalysisProvenance1795359116770];
