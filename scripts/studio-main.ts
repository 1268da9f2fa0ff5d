/**
 * What `npm run studio` does, for the studio whose code is at `codeRoot`:
 * reads its options, starts the studio and stops it on Ctrl+C. The code's
 * folder is an argument, never this file's: run-studio.mjs runs a cached
 * bundle of this module from node_modules/.cache.
 * Options: --port <n> (default 5170), --root <project> (default the studio's own).
 * The team studio: --team --base-url <the address the team opens> [--db <accounts file>]:
 * people sign in (accounts: npm run studio-user), and it listens on 127.0.0.1
 * for nginx to serve at that address (deploy/studio.service, deploy/studio-nginx.conf).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readArguments } from './command-line.ts'
import { startStudio } from '../src/studio/server/server.ts'
import { TeamGate } from '../src/studio/team/team-gate.ts'
import { TeamStore } from '../src/studio/team/team-store.ts'
import { teamDatabase } from '../src/studio/team/team-database.ts'

export async function runStudio(codeRoot: string, args: string[]): Promise<void> {
  const { values } = readArguments(
    () => parseArgs({ args, options: { port: { type: 'string' }, root: { type: 'string' }, team: { type: 'boolean' }, 'base-url': { type: 'string' }, db: { type: 'string' } } }),
    'npm run studio -- [--port <number>] [--root <project folder>] [--team --base-url <https://address> [--db <accounts file>]]',
  )
  const root = resolve(values.root ?? codeRoot)
  const team = values.team ? openTeam(root, values['base-url'], values.db) : undefined
  const given = values.port ?? process.env.STUDIO_PORT ?? '5170'
  const port = Number(given)
  if (!/^\d+$/.test(given) || port > 65535) {
    console.error(`--port ${given}: a port is a whole number from 1 to 65535 (0 picks a free one).`)
    process.exit(2)
  }
  let studio: Awaited<ReturnType<typeof startStudio>>
  try {
    studio = await startStudio({ root, port, codeRoot, ...(team ? { team } : {}) })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
    console.error(code === 'EADDRINUSE' ? `Port ${port} is taken (is a studio already running?). Open that one, stop it, or start this one with --port <another number>.` : `Port ${port} needs rights this user lacks; use one above 1023 with --port.`)
    process.exit(1)
  }
  if (team) {
    const people = team.store.users().length
    console.log(`Team studio for ${join(root, 'pages')}: listening on ${studio.url} for nginx to serve at ${team.baseUrl.href}; ${people} accounts in ${team.store.file}.`)
    if (!people) console.log(`No one can sign in yet. Invite the first editor: npm run studio-user -- add "Name <email>" --role editor`)
  } else console.log(`Studio for ${join(root, 'pages')}: open ${studio.url} in your browser. Stop it with Ctrl+C.`)
  const stop = () => void studio.close().then(() => process.exit(0))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
  stopWithParent(stop)
}

/**
 * Call `stop` once the process that started this one has gone. `npm run
 * studio` stopped by its process id takes npm and its shell away and tells
 * this process nothing: it would go on serving, unseen, holding its port.
 * An orphan is adopted by another process, so its parent's id changes.
 * Started by init or systemd (the team studio's unit), there is no such parent.
 */
function stopWithParent(stop: () => void): void {
  const parent = process.ppid
  if (parent <= 1) return
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(watch)
    stop()
  }, 500)
  watch.unref()
}

/** The team studio's gate, from its options; a wrong one stops the command with a sentence. */
function openTeam(root: string, baseUrl: string | undefined, db: string | undefined): TeamGate {
  const fail = (message: string): never => {
    console.error(message)
    process.exit(2)
  }
  if (!baseUrl) return fail('The team studio needs the address the team opens it at: --base-url https://edit.example.org (nginx serves it there; see deploy/studio-nginx.conf).')
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return fail(`--base-url ${baseUrl} is not an address: write it as https://edit.example.org.`)
  }
  // Passwords and session cookies cross the network: over HTTPS only, but on this machine itself.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) fail(`--base-url ${baseUrl}: the team studio is served over HTTPS (http:// only for localhost).`)
  if (url.pathname !== '/' || url.search || url.hash) fail(`--base-url ${baseUrl}: the studio has a host name of its own, so the address has no path (as in https://edit.example.org).`)
  const store = new TeamStore(db ? resolve(db) : teamDatabase(root))
  store.baseUrl = url.origin
  return new TeamGate(store, url)
}