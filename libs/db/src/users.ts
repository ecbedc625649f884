// The one owner of users: accounts, their credentials and settings.
import { normalizeEmail } from '@findclips/contracts';
import { UserEntity } from './entities';
import { credentialStamp } from './session-user';
import { In, IsNull, type DataSource, type Repository } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** True when a write failed on a unique constraint, e.g. two sign-ups with one email at once. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === UNIQUE_VIOLATION;

/**
 * The one writer of `users`: accounts, written by the gateway (sign-up, Google, profile); the
 * realtime service only reads who a session belongs to.
 */
export class Users {
  private readonly repo: Repository<UserEntity>;
  /** `findById`'s SQL, written from the entity's columns once they are known. */
  private byId?: string;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(UserEntity);
  }

  /** What a session's stamp is checked against, and nothing else of the account. */
  findCredentials(id: number) {
    return this.repo.findOne({ where: { id }, select: { id: true, passwordHash: true, email: true } });
  }

  /**
   * The stamps of these accounts' current credentials (`credentialStamp`), of those that still
   * exist (an operator may have deleted one).
   */
  async credentialStamps(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.repo.find({ where: { id: In([...ids]) }, select: { id: true, passwordHash: true, email: true } });
    return new Map(rows.map((row) => [row.id, credentialStamp(row)]));
  }

  /**
   * The account a session belongs to, which every signed-in request reads: in SQL, with each
   * column named as its property, since TypeORM's query building cost twice the query itself (on
   * this machine 254-606 µs of the event loop against 114-187 µs).
   */
  async findById(id: number): Promise<UserEntity | null> {
    this.byId ??= `SELECT ${this.repo.metadata.columns.map((c) => `"${c.databaseName}" AS "${c.propertyName}"`).join(', ')}
                   FROM users WHERE id = $1`;
    const rows: Partial<UserEntity>[] = await this.repo.query(this.byId, [id]);
    return rows[0] ? Object.assign(new UserEntity(), rows[0]) : null;
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

  /**
   * Changes the user's credentials only while their email and password hash are still the ones
   * `user` was read with (what a session's stamp covers): of two changes racing from two sessions,
   * the later one finds them changed and gets null.
   */
  async updateCredentials(user: UserEntity, fields: Pick<Partial<UserEntity>, 'email' | 'passwordHash'>) {
    const { affected } = await this.repo.update(
      { id: user.id, email: user.email, passwordHash: user.passwordHash ?? IsNull() },
      fields,
    );
    return affected ? Object.assign(user, fields) : null;
  }

  /**
   * Links the user to a Google account (with `fields`) only while none is theirs: null when one
   * is (linked meanwhile by another sign-in).
   */
  async linkGoogle(user: UserEntity, fields: Partial<UserEntity> & { googleId: string }): Promise<UserEntity | null> {
    const { affected } = await this.repo.update({ id: user.id, googleId: IsNull() }, fields);
    return affected ? Object.assign(user, fields) : null;
  }

  async update(user: UserEntity, fields: Partial<UserEntity>): Promise<UserEntity> {
    await this.repo.update({ id: user.id }, fields);
    return Object.assign(user, fields);
  }
}
