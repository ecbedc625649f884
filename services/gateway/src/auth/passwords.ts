import { passwordCharacters } from '@findclips/contracts';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes). */
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(passwordCharacters(password), options);

/** A real hash of a random string: verifying against it takes as long as against a user's. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. Without a hash (unknown email, Google-only
 * account) it still spends the time of a real check, so timing does not reveal which emails exist.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const characters = passwordCharacters(password);
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
