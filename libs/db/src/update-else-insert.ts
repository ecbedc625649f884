import type { EntityManager, EntityTarget, ObjectLiteral, QueryDeepPartialEntity } from 'typeorm';

/**
 * Writes `values` to a member's row of a video (one per member and video, unique on `user_id` and
 * `youtube_id`): updated where it is, else inserted (two first writes at once: the second updates
 * the columns `update` names). Not one INSERT … ON CONFLICT DO UPDATE, which takes an id from the
 * sequence even when it updates: re-opening a video again and again spent PostgreSQL's integers,
 * and then nobody's history could take a video (a stranger's database audit). The raw rows of
 * `returning`, when asked.
 */
export async function updateElseInsert<Entity extends ObjectLiteral>(
  tx: EntityManager,
  entity: EntityTarget<Entity>,
  key: { userId: number; youtubeId: string },
  values: QueryDeepPartialEntity<Entity>,
  { update, returning }: { update: string[]; returning?: string },
): Promise<unknown[]> {
  const updating = tx.createQueryBuilder().update(entity).set(values).where('user_id = :userId AND youtube_id = :youtubeId', key);
  const updated = await (returning ? updating.returning(returning) : updating).execute();
  if (updated.affected) return (updated.raw as unknown[] | undefined) ?? [];
  const inserting = tx
    .createQueryBuilder()
    .insert()
    .into(entity)
    .values({ ...key, ...values } as QueryDeepPartialEntity<Entity>)
    .orUpdate(update, ['user_id', 'youtube_id']);
  const inserted = await (returning ? inserting.returning(returning) : inserting).execute();
  return (inserted.raw as unknown[] | undefined) ?? [];
}
