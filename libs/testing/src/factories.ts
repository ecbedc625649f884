import { randomUUID } from 'node:crypto';
import { UserEntity } from '@findclips/db';
import type { DataSource } from 'typeorm';

/** An email no other test uses. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A password that satisfies the registration rules. */
export const strongPassword = () => `Pw-${randomUUID().slice(0, 12)}`;

/** The session id a session cookie ('fc.sid=s%3A{id}.{signature}') carries, as its Redis key names it. */
export const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;

/** A user row written straight to the database (e.g. a Google-only account). */
export function buildUser(dataSource: DataSource, fields: Partial<UserEntity> = {}): Promise<UserEntity> {
  const users = dataSource.getRepository(UserEntity);
  return users.save(users.create({ email: uniqueEmail(), passwordHash: null, ...fields }));
}
