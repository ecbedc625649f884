import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A video a guest has analysed: re-opening it costs no credit. */
@Entity({ name: 'guest_video_analysis' })
export class GuestVideoAnalysisEntity {
  @PrimaryColumn({ name: 'guest_session_id', type: 'varchar', length: 64 })
  guestSessionId!: string;

  @PrimaryColumn({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  @CreateDateColumn({ name: 'analysed_at', type: 'timestamptz' })
  analysedAt!: Date;
}
