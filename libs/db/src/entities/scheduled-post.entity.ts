import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { QuoteEntity } from './quote.entity';
import { UserEntity } from './user.entity';
import { XAccountEntity } from './x-account.entity';

/** A quote scheduled for posting on X (the X features are disabled for now). */
@Entity({ name: 'scheduled_posts' })
@Index('ix_scheduled_posts_due', ['status', 'scheduledFor'])
export class ScheduledPostEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Index()
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'quote_id', type: 'bigint', nullable: true })
  quoteId!: string | null;

  @ManyToOne(() => QuoteEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quote_id' })
  quote?: QuoteEntity;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'scheduled_for', type: 'timestamptz', nullable: true })
  scheduledFor!: Date | null;

  @Column({ type: 'boolean', default: false })
  posted!: boolean;

  @Column({ name: 'post_id', type: 'text', nullable: true })
  postId!: string | null;

  @Column({ name: 'sort_order', type: 'integer', default: 999999 })
  sortOrder!: number;

  /** Includes originalQuoteId. */
  @Column({ name: 'post_metadata', type: 'jsonb', nullable: true })
  postMetadata!: Record<string, unknown> | null;

  @Column({ name: 'x_account_id', type: 'integer', nullable: true })
  xAccountId!: number | null;

  @ManyToOne(() => XAccountEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'x_account_id' })
  xAccount?: XAccountEntity;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'is_processing', type: 'boolean', default: false })
  isProcessing!: boolean;

  @Column({ type: 'text', default: 'draft' })
  status!: string;

  @Column({ name: 'error_type', type: 'text', nullable: true })
  errorType!: string | null;

  @Column({ name: 'error_detail', type: 'text', nullable: true })
  errorDetail!: string | null;

  @Column({ name: 'retry_count', type: 'integer', default: 0 })
  retryCount!: number;

  @Column({ name: 'next_retry_time', type: 'timestamptz', nullable: true })
  nextRetryTime!: Date | null;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;
}
