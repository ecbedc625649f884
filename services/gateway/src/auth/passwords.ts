import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * A password as its characters, not as the bytes a keyboard, an input method or a password manager
 * made of them: NFKC, as NIST SP 800-63B asks, so that 'é' typed as one character or as 'e' and its
 * accent, or a full-width letter, is the same password on every device (until stop 64 a password
 * registered one way was refused typed the other).
 */
const asCharacters = (password: string) => password.normalize('NFKC');

export const hashPassword = (password: string) => hash(asCharacters(password), options);

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
  const characters = asCharacters(password);
  if (await verify(passwordHash, characters).catch(() => false)) return true;
  // Hashed before passwords were normalized: as it was typed then.
  return characters !== password && verify(passwordHash, password).catch(() => false);
}
