/**
 * The changes of a studio and their comments, in one database file in the
 * project's .studio/ (database-file.ts, as the team's accounts and the
 * sign-up list are kept): each change's name, state, author, files and
 * commits, what happened to it, and what people said on it. The commits
 * themselves are in git, on the change's branch (change-branch.ts).
 *
 * Only the studio's own process opens the file. A state moves by one
 * UPDATE that names the states it may move from, so two editors acting on
 * one change at once cannot both win.
 */
import { join } from 'node:path'
import { openDatabaseFile, type Database } from '../../../database/database-file.ts'
import { studioFolder } from '../kept-files.ts'
import type { Author } from '../../shared/publish-types.ts'
import type { Change, ChangeState } from '../../shared/change-types.ts'

type Row = Record<string, unknown>

export class ChangeStore {
  private readonly db: Database

  constructor(projectRoot: string) {
    this.db = openDatabaseFile(join(studioFolder(projectRoot), 'changes.db'))
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS changes (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        state TEXT NOT NULL,
        author_name TEXT NOT NULL,
        author_email TEXT NOT NULL,
        files TEXT NOT NULL,
        tip TEXT NOT NULL,
        base TEXT NOT NULL,
        published TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS comments (
        id INTEGER PRIMARY KEY,
        change_id INTEGER NOT NULL REFERENCES changes (id),
        by_name TEXT NOT NULL,
        by_email TEXT NOT NULL,
        text TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS events (
        id INTEGER PRIMARY KEY,
        change_id INTEGER NOT NULL REFERENCES changes (id),
        by_name TEXT NOT NULL,
        by_email TEXT NOT NULL,
        did TEXT NOT NULL,
        at TEXT NOT NULL
      );
    `)
  }

  /** A new change, in review; answers its id. */
  add(input: { title: string; author: Author; files: string[]; tip: string; base: string }): number {
    const now = new Date().toISOString()
    const { lastInsertRowid } = this.db.run('INSERT INTO changes (title, state, author_name, author_email, files, tip, base, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      input.title,
      'in-review',
      input.author.name,
      input.author.email,
      JSON.stringify(input.files),
      input.tip,
      input.base,
      now,
      now,
    ])
    const id = Number(lastInsertRowid)
    this.note(id, input.author, 'submitted it')
    return id
  }

  get(id: number): Change | undefined {
    const row = this.db.get('SELECT * FROM changes WHERE id = ?', [id]) as Row | null
    return row ? this.changeOf(row) : undefined
  }

  /** Every change, the most recently updated first. */
  list(): Change[] {
    return (this.db.all('SELECT * FROM changes ORDER BY updated_at DESC, id DESC') as Row[]).map((row) => this.changeOf(row))
  }

  /**
   * Moves the change to `to` if it is in one of `from` now, with what else
   * changes with it; answers whether it moved (false: someone moved it first).
   */
  move(id: number, from: readonly ChangeState[], to: ChangeState, by: Author, did: string, set: { tip?: string; files?: string[]; published?: string } = {}): boolean {
    const marks = from.map(() => '?').join(', ')
    const { changes } = this.db.run(
      `UPDATE changes SET state = ?, updated_at = ?, tip = coalesce(?, tip), files = coalesce(?, files), published = coalesce(?, published) WHERE id = ? AND state IN (${marks})`,
      [to, new Date().toISOString(), set.tip ?? null, set.files ? JSON.stringify(set.files) : null, set.published ?? null, id, ...from],
    )
    if (changes) this.note(id, by, did)
    return changes > 0
  }

  comment(id: number, by: Author, text: string): void {
    this.db.run('INSERT INTO comments (change_id, by_name, by_email, text, at) VALUES (?, ?, ?, ?, ?)', [id, by.name, by.email, text, new Date().toISOString()])
    this.db.run('UPDATE changes SET updated_at = ? WHERE id = ?', [new Date().toISOString(), id])
  }

  close(): void {
    if (this.db.isOpen) this.db.close()
  }

  private note(id: number, by: Author, did: string): void {
    this.db.run('INSERT INTO events (change_id, by_name, by_email, did, at) VALUES (?, ?, ?, ?, ?)', [id, by.name, by.email, did, new Date().toISOString()])
  }

  private changeOf(row: Row): Change {
    const id = Number(row.id)
    const person = (r: Row, prefix: string): Author => ({ name: String(r[`${prefix}_name`]), email: String(r[`${prefix}_email`]) })
    return {
      id,
      title: String(row.title),
      state: String(row.state) as ChangeState,
      author: person(row, 'author'),
      files: JSON.parse(String(row.files)) as string[],
      tip: String(row.tip),
      base: String(row.base),
      createdAt: String(row.created_at),
      updatedAt: String(row.updated_at),
      ...(row.published ? { published: String(row.published) } : {}),
      comments: (this.db.all('SELECT * FROM comments WHERE change_id = ? ORDER BY id', [id]) as Row[]).map((c) => ({ id: Number(c.id), by: person(c, 'by'), text: String(c.text), at: String(c.at) })),
      events: (this.db.all('SELECT * FROM events WHERE change_id = ? ORDER BY id', [id]) as Row[]).map((e) => ({ by: person(e, 'by'), did: String(e.did), at: String(e.at) })),
    }
  }
}
