import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpsRequest } from 'node:https'
import { findNginx } from '../../scripts/chromium'

const root = join(import.meta.dirname, '..', '..')

/** Debian's nginx, if installed (apt-get install nginx). */
export const nginxBinary = findNginx()

/**
 * A GET from nginx, asked again once when the connection it went out on was
 * one nginx had already closed: Node's fetch reuses a kept-alive connection,
 * and one idle through a long step (a push that builds) can be closed by
 * nginx just as it is reused ("other side closed"), where a browser would
 * simply ask again. Any other failure, and any answer, is the test's.
 */
export async function fetchServed(url: string, init?: RequestInit): Promise<Response> {
  // A time limit of its own: a fetch that hangs would otherwise use up the
  // whole test's time and fail it without naming this step.
  const limited = () => fetch(url, { signal: AbortSignal.timeout(fetchLimitMs), ...init }).catch((error: Error) => {
    if (error.name === 'TimeoutError') throw new Error(`${url} did not answer in ${fetchLimitMs / 1000} s`)
    throw error
  })
  try {
    return await limited()
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (!/other side closed|ECONNRESET|UND_ERR_SOCKET/.test(`${cause?.code} ${cause?.message}`)) throw error
    return limited()
  }
}

/** Longer than nginx takes to answer from a machine under the whole suite's load, far shorter than a test's time. */
const fetchLimitMs = 30_000

/**
 * Runs deploy/nginx.conf exactly as committed (its four placeholders
 * replaced) on 127.0.0.1:port serving dist, unprivileged, in a temp prefix.
 */
export async function startNginx(dist: string, port: number, options: { signup?: string } = {}): Promise<{ base: string; stop: () => void }> {
  const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__ROOT__', dist)
    .replaceAll('__DEPLOY__', join(root, 'deploy'))
    // With no sign-up service of the test's, a port nothing listens on: nginx answers 502 there, as on a server whose service is down.
    .replaceAll('__SIGNUP__', options.signup ?? '127.0.0.1:9')
  const base = `http://127.0.0.1:${port}`
  return runNginx(site, base, async () => (await fetch(base).catch(() => undefined))?.status === 200)
}

/**
 * Runs deploy/studio-nginx.conf exactly as committed (its placeholders
 * replaced) with TLS on 127.0.0.1:port, for the team studio listening at
 * `studio` (host:port), with a certificate for localhost made here by
 * openssl. Answers the address a browser opens (https://localhost:port).
 */
export async function startStudioNginx(port: number, httpPort: number, studio: string, folder: string): Promise<{ base: string; stop: () => void }> {
  const cert = join(folder, 'localhost.crt')
  const key = join(folder, 'localhost.key')
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { encoding: 'utf8' })
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`)
  const block = readFileSync(join(root, 'deploy/studio-nginx.conf'), 'utf8')
    .replaceAll('__LISTEN_HTTP__', `127.0.0.1:${httpPort}`)
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__SERVER_NAME__', 'localhost')
    .replaceAll('__CERT__', cert)
    .replaceAll('__KEY__', key)
    .replaceAll('__STUDIO__', studio)
    // The log's place on a server; the test's own prefix here (nginx opens it at start, as an unprivileged user).
    .replaceAll('/var/log/nginx/studio.access.log', join(folder, 'studio.access.log'))
  const base = `https://localhost:${port}`
  // The studio answers the sign-in page at its address (curl-like probe: the certificate is the test's own).
  const probe = () => new Promise<boolean>((done) => {
    const request = httpsRequest({ host: '127.0.0.1', port, path: '/sign-in', servername: 'localhost', headers: { host: `localhost:${port}` }, rejectUnauthorized: false }, (res) => {
      res.resume()
      done(res.statusCode === 200)
    })
    request.on('error', () => done(false))
    request.end()
  })
  return runNginx(block, base, probe)
}

/** nginx with `serverBlock` in a temp prefix, unprivileged, until `ready()` says it answers. */
async function runNginx(serverBlock: string, base: string, ready: () => Promise<boolean>): Promise<{ base: string; stop: () => void }> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)')
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-'))
  const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;\nmaster_process off;\nerror_log ${join(prefix, 'error.log')};\npid ${join(prefix, 'nginx.pid')};\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n${serverBlock}\n}\n`,
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
  for (let i = 0; i < 100 && !exited; i++) {
    if (await ready()) return { base, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  let said = ''
  try {
    said = log()
  } catch {}
  stop()
  throw new Error(`nginx did not answer on ${base}${exited ? ' (it stopped)' : ''}${said ? `; its log says:\n${said}` : ''}`)
}
