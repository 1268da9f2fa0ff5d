/**
 * The team's accounts in a real database file: passwords kept only as
 * scrypt hashes with OWASP's parameters, secrets kept only as digests,
 * sessions that end, and `npm run studio-user` as a developer runs it.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashPassword, passwordProblem, verifyPassword } from '../../../../src/studio/team/passwords'
import { TeamRefusal, TeamStore, sessionIdleMs } from '../../../../src/studio/team/team-store'
import { readPerson } from '../../../../src/studio/team/people'
import { roleRefusal } from '../../../../src/studio/team/roles'

const projectRoot = join(import.meta.dirname, '../../../..')
let folder: string
let store: TeamStore

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'team-store-'))
  store = new TeamStore(join(folder, 'team.db'))
})

afterEach(() => {
  store.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('passwords', () => {
  test('kept as scrypt with N=2^17, r=8, p=1 and a salt of their own; only the same password matches', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')])
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse battery', a)).toBe(true)
    expect(await verifyPassword('correct horse batterY', a)).toBe(false)
    expect(await verifyPassword('anything', 'not a hash')).toBe(false)
  })

  test('too short or absurdly long is refused with words', () => {
    expect(passwordProblem('short')).toBe('A password needs at least 12 characters.')
    expect(passwordProblem('x'.repeat(257))).toBe('A password can have at most 256 characters.')
    expect(passwordProblem('twelve chars')).toBeUndefined()
  })
})

describe('accounts', () => {
  test('an address has one account, whatever its case', () => {
    store.addUser('Ana Author', 'ana@example.org', 'author')
    expect(() => store.addUser('Ana Again', 'ANA@example.org', 'editor')).toThrow(TeamRefusal)
    expect(store.userByEmail('Ana@Example.org')?.name).toBe('Ana Author')
  })

  test('the file holds no link or session secret, only their digests', () => {
    const user = store.addUser('Ana Author', 'ana@example.org', 'author')
    const invite = store.newInvite(user.id)
    store.useInvite(invite, 'scrypt$1$1$1$a$b')
    const { token, csrf } = store.newSession(user.id)
    store.close()
    const bytes = readFileSync(join(folder, 'team.db'), 'latin1')
    expect(bytes).not.toContain(invite)
    expect(bytes).not.toContain(token)
    expect(bytes).toContain(csrf)
  })

  test('a session ends after its idle time, and with its account', () => {
    const user = store.addUser('Ana Author', 'ana@example.org', 'author')
    store.useInvite(store.newInvite(user.id), 'scrypt$1$1$1$a$b')
    const start = Date.now()
    const { token } = store.newSession(user.id, start)
    expect(store.session(token, start + 1000)?.user.email).toBe('ana@example.org')
    expect(store.session(token, start + 1000 + sessionIdleMs + 1)).toBeUndefined()
    const second = store.newSession(user.id).token
    store.removeUser(user.id)
    expect(store.session(second)).toBeUndefined()
  })

  test('an account with no password yet has no session', () => {
    const user = store.addUser('Ina Invited', 'ina@example.org', 'author')
    const { token } = store.newSession(user.id)
    expect(store.session(token)).toBeUndefined()
  })

  test('with the file held by another process, a write waits a moment, then is refused in words and changes nothing', () => {
    const before = store.users().length
    // node-sqlite3-wasm's lock is a folder beside the file, made fresh: as another process's transaction holds it.
    mkdirSync(join(folder, 'team.db.lock'))
    expect(() => store.addUser('Lee Locked', 'lee@example.org', 'author')).toThrow('The accounts database is busy (another command is writing it); nothing was changed. Try again in a moment.')
    rmdirSync(join(folder, 'team.db.lock'))
    expect(store.users()).toHaveLength(before)
    expect(store.addUser('Lee Locked', 'lee@example.org', 'author').name).toBe('Lee Locked')
  })

  // A full disk needs a small file system of its own: a tmpfs, which only root may mount.
  test('on a full disk, a write is refused in words and what was there before stays whole', (context) => {
    const small = join(folder, 'small')
    mkdirSync(small)
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', small]).status !== 0) return context.skip('mounting a tmpfs needs root')
    try {
      const full = new TeamStore(join(small, 'team.db'))
      try {
        full.addUser('Ana Author', 'ana@example.org', 'author')
        try {
          writeFileSync(join(small, 'filler'), Buffer.alloc(1024 * 1024))
        } catch {
          // ENOSPC: the filler took what was left.
        }
        expect(() => full.addUser('Bo Blocked', 'bo@example.org', 'author')).toThrow('The accounts database could not be written (is the disk full?); nothing was changed.')
      } finally {
        full.close()
      }
      rmSync(join(small, 'filler'))
      const reopened = new TeamStore(join(small, 'team.db'))
      expect(reopened.users().map((u) => u.email)).toEqual(['ana@example.org'])
      reopened.close()
    } finally {
      spawnSync('umount', [small])
    }
  })

  test('people are written "Name <address>"; path characters, bad addresses and bare names are refused', () => {
    expect(readPerson('Ana Author <ana@example.org>')).toEqual({ name: 'Ana Author', email: 'ana@example.org' })
    expect(readPerson('Ana Author')).toMatch(/^Write the person as/)
    expect(readPerson('../../etc <ana@example.org>')).toMatch(/slash/)
    expect(readPerson('Ana <../ana@example.org>')).toMatch(/is not an email address an account can have/)
    expect(readPerson('Ana <ana/x@example.org>')).toMatch(/is not an email address/)
    expect(readPerson('Ana <ana@example>')).toMatch(/is not an email address/)
  })

  test('an author may write but not publish, delete, rename or restore; an editor may do all', () => {
    for (const route of ['POST /api/publish', 'POST /api/delete', 'POST /api/rename', 'POST /api/restore-deleted'] as const) {
      expect(roleRefusal('author', route)).toMatch(/^Only an editor can/)
      expect(roleRefusal('editor', route)).toBeUndefined()
    }
    for (const route of ['PUT /api/file', 'POST /api/create', 'PUT /api/draft'] as const) expect(roleRefusal('author', route)).toBeUndefined()
  })
})

describe('npm run studio-user', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/studio-user.ts', ...args, '--db', join(folder, 'team.db')], { cwd: projectRoot, encoding: 'utf8' })

  test('add prints a one-time link on a line of its own; list, reset and remove do what they say', () => {
    store.close()
    const added = run('add', 'Ana Author <ana@example.org>', '--role', 'author', '--base-url', 'https://edit.example.org')
    expect(added.status, added.stderr).toBe(0)
    const lines = added.stdout.trim().split('\n')
    expect(lines[0]).toBe('Invited Ana Author <ana@example.org> as an author. Send them this link; it works once, for 7 days:')
    expect(lines[1]).toMatch(/^https:\/\/edit\.example\.org\/set-password\?invite=[\w-]{43}$/)
    expect(run('list').stdout).toBe('author  Ana Author <ana@example.org>  (invited: no password chosen yet)\n')
    const reset = run('reset', 'ana@example.org', '--base-url', 'https://edit.example.org')
    expect(reset.status).toBe(0)
    expect(reset.stdout.trim().split('\n')[1]).not.toBe(lines[1])
    expect(run('remove', 'ana@example.org').status).toBe(0)
    expect(run('list').stdout).toMatch(/^No accounts yet/)
  }, 30_000)

  test('bad input gets a sentence and changes nothing', () => {
    store.close()
    const cases: [string[], RegExp][] = [
      [['add', 'Ana <ana@example.org>'], /--role author/],
      [['add', 'Ana <ana@example.org>', '--role', 'admin'], /--role author/],
      [['add', 'Ana/x <ana@example.org>', '--role', 'author', '--base-url', 'https://e.org'], /slash/],
      [['add', 'Ana <ana@example.org>', '--role', 'author'], /--base-url/],
      [['reset', 'nobody@example.org'], /No account has the address nobody@example.org/],
      [['promote', 'x'], /There is no command "promote"/],
    ]
    for (const [args, said] of cases) {
      const result = run(...args)
      expect(result.status, args.join(' ')).not.toBe(0)
      expect(result.stderr).toMatch(said)
    }
    expect(run('list').stdout).toMatch(/^No accounts yet/)
  }, 30_000)
})
