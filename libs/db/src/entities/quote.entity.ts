import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { VideoEntity } from './video.entity';

/** A quote of a member's video, kept for posting. */
@Entity({ name: 'quotes' })
export class QuoteEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Index()
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @ManyToOne(() => VideoEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'video_id' })
  video?: VideoEntity;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'text', nullable: true })
  topic!: string | null;

  /** Seconds from the start of the video. */
  @Column({ type: 'integer', nullable: true })
  timestamp!: number | null;

  /** The quote's id inside the analysis it came from. */
  @Column({ name: 'original_id', type: 'text', nullable: true })
  originalId!: string | null;
}
