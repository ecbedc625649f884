import { AppError, X_FEATURES_DISABLED_MESSAGE } from '@findclips/contracts';
import { ScheduledPostEntity } from '@findclips/db';
import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireUser } from '../auth/require-user';

/** The X features: every /api/x route is off (SPEC §1); scheduled posts can still be listed. */
export function xRoutes(dataSource: DataSource) {
  const router = Router();
  const posts = dataSource.getRepository(ScheduledPostEntity);

  router.all(['/api/x', '/api/x/{*rest}'], () => {
    throw new AppError('X_FEATURES_DISABLED', X_FEATURES_DISABLED_MESSAGE);
  });

  router.get('/api/scheduled-posts', requireUser, async (req, res) => {
    const rows = await posts.find({
      where: { userId: currentUser(req).id },
      order: { sortOrder: 'ASC', scheduledFor: 'ASC', id: 'ASC' },
    });
    res.json(rows);
  });

  return router;
}
