/** PostgreSQL's foreign_key_violation: a member's row written for an account deleted meanwhile. */
const FOREIGN_KEY_VIOLATION = '23503';

/** A member's analysis or history written after their account was deleted: nobody is left to get it. */
export class MemberGoneError extends Error {
  constructor(
    readonly userId: number,
    options?: { cause?: unknown },
  ) {
    super(`member ${userId} no longer exists`, options);
    this.name = 'MemberGoneError';
  }
}

/**
 * Runs a write of a member's rows, whose references are to the member's account and to rows the
 * same transaction writes first (a history entry's quotes, to its video): refused on a foreign
 * key, the account is gone (MemberGoneError), which no retry mends.
 */
export async function writeForMember<T>(userId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string })?.code === FOREIGN_KEY_VIOLATION) throw new MemberGoneError(userId, { cause: error });
    throw error;
  }
}
