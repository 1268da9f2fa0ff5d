import { rmdirSync, statSync } from 'node:fs'
import sqlite from 'node-sqlite3-wasm'

/**
 * One SQLite database file, as the services keep their data (the sign-up
 * list, the team studio's accounts): node-sqlite3-wasm, SQLite itself
 * compiled to WebAssembly reading and writing the file through Node, so
 * nothing is compiled at install. Every write is synced to disk before it
 * is answered (synchronous=FULL, a rollback journal): a kill or a power cut
 * loses at most the transaction under way, and the next open rolls a
 * half-written one back.
 */

/**
 * The database's lock (node-sqlite3-wasm takes one by making a folder
 * beside the file) is held for the milliseconds of a transaction; one older
 * than this was left by a process that was killed holding it.
 */
const staleLockMs = 10_000

export function openDatabaseFile(file: string): sqlite.Database {
  const lock = `${file}.lock`
  const made = statSync(lock, { throwIfNoEntry: false })
  if (made && Date.now() - made.mtimeMs > staleLockMs) rmdirSync(lock)
  const db = new sqlite.Database(file)
  db.exec('PRAGMA synchronous = FULL;')
  return db
}

export type Database = sqlite.Database
