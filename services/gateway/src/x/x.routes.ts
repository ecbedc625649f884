import { AppError, X_FEATURES_DISABLED_MESSAGE } from '@findclips/contracts';
import { ScheduledPosts } from '@findclips/db';
import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { currentUser, requireUser } from '../auth/require-user';

/**
 * The X features: every /api/x route is off (X_FEATURES_DISABLED, 503), and the posts they
 * processed with them (the web app reads /api/processed-posts again after changes); scheduled posts
 * can still be listed.
 */
export function xRoutes(dataSource: DataSource) {
  const router = Router();
  const posts = new ScheduledPosts(dataSource);

  router.all(['/api/x', '/api/x/{*rest}', '/api/processed-posts'], () => {
    throw new AppError('X_FEATURES_DISABLED', X_FEATURES_DISABLED_MESSAGE);
  });

  router.get('/api/scheduled-posts', requireUser, async (req, res) => {
    res.json(await posts.list(currentUser(req).id));
  });

  return router;
}
