/** Password hashing: argon2id at OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// A real hash of a random string: verifying against it costs what a real verify costs (no user enumeration by timing).
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$4Y57K+25W2u/uwxS5WSk6Q$9VpdnRYvJ4zkWCk+FvaG5uF7W5ktfPl70PqE+IjHwdk';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies against the stored hash, or against a dummy when there is none, so both take the same time. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(stored ?? DUMMY_HASH, password);
    return Boolean(stored) && ok;
  } catch {
    return false;
  }
}
