import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findNginx } from '../../scripts/chromium'

const root = join(import.meta.dirname, '..', '..')

/** Debian's nginx, if installed (apt-get install nginx). */
export const nginxBinary = findNginx()

/**
 * Runs deploy/nginx.conf exactly as committed (its four placeholders
 * replaced) on 127.0.0.1:port serving dist, unprivileged, in a temp prefix.
 */
export async function startNginx(dist: string, port: number, options: { signup?: string } = {}): Promise<{ base: string; stop: () => void }> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)')
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-'))
  const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__ROOT__', dist)
    .replaceAll('__DEPLOY__', join(root, 'deploy'))
    // With no sign-up service of the test's, a port nothing listens on: nginx answers 502 there, as on a server whose service is down.
    .replaceAll('__SIGNUP__', options.signup ?? '127.0.0.1:9')
  const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;\nmaster_process off;\nerror_log ${join(prefix, 'error.log')};\npid ${join(prefix, 'nginx.pid')};\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n${site}\n}\n`,
  )
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')]
  const check = spawnSync(nginxBinary, ['-t', '-q', ...args], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`)
  const server = spawn(nginxBinary, args, { stdio: 'ignore' })
  let exited = false
  server.once('exit', () => (exited = true))
  // What nginx said, for the error: a port another process holds shows here.
  const log = () => readFileSync(join(prefix, 'error.log'), 'utf8').trim().split('\n').slice(-3).join('\n')
  const stop = () => {
    server.kill()
    rmSync(prefix, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100 && !exited; i++) {
    if ((await fetch(base).catch(() => undefined))?.status === 200) return { base, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  let said = ''
  try {
    said = log()
  } catch {}
  stop()
  throw new Error(`nginx did not answer on ${base}${exited ? ' (it stopped)' : ''}${said ? `; its log says:\n${said}` : ''}`)
}
