import { openDatabaseFile, type Database } from '../database/database-file.ts'

/**
 * The addresses the footer's sign-up collected, in one database file
 * (database-file.ts): each is synced to disk before the visitor is
 * answered, so a kill loses at most the address being written.
 */

/** What one sign-up did. */
export type Added = 'added' | 'known'

export interface Signup {
  email: string
  /** ISO 8601, UTC. */
  signedUpAt: string
}

export class SignupStore {
  private readonly db: Database

  constructor(readonly file: string) {
    this.db = openDatabaseFile(file)
    this.db.exec(`
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

/** The list as CSV (RFC 4180), a header line first; a cell a spreadsheet would run as a formula is quoted as text. */
export function signupsCsv(signups: readonly Signup[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  return ['email,signed_up_at', ...signups.map((s) => `${cell(s.email)},${cell(s.signedUpAt)}`)].map((line) => `${line}\r\n`).join('')
}
