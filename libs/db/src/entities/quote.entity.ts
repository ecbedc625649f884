import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { VideoEntity } from './video.entity';

/** A quote of a member's video, kept for posting. */
@Entity({ name: 'quotes' })
export class QuoteEntity {
  /**
   * A bigint, read as a string (node-postgres's way, for values past 2^53): a video's quotes are
   * written anew with each analysis, so their ids run out long before the videos' do.
   */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

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
