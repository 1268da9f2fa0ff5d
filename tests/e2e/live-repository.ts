import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { dirname, join } from 'node:path'

/**
 * The live set-up on this machine, as README's "Going live" makes it: a bare
 * repository with deploy/post-receive as its pre-receive and post-receive
 * hooks, its first version (this checkout's files, signed by a developer's
 * key the server lists) pushed and deployed to `<scratch>/srv/current`. No
 * network: node_modules comes from the hook's cache, seeded with this
 * checkout's node_modules under its lockfile's hash.
 */
const root = join(import.meta.dirname, '..', '..')
const author = ['-c', 'user.name=Deploy Test', '-c', 'user.email=deploy-test@example.org']

export function git(cwd: string, ...args: string[]): { ok: boolean; output: string } {
  const run = spawnSync('git', [...author, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` }
}

export function mustGit(cwd: string, ...args: string[]): string {
  const run = git(cwd, ...args)
  if (!run.ok) throw new Error(`git ${args.join(' ')} failed:\n${run.output}`)
  return run.output
}

export interface LiveRepository {
  /** The bare repository the hooks watch. */
  bare: string
  /** The link the hook swaps to each new release: nginx's root. */
  live: string
  /** The deploy root (releases, logs, the lock, the allowed signers). */
  srv: string
}

/**
 * Makes the bare repository in `scratch` and deploys its first version
 * (with `files` added to this checkout's, by path: generated pages for a
 * measurement at scale); throws with git's output when that fails.
 */
export function makeLiveRepository(scratch: string, files: Record<string, string> = {}): LiveRepository {
  const bare = join(scratch, 'site.git')
  const live = join(scratch, 'srv', 'current')
  // The project as it stands in this checkout (tracked files and new ones not ignored), as a first commit.
  const seed = join(scratch, 'seed')
  const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean)
  for (const file of tracked) {
    if (!existsSync(join(root, file))) continue // deleted here, not yet committed
    mkdirSync(dirname(join(seed, file)), { recursive: true })
    copyFileSync(join(root, file), join(seed, file))
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(seed, file)), { recursive: true })
    writeFileSync(join(seed, file), text)
  }
  mustGit(scratch, 'init', '-q', '-b', 'main', seed)
  mustGit(seed, 'add', '-A')
  // The first version is code: a developer signs it with a key the server lists (README, "Going live").
  const key = join(scratch, 'developer-key')
  spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key])
  mkdirSync(join(scratch, 'srv'), { recursive: true })
  writeFileSync(join(scratch, 'srv', 'allowed-signers'), `developer@example.org namespaces="git" ${readFileSync(`${key}.pub`, 'utf8')}`)
  mustGit(seed, '-c', 'gpg.format=ssh', '-c', `user.signingkey=${key}`, 'commit', '-q', '-S', '-m', 'The site as this checkout has it')

  mustGit(scratch, 'init', '-q', '--bare', '-b', 'main', bare)
  copyFileSync(join(root, 'deploy/post-receive'), join(bare, 'hooks/post-receive'))
  chmodSync(join(bare, 'hooks/post-receive'), 0o755)
  // As README sets it up: the same script as pre-receive builds, and refuses a push whose build fails.
  symlinkSync('post-receive', join(bare, 'hooks/pre-receive'))
  mustGit(bare, 'config', 'deploy.root', join(scratch, 'srv'))
  // The hook's cache, keyed as it keys it: npm ci would need the network.
  const lockHash = createHash('sha256').update(readFileSync(join(seed, 'package-lock.json'))).digest('hex')
  mkdirSync(join(scratch, 'srv', 'node-modules-cache', lockHash), { recursive: true })
  symlinkSync(join(root, 'node_modules'), join(scratch, 'srv', 'node-modules-cache', lockHash, 'node_modules'))

  const first = git(seed, 'push', bare, 'main')
  if (!first.ok || !existsSync(live)) throw new Error(`The first deploy failed:\n${first.output}`)
  // As on a server where pushes come minutes apart: the hook's work after the
  // first deploy (the next release's node_modules, copied and checked) is done.
  spawnSync('flock', [join(scratch, 'srv', '.deploy.lock'), 'true'])
  return { bare, live, srv: join(scratch, 'srv') }
}
