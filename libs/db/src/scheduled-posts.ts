// The one owner of scheduled_posts (the X features are off: listed only).
import type { DataSource } from 'typeorm';
import { ScheduledPostEntity } from './entities';

/** The owner of `scheduled_posts`: quotes a member scheduled for X. The X features are off, so they are only listed. */
export class ScheduledPosts {
  constructor(private readonly db: DataSource) {}

  /** The member's posts in the order they go out. */
  list(userId: number) {
    return this.db.getRepository(ScheduledPostEntity).find({
      where: { userId },
      order: { sortOrder: 'ASC', scheduledFor: 'ASC', id: 'ASC' },
    });
  }
}
