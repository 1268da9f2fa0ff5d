/**
 * Passwords, kept only as scrypt hashes (node:crypto's, so nothing is
 * compiled at install) with the parameters OWASP's Password Storage Cheat
 * Sheet gives for scrypt: N=2^17, r=8, p=1, which needs 128 MiB for each
 * hash. The parameters are stored with each hash, so raising them later
 * leaves every older password readable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt's cost parameters, stored with each hash. */
export interface ScryptParameters {
  N: number
  r: number
  p: number
}

const current: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 }
const keyLength = 32

/** The shortest password accepted (NIST SP 800-63B's floor for one a person chooses). */
export const shortestPassword = 12
/** Longer is refused: scrypt takes any length, but a megabyte "password" is a way to make the server work. */
export const longestPassword = 256

/** Why `password` cannot be used, in words, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < shortestPassword) return `A password needs at least ${shortestPassword} characters.`
  if (password.length > longestPassword) return `A password can have at most ${longestPassword} characters.`
  return undefined
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below OWASP's N.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r }
  return new Promise((done, fail) => scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? fail(error) : done(key))))
}

/**
 * "scrypt$N$r$p$salt$hash", salt and hash in base64url. Other `parameters`
 * than today's make the hash an account kept from before a change of them
 * has: tests whose accounts sign in many times give theirs small ones.
 */
export async function hashPassword(password: string, parameters: ScryptParameters = current): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, parameters)
  return ['scrypt', parameters.N, parameters.r, parameters.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` is the one `stored` was made from. A malformed `stored` matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash of no password, to check a wrong user name against: signing in as
 * someone who does not exist takes as long as a wrong password, so the
 * time does not tell which names are accounts.
 */
let decoy: Promise<string> | undefined
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')))
