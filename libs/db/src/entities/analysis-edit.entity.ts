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
import { UserEntity } from './user.entity';

/**
 * A member's edited version of the analysis they read (renamed, removed or moved topics, removed
 * quotes): one per member and video, read in place of the analysis until a re-analysis replaces it.
 */
@Entity({ name: 'analysis_edits' })
@Index('uq_analysis_edits_user_youtube', ['userId', 'youtubeId'], { unique: true })
export class AnalysisEditEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  /** The edited topics as JSON text. */
  @Column({ name: 'edited_topics', type: 'text' })
  editedTopics!: string;

  /** How many topics they are (the history counts them without reading them), written by the database. */
  @Column({ name: 'topic_count', type: 'integer', nullable: true, insert: false, update: false })
  readonly topicCount!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
