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
 * Captions a member uploaded (or pasted) for a video, most often one without captions on YouTube:
 * one per member and video. Their analyses of that video read it in place of YouTube's.
 */
@Entity({ name: 'uploaded_transcripts' })
@Index('uq_uploaded_transcripts_user_youtube', ['userId', 'youtubeId'], { unique: true })
export class UploadedTranscriptEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  /** The segments as JSON text, as YouTube's captions are stored. */
  @Column({ name: 'transcript_data', type: 'text' })
  transcriptData!: string;

  /** What it came from, as the member named it: the file's name, or 'pasted text'. */
  @Column({ name: 'source_name', type: 'varchar', length: 255 })
  sourceName!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
