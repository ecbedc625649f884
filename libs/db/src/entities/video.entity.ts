import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, CreateDateColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** A video in a member's history: one row per member and video. */
@Entity({ name: 'videos' })
@Index('uq_videos_user_youtube', ['userId', 'youtubeId'], { unique: true })
export class VideoEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  // Read by member and video (the unique index below): nothing reads it by video alone.
  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ name: 'thumbnail_url', type: 'text', nullable: true })
  thumbnailUrl!: string | null;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
