import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Account passwords: scrypt with a random salt, stored as
 * `scrypt$N$r$p$<salt b64>$<hash b64>` so the cost can rise later without breaking
 * existing hashes. The async scrypt runs on libuv's pool, off the event loop.
 */
const COST = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, COST, KEY_LENGTH)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$')
  if (scheme !== 'scrypt' || !hashText) return false
  const expected = Buffer.from(hashText, 'base64')
  const actual = await derive(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length)
  return timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Checked against when the username does not exist, so an unknown user costs the
 * same time as a wrong password and the response time does not reveal accounts.
 */
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false)
}
