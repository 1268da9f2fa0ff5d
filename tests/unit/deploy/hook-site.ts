import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * A server for deploy/post-receive, small and fast: a real bare repository
 * with the real hook, a developer's SSH signing key listed in the allowed
 * signers file the server keeps outside the repository, and a fake npm on
 * deploy.path (`ci` makes node_modules/fake/index.js; `run build` writes
 * dist/ from page.txt and pages/*.txt, fails when the commit holds BROKEN,
 * and appends to node_modules/fake/index.js when it holds TAMPER; each
 * takes FAKE_NPM_SECONDS, or only the one named by FAKE_NPM_SLOW when set).
 * tests/e2e/deploy.spec.ts runs the real build and the real nginx.
 */
export const projectRoot = join(import.meta.dirname, '..', '..', '..')
export const hook = join(projectRoot, 'deploy/post-receive')
/** Each test runs the real hook on real repositories, several pushes in a row: on a busy 2-core machine one took over 20 s (the default). */
export const hookTestTimeout = 90_000
const identity = ['-c', 'user.name=Hook Test', '-c', 'user.email=hook-test@example.org']

const fakeNpm = `#!/usr/bin/env bash
set -e
echo "npm $*" >> "$FAKE_NPM_CALLS"
if [[ -z \${FAKE_NPM_SLOW:-} || "$*" == "\$FAKE_NPM_SLOW" ]]; then sleep "\${FAKE_NPM_SECONDS:-0}"; fi
case "$*" in
  ci) mkdir -p node_modules/fake node_modules/.bin && echo "module.exports = 1" > node_modules/fake/index.js && ln -s ../fake/index.js node_modules/.bin/fake ;;
  "run build")
    if [[ -e BROKEN ]]; then echo "pages/index.yaml:3:5  $(cat BROKEN)" >&2; exit 1; fi
    if [[ -e TAMPER ]]; then echo "tampered" >> node_modules/fake/index.js; fi
    mkdir -p dist/assets
    cat page.txt pages/*.txt 2>/dev/null > dist/index.html || true
    cp node_modules/fake/index.js dist/fake.js
    echo "chunk" > "dist/assets/page-$(cat page.txt pages/*.txt 2>/dev/null | sha1sum | cut -c1-8).js" ;;
  *) echo "fake npm: unexpected $*" >&2; exit 2 ;;
esac
`

export const cleanups: (() => void)[] = []

export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): { ok: boolean; output: string } {
  const run = spawnSync('git', [...identity, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...env } })
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` }
}

/** An SSH key pair made for one test, as a developer's signing key. */
function makeKey(dir: string, name: string): { key: string; signer: string } {
  const key = join(dir, name)
  const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', key])
  if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr}`)
  return { key, signer: `${name}@example.org namespaces="git" ${readFileSync(`${key}.pub`, 'utf8').trim()}` }
}

export type Pusher = 'developer' | 'author' | 'stranger'

/** A bare repository with the hook as post-receive only, or (`both`) linked as pre-receive too, as README says. */
export function setUp(settings: Record<string, string> = { root: 'srv' }, hooks: 'post' | 'both' = 'post'): Site {
  const dir = mkdtempSync(join(tmpdir(), 'hook-'))
  cleanups.push(() => removeSite(dir))
  makeSite(dir, settings, hooks)
  return siteIn(dir)
}

/**
 * A site set up and made ready by `prepare` once for a test file, copied
 * for each test that starts from it: a copy costs one `cp -a` instead of
 * the set-up and the deploys. `remove` after the file's tests.
 */
