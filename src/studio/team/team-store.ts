import { createHash, randomBytes } from 'node:crypto'
import { openDatabaseFile, type Database } from '../../database/database-file.ts'

/**
 * The team studio's people, in one database file (database-file.ts, as
 * the sign-up service keeps its list): accounts with their role and
 * password hash, one-time links to choose a password, signed-in sessions
 * and recent wrong passwords. Secrets that travel (links, session cookies)
 * are kept only as their SHA-256: a copy of the file signs no one in.
 */

export type Role = 'author' | 'editor'
export const roles: readonly Role[] = ['author', 'editor']

export interface TeamUser {
  id: number
  name: string
  email: string
  role: Role
  /** Whether a password has been chosen (an invited account has none until its link is used). */
  active: boolean
}

export interface Session {
  user: TeamUser
  /** The token the studio's page sends with each API request (guards.ts's header): a cookie alone changes nothing. */
  csrf: string
}

/** A refusal the person can act on: the message is theirs to read. */
export class TeamRefusal extends Error {}

/** How long a one-time link to choose a password works. */
export const inviteLifetimeMs = 7 * 24 * 3600_000
/** A session ends after this long unused… */
export const sessionIdleMs = 12 * 3600_000
/** …and after this long in any case. */
export const sessionLongestMs = 14 * 24 * 3600_000
/** A session's last use is written at most this often (each API call would otherwise be a synced write). */
const touchEveryMs = 60_000

/** How long a write waits for another process's transaction (`npm run studio-user` beside the running studio). */
const busyWaitMs = 3_000

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url')
const newSecret = () => randomBytes(32).toString('base64url')

export class TeamStore {
  private readonly db: Database

  constructor(readonly file: string) {
    this.db = openDatabaseFile(file)
    this.db.exec(`
      PRAGMA foreign_keys = ON;
      CREATE TABLE IF NOT EXISTS users (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role TEXT NOT NULL CHECK (role IN ('author', 'editor')),
        password TEXT,
        -- Who the user is to their passkeys (WebAuthn's user handle): random, so it tells nothing of them.
        handle TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS invites (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        used_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS failures (
        key TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS failures_by_key ON failures (key, at);
      CREATE TABLE IF NOT EXISTS passkeys (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        public_key TEXT NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS challenges (
        key TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `)
  }

  /** A new account with no password yet. Refused when the address already has one. */
  addUser(name: string, email: string, role: Role, now = new Date()): TeamUser {
    if (this.userByEmail(email)) throw new TeamRefusal(`${email} already has an account: \`reset\` sends a new link, \`remove\` takes it away.`)
    const { lastInsertRowid } = this.retrying(() =>
      this.db.run('INSERT INTO users (name, email, role, handle, created_at) VALUES (?, ?, ?, ?, ?)', [name, email, role, randomBytes(16).toString('base64url'), now.toISOString()]),
    )
    return this.userById(Number(lastInsertRowid))!
  }

  userByEmail(email: string): TeamUser | undefined {
    return userOf(this.retrying(() => this.db.get('SELECT * FROM users WHERE email = ?', [email])))
  }

  userById(id: number): TeamUser | undefined {
    return userOf(this.retrying(() => this.db.get('SELECT * FROM users WHERE id = ?', [id])))
  }

  /** The stored password hash, to check a sign-in against. */
  passwordHashOf(userId: number): string | undefined {
    const row = this.retrying(() => this.db.get('SELECT password FROM users WHERE id = ?', [userId]))
    return typeof row?.password === 'string' ? row.password : undefined
  }

  users(): TeamUser[] {
    return this.retrying(() => this.db.all('SELECT * FROM users ORDER BY name COLLATE NOCASE, email')).map((row) => userOf(row)!)
  }

  /** Takes the account away, and with it every session and unused link. */
  removeUser(userId: number): void {
    this.retrying(() => this.db.run('DELETE FROM users WHERE id = ?', [userId]))
  }

  /**
   * A one-time link's secret for `userId` (to choose a password). Any
   * earlier unused link of theirs stops working, and so does every session
   * (a reset is what one asks for when a password may be known to others).
   */
  newInvite(userId: number, now = Date.now()): string {
    const token = newSecret()
    this.transaction(() => {
      this.db.run('DELETE FROM invites WHERE user_id = ?', [userId])
      this.db.run('DELETE FROM sessions WHERE user_id = ?', [userId])
      this.db.run('INSERT INTO invites (token_hash, user_id, expires_at) VALUES (?, ?, ?)', [digest(token), userId, now + inviteLifetimeMs])
    })
    return token
  }

