import { rmdirSync, statSync } from 'node:fs'
import sqlite from 'node-sqlite3-wasm'

/**
 * The addresses the footer's sign-up collected, in one SQLite database
 * file (node-sqlite3-wasm: SQLite itself, compiled to WebAssembly, reading
 * and writing the file through Node, so nothing is compiled at install).
 * Every write is a transaction synced to disk before the visitor is
 * answered (synchronous=FULL, a rollback journal): a kill or a power cut
 * loses at most the address being written, never one written before it,
 * and the next open rolls a half-written transaction back.
 */

/** What one sign-up did. */
export type Added = 'added' | 'known'

export interface Signup {
  email: string
  /** ISO 8601, UTC. */
  signedUpAt: string
}

/**
 * The database's lock (node-sqlite3-wasm takes one by making a folder
 * beside the file) is held for the milliseconds of a transaction; one older
 * than this was left by a process that was killed holding it.
 */
const staleLockMs = 10_000

export class SignupStore {
  private readonly db: sqlite.Database

  constructor(readonly file: string) {
    removeStaleLock(file)
    this.db = new sqlite.Database(file)
    this.db.exec(`
      PRAGMA synchronous = FULL;
      CREATE TABLE IF NOT EXISTS signups (
        email TEXT PRIMARY KEY,
        signed_up_at TEXT NOT NULL
      );
    `)
  }

  /** Keeps `email` (already normalAddress'd) once, with the moment it first signed up. */
  add(email: string, at = new Date()): Added {
    const { changes } = this.db.run('INSERT OR IGNORE INTO signups (email, signed_up_at) VALUES (?, ?)', [email, at.toISOString()])
    return changes ? 'added' : 'known'
  }

  count(): number {
    return Number(this.db.get('SELECT count(*) AS n FROM signups')?.n ?? 0)
  }

  /** Every address, oldest sign-up first. */
  list(): Signup[] {
    return this.db.all('SELECT email, signed_up_at FROM signups ORDER BY signed_up_at, email').map((row) => ({ email: String(row.email), signedUpAt: String(row.signed_up_at) }))
  }

  close(): void {
    if (this.db.isOpen) this.db.close()
  }
}

function removeStaleLock(file: string): void {
  const lock = `${file}.lock`
  const made = statSync(lock, { throwIfNoEntry: false })
  if (made && Date.now() - made.mtimeMs > staleLockMs) rmdirSync(lock)
}

/** The list as CSV (RFC 4180), a header line first; a cell a spreadsheet would run as a formula is quoted as text. */
export function signupsCsv(signups: readonly Signup[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  return ['email,signed_up_at', ...signups.map((s) => `${cell(s.email)},${cell(s.signedUpAt)}`)].map((line) => `${line}\r\n`).join('')
}
