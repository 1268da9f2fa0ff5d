/**
 * `npm run signups -- --db /srv/signup/signups.db > signups.csv`: every
 * address the footer's sign-up kept, as CSV (email, signed_up_at), oldest
 * first, for a newsletter tool or a spreadsheet. Safe while the service runs.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { SignupStore, signupsCsv } from '../src/signup/signup-store.ts'

const usage = 'npm run signups -- --db <database file> > signups.csv'
const { values } = readArguments(() => parseArgs({ options: { db: { type: 'string' } } }), usage)
if (!values.db || !existsSync(values.db)) {
  console.error(`${values.db ? `There is no database at ${resolve(values.db)}.` : 'Say which database to read, with --db.'}\nUsage: ${usage}`)
  process.exit(2)
}
const store = new SignupStore(resolve(values.db))
process.stdout.write(signupsCsv(store.list()))
store.close()