  /** Whose link `token` is, if it can still be used. */
  inviteUser(token: string, now = Date.now()): TeamUser | undefined {
    const row = this.retrying(() => this.db.get('SELECT user_id FROM invites WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [digest(token), now]))
    return row ? this.userById(Number(row.user_id)) : undefined
  }

  /**
   * Uses the link: sets the password hash and answers whose account it is.
   * Two uses racing each other: the first to write wins and the second
   * finds the link used (one UPDATE decides, inside SQLite's lock).
   */
  useInvite(token: string, passwordHash: string, now = Date.now()): TeamUser {
    return this.transaction(() => {
      const row = this.retrying(() => this.db.get('SELECT user_id FROM invites WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [digest(token), now]))
      if (!row) throw new TeamRefusal('This link has been used or has expired. Ask whoever invited you for a new one.')
      this.db.run('UPDATE invites SET used_at = ? WHERE token_hash = ?', [now, digest(token)])
      this.db.run('UPDATE users SET password = ? WHERE id = ?', [passwordHash, Number(row.user_id)])
      return this.userById(Number(row.user_id))!
    })
  }

  /** A new session for `userId`: its cookie's secret and its CSRF token. */
  newSession(userId: number, now = Date.now()): { token: string; csrf: string } {
    const token = newSecret()
    const csrf = newSecret()
    this.retrying(() => this.db.run('INSERT INTO sessions (token_hash, user_id, csrf, created_at, used_at) VALUES (?, ?, ?, ?, ?)', [digest(token), userId, csrf, now, now]))
    return { token, csrf }
  }

  /** The session whose cookie secret is `token`, if it is still open; its last use is kept. */
  session(token: string, now = Date.now()): Session | undefined {
    const row = this.retrying(() => this.db.get('SELECT * FROM sessions WHERE token_hash = ?', [digest(token)]))
    if (!row) return undefined
    const usedAt = Number(row.used_at)
    if (now - usedAt > sessionIdleMs || now - Number(row.created_at) > sessionLongestMs) {
      this.endSession(token)
      return undefined
    }
    const user = this.userById(Number(row.user_id))
    if (!user?.active) return undefined
    if (now - usedAt > touchEveryMs) this.retrying(() => this.db.run('UPDATE sessions SET used_at = ? WHERE token_hash = ?', [now, digest(token)]))
    return { user, csrf: String(row.csrf) }
  }

  endSession(token: string): void {
    this.retrying(() => this.db.run('DELETE FROM sessions WHERE token_hash = ?', [digest(token)]))
  }

  /** The user's passkey handle (WebAuthn's user.id), base64url. */
  handleOf(userId: number): string {
    return String(this.retrying(() => this.db.get('SELECT handle FROM users WHERE id = ?', [userId]))?.handle)
  }

  addPasskey(userId: number, passkey: StoredPasskey, now = new Date()): void {
    this.retrying(() =>
      this.db.run('INSERT INTO passkeys (id, user_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        passkey.id,
        userId,
        passkey.publicKey,
        passkey.counter,
        JSON.stringify(passkey.transports),
        now.toISOString(),
      ]),
    )
  }

  passkeysOf(userId: number): StoredPasskey[] {
    return this.retrying(() => this.db.all('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at', [userId])).map(passkeyOf)
  }

  /** The passkey with this credential id, and whose it is. */
  passkey(id: string): (StoredPasskey & { userId: number }) | undefined {
    const row = this.retrying(() => this.db.get('SELECT * FROM passkeys WHERE id = ?', [id]))
    return row ? { ...passkeyOf(row), userId: Number(row.user_id) } : undefined
  }

  /** The authenticator's count after a sign-in (a count that goes back means a cloned key: verify-authentication refuses it). */
  setPasskeyCounter(id: string, counter: number): void {
    this.retrying(() => this.db.run('UPDATE passkeys SET counter = ? WHERE id = ?', [counter, id]))
  }

  /** Keeps a WebAuthn challenge under `key` for `lifetimeMs`, replacing any earlier one there. */
  putChallenge(key: string, challenge: string, lifetimeMs: number, now = Date.now()): void {
    this.transaction(() => {
      this.db.run('DELETE FROM challenges WHERE expires_at <= ?', [now])
      this.db.run('INSERT INTO challenges (key, challenge, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET challenge = excluded.challenge, expires_at = excluded.expires_at', [
        digest(key),
        challenge,
        now + lifetimeMs,
      ])
    })
  }

  /** The challenge under `key`, once: taken, it is gone (a response can be checked against it one time). */
  takeChallenge(key: string, now = Date.now()): string | undefined {
    return this.transaction(() => {
      const row = this.retrying(() => this.db.get('SELECT challenge FROM challenges WHERE key = ? AND expires_at > ?', [digest(key), now]))
      this.db.run('DELETE FROM challenges WHERE key = ?', [digest(key)])
      return row ? String(row.challenge) : undefined
    })
  }

  /** Counts a wrong password against each key (an address, a client), forgetting those older than `windowMs`. */
  recordFailure(keys: readonly string[], windowMs: number, now = Date.now()): void {
    this.transaction(() => {
      this.db.run('DELETE FROM failures WHERE at <= ?', [now - windowMs])
      for (const key of keys) this.db.run('INSERT INTO failures (key, at) VALUES (?, ?)', [key, now])
    })
  }

  /** Wrong passwords against `key` within the window, and when the oldest of them leaves it. */
  failures(key: string, windowMs: number, now = Date.now()): { count: number; oldest?: number } {
    const row = this.retrying(() => this.db.get('SELECT count(*) AS n, min(at) AS oldest FROM failures WHERE key = ? AND at > ?', [key, now - windowMs]))
    const count = Number(row?.n ?? 0)
    return count ? { count, oldest: Number(row!.oldest) } : { count }
  }

  /** The address the team opens the studio at, as the running studio last said (for the links `npm run studio-user` prints). */
  get baseUrl(): string | undefined {
    const row = this.retrying(() => this.db.get("SELECT value FROM settings WHERE name = 'base-url'"))
    return row ? String(row.value) : undefined
  }

  set baseUrl(url: string) {
    this.retrying(() => this.db.run("INSERT INTO settings (name, value) VALUES ('base-url', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [url]))
  }

  close(): void {
    if (this.db.isOpen) this.db.close()
  }

  private transaction<T>(work: () => T): T {
    return this.retrying(() => {
      this.db.exec('BEGIN IMMEDIATE')
      try {
        const result = work()
        this.db.exec('COMMIT')
        return result
      } catch (error) {
        this.db.exec('ROLLBACK')
        throw error
      }
    })
  }

  /** Runs a read or a write, waiting a moment while another process holds the file; still locked after that, it is refused with words. */
  private retrying<T>(work: () => T): T {
    const until = Date.now() + busyWaitMs
    for (;;) {
      try {
        return work()
      } catch (error) {
        if (!/database is locked|SQLITE_BUSY/i.test(String((error as Error).message)) || Date.now() > until) throw storeError(error as Error)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
      }
    }
  }
}

/** A failed write, in words for whoever reads the answer; the database is as it was (the transaction rolled back). */
function storeError(error: Error): Error {
  if (error instanceof TeamRefusal) return error
  const message = String(error.message)
  if (/locked|BUSY/i.test(message)) return new TeamRefusal('The accounts database is busy (another command is writing it); nothing was changed. Try again in a moment.')
  // node-sqlite3-wasm says "disk I/O error" where the file system answered ENOSPC.
  if (/full|IOERR|ENOSPC|I\/O error/i.test(message)) return new TeamRefusal('The accounts database could not be written (is the disk full?); nothing was changed.')
  return error
}

/** A passkey as kept: its credential id and public key in base64url, the authenticator's count and how it is reached. */
export interface StoredPasskey {
  id: string
  publicKey: string
  counter: number
  transports: string[]
}

function passkeyOf(row: Record<string, unknown>): StoredPasskey {
  return { id: String(row.id), publicKey: String(row.public_key), counter: Number(row.counter), transports: JSON.parse(String(row.transports)) as string[] }
}

function userOf(row: Record<string, unknown> | undefined | null): TeamUser | undefined {
  if (!row) return undefined
  return { id: Number(row.id), name: String(row.name), email: String(row.email), role: row.role as Role, active: typeof row.password === 'string' }
}
