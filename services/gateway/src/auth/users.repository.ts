import { normalizeEmail, type User } from '@findclips/contracts';
import { UserEntity } from '@findclips/db';
import type { DataSource, Repository } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** True when a write failed on a unique constraint, e.g. two sign-ups with one email at once. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === UNIQUE_VIOLATION;

/** The user as the API shows it: no password hash, no tokens. */
export function toPublicUser(user: UserEntity): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    googleId: user.googleId,
    avatarUrl: user.avatarUrl,
    aiProvider: user.aiProvider,
    createdAt: user.createdAt.toISOString(),
  };
}

/** All queries on users. */
export class UsersRepository {
  private readonly repo: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(UserEntity);
  }

  findById(id: number) {
    return this.repo.findOneBy({ id });
  }

  findByEmail(email: string) {
    return this.repo.findOneBy({ email: normalizeEmail(email) });
  }

  findByGoogleId(googleId: string) {
    return this.repo.findOneBy({ googleId });
  }

  create(fields: Partial<UserEntity> & { email: string }) {
    return this.repo.save(this.repo.create({ ...fields, email: normalizeEmail(fields.email) }));
  }

  async update(user: UserEntity, fields: Partial<UserEntity>): Promise<UserEntity> {
    await this.repo.update({ id: user.id }, fields);
    return Object.assign(user, fields);
  }
}
