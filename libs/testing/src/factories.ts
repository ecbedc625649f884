import { randomUUID } from 'node:crypto';
import type { Topic } from '@findclips/contracts';
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

/** An analysis of one topic with one quote, as a provider's would be once grounded. */
export const oneTopicAnalysis = (): Topic[] => [
  {
    id: 't1',
    title: 'Why cities add bus lanes',
    startTime: 0,
    endTime: 90,
    quotes: [{ id: 'q1', content: 'A bus lane moves more people than a car lane.', startTime: 12, endTime: 24 }],
  },
];
