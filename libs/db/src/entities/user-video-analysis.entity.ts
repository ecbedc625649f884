import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { AnalysisProviderName, TranscriptSource } from '@findclips/contracts';
import { UserEntity } from './user.entity';

/** A member's private analysis of a video: one per member and video. */
@Entity({ name: 'user_video_analysis' })
@Index('uq_user_video_analysis_user_youtube', ['userId', 'youtubeId'], { unique: true })
export class UserVideoAnalysisEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  /** The topics as JSON text. */
  @Column({ name: 'analyzed_topics', type: 'text' })
  analyzedTopics!: string;

  /** How many topics they are (the history counts them without reading them), written by the database. */
  @Column({ name: 'topic_count', type: 'integer', nullable: true, insert: false, update: false })
  readonly topicCount!: number | null;

  /** Which provider and model made the analysis. */
  @Column({ name: 'analysis_provider', type: 'varchar', length: 16, nullable: true })
  analysisProvider!: AnalysisProviderName | null;

  @Column({ name: 'analysis_model', type: 'varchar', length: 100, nullable: true })
  analysisModel!: string | null;

  /** Which captions it read: YouTube's, or the member's uploaded ones ('upload'); null before this was kept. */
  @Column({ name: 'transcript_source', type: 'varchar', length: 16, nullable: true })
  transcriptSource!: TranscriptSource | null;

  /**
   * The run (the queue job's `runId`) that stored it: that run retried (its result stored, its last
   * event refused or its worker gone) announces it rather than running the provider again. Null
   * before this was kept.
   */
  @Column({ name: 'analysis_run_id', type: 'uuid', nullable: true })
  analysisRunId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
