import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

/** A real hash of a random string: verifying against it takes as long as against a user's. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. Without a hash (unknown email, Google-only
 * account) it still spends the time of a real check, so timing does not reveal which emails exist.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
