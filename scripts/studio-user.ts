/**
 * `npm run studio-user -- <command>`: the team studio's accounts, from the
 * server's shell (the one place no author reaches).
 *   add "Ana Author <ana@example.org>" --role author|editor   an account, and its one-time link
 *   reset ana@example.org                                     a new link (the old one and every session end)
 *   remove ana@example.org                                    the account goes, and its sessions
 *   list                                                      everyone, their role, and who has not chosen a password
 * Each takes --db <file> (default <root>/.studio/team.db, where the studio
 * keeps it) or --root <project>, and add and reset take --base-url (default
 * the address the team studio last started with).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { readPerson } from '../src/studio/team/people.ts'
import { inviteLifetimeMs, roles, TeamRefusal, TeamStore, type Role, type TeamUser } from '../src/studio/team/team-store.ts'
import { teamDatabase } from '../src/studio/team/team-database.ts'

const usage = `npm run studio-user -- add "Name <email>" --role author|editor [--base-url <address>]
       npm run studio-user -- reset <email> [--base-url <address>]
       npm run studio-user -- remove <email>
       npm run studio-user -- list
  each with [--db <accounts file>] or [--root <project folder>]`

const { values, positionals } = readArguments(
  () =>
    parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, 'base-url': { type: 'string' }, db: { type: 'string' }, root: { type: 'string' } },
    }),
  usage,
)

const fail = (message: string, code = 2): never => {
  console.error(message)
  process.exit(code)
}

const [command, subject, ...extra] = positionals
if (extra.length) fail(`Too many words after "${command}": put a name with spaces in quotes.\nUsage: ${usage}`)
const file = values.db ? resolve(values.db) : teamDatabase(resolve(values.root ?? join(import.meta.dirname, '..')))

const open = (): TeamStore => {
  try {
    return new TeamStore(file)
  } catch (error) {
    return fail(`The accounts database ${file} cannot be opened: ${(error as Error).message}`, 1)
  }
}
const store = open()

/** The address the team opens the studio at, checked before anything is written. */
function baseUrl(): URL {
  const base = values['base-url'] ?? store.baseUrl
  if (!base) return fail('Say the address the team opens the studio at, with --base-url https://… (the studio remembers it once started with --team).')
  try {
    return new URL(base)
  } catch {
    return fail(`--base-url ${base} is not an address (write it as https://edit.example.org).`)
  }
}

/** A new one-time link for `user` to choose a password. */
function linkFor(user: TeamUser, base: URL): string {
  const url = new URL('/set-password', base)
  url.searchParams.set('invite', store.newInvite(user.id))
  return url.href
}

const days = inviteLifetimeMs / (24 * 3600_000)
const who = (user: TeamUser) => `${user.name} <${user.email}>`
const account = (email: string | undefined): TeamUser => {
  if (!email) return fail(`Say whose account, by email address.\nUsage: ${usage}`)
  return store.userByEmail(email) ?? fail(`No account has the address ${email}. \`npm run studio-user -- list\` shows them.`, 1)
}

try {
  switch (command) {
    case 'add': {
      const person = readPerson(subject ?? '')
      if (typeof person === 'string') fail(person)
      const role = values.role as Role
      if (!roles.includes(role)) fail(`Say the role with --role author (writes and saves) or --role editor (also publishes, deletes and restores).`)
      const { name, email } = person as Exclude<typeof person, string>
      const base = baseUrl()
      const user = store.addUser(name, email, role)
      const link = linkFor(user, base)
      console.log(`Invited ${who(user)} as ${role === 'author' ? 'an author' : 'an editor'}. Send them this link; it works once, for ${days} days:`)
      console.log(link)
      break
    }
    case 'reset': {
      const user = account(subject)
      const link = linkFor(user, baseUrl())
      console.log(`${who(user)}'s password and sessions are ended. Send them this link to choose a new password; it works once, for ${days} days:`)
      console.log(link)
      break
    }
    case 'remove': {
      const user = account(subject)
      store.removeUser(user.id)
      console.log(`Removed ${who(user)}: they are signed out everywhere. What they published stays in the site's history under their name.`)
      break
    }
    case 'list': {
      const users = store.users()
      if (!users.length) console.log(`No accounts yet in ${file}. Add one: npm run studio-user -- add "Name <email>" --role editor`)
      for (const user of users) console.log(`${user.role.padEnd(7)} ${who(user)}${user.active ? '' : '  (invited: no password chosen yet)'}`)
      break
    }
    default:
      fail(`${command ? `There is no command "${command}".` : 'Say what to do.'}\nUsage: ${usage}`)
  }
} catch (error) {
  if (error instanceof TeamRefusal) fail(error.message, 1)
  throw error
} finally {
  store.close()
}