export function siteTemplate(settings: Record<string, string>, hooks: 'post' | 'both', prepare: (site: Site) => void): { copy: () => Site; remove: () => void } {
  let template: string | undefined
  return {
    copy() {
      if (!template) {
        template = mkdtempSync(join(tmpdir(), 'hook-'))
        makeSite(template, settings, hooks)
        prepare(siteIn(template))
      }
      // Copied once the hook's work in the background is done: a copy of half of it would be no server at all.
      siteIn(template).settled()
      const dir = mkdtempSync(join(tmpdir(), 'hook-'))
      cleanups.push(() => removeSite(dir))
      const copied = spawnSync('cp', ['-a', `${template}/.`, dir], { encoding: 'utf8' })
      if (copied.status !== 0) throw new Error(`cp -a failed: ${copied.stderr}`)
      // The settings (deploy.root) and the live link name the template's folder: the copy's own instead.
      const config = join(dir, 'site.git/config')
      writeFileSync(config, readFileSync(config, 'utf8').replaceAll(template, dir))
      const links = spawnSync('find', [dir, '-type', 'l'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
      for (const link of links) {
        const target = readlinkSync(link)
        if (target.startsWith(`${template}/`)) {
          rmSync(link)
          symlinkSync(dir + target.slice(template.length), link)
        }
      }
      return siteIn(dir)
    },
    remove: () => template && removeSite(template),
  }
}

/** After the hook's work in the background (old releases, the next node_modules), which holds its lock. */
function removeSite(dir: string): void {
  if (existsSync(join(dir, 'srv/.deploy.lock'))) spawnSync('flock', [join(dir, 'srv/.deploy.lock'), 'true'])
  spawnSync('chmod', ['-R', 'u+w', dir])
  rmSync(dir, { recursive: true, force: true })
}

/** The server's and the developer's folders in `dir`, as setUp's tests find them. */
function makeSite(dir: string, settings: Record<string, string>, hooks: 'post' | 'both'): void {
  const { bare, work, srv } = foldersOf(dir)
  mkdirSync(join(dir, 'bin'))
  writeFileSync(join(dir, 'bin/npm'), fakeNpm)
  chmodSync(join(dir, 'bin/npm'), 0o755)
  git(dir, ['init', '-q', '--bare', '-b', 'main', bare])
  copyFileSync(hook, join(bare, 'hooks/post-receive'))
  chmodSync(join(bare, 'hooks/post-receive'), 0o755)
  if (hooks === 'both') symlinkSync('post-receive', join(bare, 'hooks/pre-receive'))
  for (const [key, value] of Object.entries(settings)) git(bare, ['config', `deploy.${key}`, value === 'srv' ? srv : value])
  // The server's list of developer keys, outside the repository (deploy.allowedSigners' default).
  const developer = makeKey(dir, 'developer')
  makeKey(dir, 'stranger')
  mkdirSync(srv, { recursive: true })
  writeFileSync(join(srv, 'allowed-signers'), `${developer.signer}\n`)
  git(dir, ['init', '-q', '-b', 'main', work])
  writeFileSync(join(dir, 'npm-calls'), '')
}

/** Where a site's repositories and server folder are, in the folder set up for it. */
function foldersOf(dir: string) {
  return { bare: join(dir, 'site.git'), work: join(dir, 'work'), srv: join(dir, 'srv') }
}

export type Site = ReturnType<typeof siteIn>

/** The helpers of the site set up in `dir`. */
function siteIn(dir: string) {
  const { bare, work, srv } = foldersOf(dir)
  const signers = join(srv, 'allowed-signers')
  const calls = join(dir, 'npm-calls')
  const env = { DEPLOY_PATH: join(dir, 'bin'), FAKE_NPM_CALLS: calls }
  const signing = (who: Pusher) => (who === 'author' ? [] : ['-c', 'gpg.format=ssh', '-c', `user.signingkey=${join(dir, who)}`])
  /** Commit `files` (an empty text removes one) in the work repository, as `who` (a developer signs), without pushing. */
  const commit = (files: Record<string, string>, who: Pusher = 'developer', message = 'change') => {
    for (const [name, text] of Object.entries(files)) {
      if (text === '') rmSync(join(work, name), { force: true })
      else {
        mkdirSync(dirname(join(work, name)), { recursive: true })
        writeFileSync(join(work, name), text)
      }
    }
    git(work, ['add', '-A'])
    const made = git(work, [...signing(who), 'commit', '-q', '--allow-empty', ...(who === 'author' ? [] : ['-S']), '-m', message])
    if (!made.ok) throw new Error(`commit failed: ${made.output}`)
    return git(work, ['rev-parse', 'HEAD']).output.trim()
  }
  /** Push the work repository's HEAD to `branch` of the bare one; git's output shows the hook's lines. */
  const pushHead = (branch = 'main', extraEnv: NodeJS.ProcessEnv = {}, flags: string[] = []) => git(work, ['push', ...flags, bare, `HEAD:${branch}`], { ...env, ...extraEnv })
  /** Commit `files` as `who` and push to `branch`. */
  const push = (files: Record<string, string>, branch = 'main', extraEnv: NodeJS.ProcessEnv = {}, who: Pusher = 'developer') => {
    commit(files, who)
    return pushHead(branch, extraEnv)
  }
  /** Wait for the hook's lock: it removes old releases after the push has its answer. */
  const settled = () => spawnSync('flock', [join(srv, '.deploy.lock'), 'true'])
  const served = () => readFileSync(join(srv, 'current', 'index.html'), 'utf8')
  const npmCalls = () => readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean)
  const tip = () => git(bare, ['rev-parse', '--verify', '--quiet', 'main']).output.trim()
  /**
   * Run the installed hook by hand as git would (`name`, with `input` on
   * stdin), in a process group of its own, so a test can kill it and
   * everything it started at once (`killWhen`: when its output shows that text).
   */
  const runHook = (name: 'pre-receive' | 'post-receive', input: string, options: { killWhen?: string; args?: string[]; extraEnv?: NodeJS.ProcessEnv } = {}) =>
    new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(join(bare, 'hooks', name), options.args ?? [], { cwd: bare, detached: true, env: { ...process.env, ...env, GIT_DIR: '.', ...options.extraEnv } })
      let output = ''
      child.stderr.on('data', (d: Buffer) => {
        output += d
        if (options.killWhen && output.includes(options.killWhen) && child.pid) {
          try {
            process.kill(-child.pid, 'SIGKILL')
          } catch {}
        }
      })
      child.on('close', (code) => done({ code, output }))
      child.stdin.end(input)
    })
  return { dir, bare, work, srv, env, signers, commit, pushHead, push, settled, served, npmCalls, tip, runHook }
}
