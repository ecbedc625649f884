import { analysisStatuses, type AnalysisProviderName, type AnalysisStatus, type ErrorCode } from '@findclips/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A video's metadata, transcript and shared analysis: one row per YouTube video. */
@Entity({ name: 'cached_youtube_data' })
export class CachedYoutubeDataEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11, unique: true })
  youtubeId!: string;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ name: 'thumbnail_url', type: 'text', nullable: true })
  thumbnailUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'channel_title', type: 'text', nullable: true })
  channelTitle!: string | null;

  /** The transcript segments as JSON text. */
  @Column({ name: 'transcript_data', type: 'text' })
  transcriptData!: string;

  /** The topics as JSON text, once analysed. */
  @Column({ name: 'analyzed_topics', type: 'text', nullable: true })
  analyzedTopics!: string | null;

  /** How many topics they are (the history counts them without reading them), written by the database. */
  @Column({ name: 'topic_count', type: 'integer', nullable: true, insert: false, update: false })
  readonly topicCount!: number | null;

  @Column({
    name: 'analysis_status',
    type: 'enum',
    enum: analysisStatuses,
    enumName: 'analysis_status',
    default: 'pending',
  })
  analysisStatus!: AnalysisStatus;

  @Column({ name: 'duration_seconds', type: 'integer', nullable: true })
  durationSeconds!: number | null;

  /** The caption track's language. */
  @Column({ type: 'varchar', length: 35, nullable: true })
  language!: string | null;

  /** Which provider and model made the analysis. */
  @Column({ name: 'analysis_provider', type: 'varchar', length: 16, nullable: true })
  analysisProvider!: AnalysisProviderName | null;

  @Column({ name: 'analysis_model', type: 'varchar', length: 100, nullable: true })
  analysisModel!: string | null;

  /** Why the last analysis failed (an error code and its message). */
  @Column({ name: 'error_type', type: 'varchar', length: 40, nullable: true })
  errorType!: ErrorCode | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  /** A content-policy refusal's categories, as the live event carried them. */
  @Column({ name: 'error_categories', type: 'text', array: true, nullable: true })
  errorCategories!: string[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
