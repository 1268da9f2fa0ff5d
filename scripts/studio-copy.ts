/**
 * Start the studio on a copy of this project's pages/, schema/ and public/
 * in a temporary folder, as a child process: the browser tests and the
 * bench edit the copy, never the real pages/.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface StudioCopy {
  root: string
  pagesDir: string
  url: string
  /** The session's API token, read from the studio's page as the studio's own script reads it. */
  token: string
  /** Stop the studio and start it again on the same copy (a new session: a new token). */
  restart: () => Promise<void>
  stop: () => Promise<void>
}

const repo = join(import.meta.dirname, '..')

export async function startStudioCopy(port: number, prepare?: (root: string) => void): Promise<StudioCopy> {
  const root = mkdtempSync(join(tmpdir(), 'studio-'))
  for (const dir of ['pages', 'schema', 'public']) cpSync(join(repo, dir), join(root, dir), { recursive: true })
  prepare?.(root)
  let running = await startStudioProcess(root, port)
  const copy: StudioCopy = {
    root,
    pagesDir: join(root, 'pages'),
    url: running.url,
    token: running.token,
    restart: async () => {
      await running.stop()
      running = await startStudioProcess(root, port)
      copy.token = running.token
    },
    stop: async () => {
      await running.stop()
      rmSync(root, { recursive: true, force: true })
    },
  }
  return copy
}

/** The studio as `npm run studio -- --root <root>` starts it (from its bundle), on a project that is already there (a git repository made by a test). */
export async function startStudioProcess(root: string, port: number): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [join(repo, 'scripts/run-studio.mjs'), '--root', root, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The studio did not start within 60 s:\n${output}`)), 60_000)
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString()
      if (output.includes('open http')) {
        clearTimeout(timer)
        done()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`The studio exited (${code}):\n${output}`))
    })
  })
  const url = `http://127.0.0.1:${port}/`
  const html = await (await fetch(url)).text()
  const token = /<meta name="studio-token" content="([^"]+)"/.exec(html)?.[1]
  if (!token) throw new Error(`The studio's page carries no token:\n${html.slice(0, 500)}`)
  return {
    url,
    token,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}
