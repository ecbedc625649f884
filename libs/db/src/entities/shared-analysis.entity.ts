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
import type { TranscriptSource } from '@findclips/contracts';
import { UserEntity } from './user.entity';

/** A public, watch-only snapshot of an analysis. */
@Entity({ name: 'shared_analysis' })
// One active share per owner and video: sharing again updates it (a member's, else a guest's).
@Index('uq_shared_analysis_user_youtube', ['userId', 'youtubeId'], { unique: true, where: '"user_id" IS NOT NULL' })
@Index('uq_shared_analysis_guest_youtube', ['guestSessionId', 'youtubeId'], {
  unique: true,
  where: '"user_id" IS NULL AND "guest_session_id" IS NOT NULL',
})
export class SharedAnalysisEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'share_id', type: 'varchar', length: 64, unique: true })
  shareId!: string;

  /** The member who shared it; null when a guest did. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  /** The shared topics as JSON text. */
  @Column({ name: 'shared_topics', type: 'text' })
  sharedTopics!: string;

  /** Which captions the shared topics came from: YouTube's, or the member's own ('upload'). */
  @Column({ name: 'transcript_source', type: 'varchar', length: 16, default: 'youtube' })
  transcriptSource!: TranscriptSource;

  /** The language YouTube gave its captions, as it coded it; null: none given, or the member's own captions. */
  @Column({ type: 'varchar', length: 35, nullable: true })
  language!: string | null;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'view_count', type: 'integer', default: 0 })
  viewCount!: number;

  @Column({ name: 'is_public', type: 'boolean', default: true })
  isPublic!: boolean;

  @Column({ name: 'guest_session_id', type: 'varchar', length: 64, nullable: true })
  guestSessionId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
