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
  const characters = asCharacters(password);
  // A wrong password that normalizing changes is checked twice against an account (below): so is it
  // against the decoy, or its time would tell which emails have one (a stranger's review).
  const checks = characters === password ? [characters] : [characters, password];
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    const decoy = await decoyHash;
    for (const typed of checks) await verify(decoy, typed).catch(() => false);
    return false;
  }
  // The second: hashed before passwords were normalized, as it was typed then.
  for (const typed of checks) if (await verify(passwordHash, typed).catch(() => false)) return true;
  return false;
}
