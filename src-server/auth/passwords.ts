import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Account passwords: scrypt with a random salt, stored as
 * `scrypt$N$r$p$<salt b64>$<hash b64>` so the cost can rise later without breaking
 * existing hashes. The async scrypt runs on libuv's pool, off the event loop; the
 * sign-ins' checks run on the password queue's own threads instead (password-gate.ts).
 */
const COST = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32
/** scrypt's memory ceiling: a stored hash may ask for more than OpenSSL's 32 MB default (p > 1). */
const MAX_MEMORY = 64 * 1024 * 1024

/** Derives the key of an (NFKC-normalised) password: on libuv's pool by default, or where the caller says. */
export type DeriveKey = (password: string, salt: Buffer, options: ScryptOptions, keyLength: number) => Promise<Buffer>

const onLibuvPool: DeriveKey = (password, salt, options, keyLength) =>
  new Promise((resolve, reject) => scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))))

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await onLibuvPool(password.normalize('NFKC'), salt, { ...COST, maxmem: MAX_MEMORY }, KEY_LENGTH)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string, derive: DeriveKey = onLibuvPool): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$')
  if (scheme !== 'scrypt' || !hashText) return false
  const expected = Buffer.from(hashText, 'base64')
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY }
  const actual = await derive(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), options, expected.length)
  return timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Checked against when the username does not exist, so an unknown user costs the
 * same time as a wrong password and the response time does not reveal accounts.
 */
export function verifyAgainstDummy(password: string, derive: DeriveKey = onLibuvPool): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash.then((hash) => verifyPassword(password, hash, derive)).then(() => false)
}
