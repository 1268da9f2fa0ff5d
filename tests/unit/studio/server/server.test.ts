import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { existsSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio } from '../../../../src/studio/server/server'
import { catalogue } from '../../../../src/compiler/problems/errors'
import { tempProject } from '../../../../scripts/temp-project'
import { sessionToken } from '../../../support/studio-session'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The real studio server (in this process, on a free port) under requests
 * no studio page would send: issue 23's F1, F3, F5, F12 and F17.
 */
const evilSvg = `<svg xmlns="http://www.w3.org/2000/svg"><script>fetch('/api/file',{method:'PUT'})</script></svg>`
let project: ReturnType<typeof tempProject>
let studio: Awaited<ReturnType<typeof startStudio>>
let token: string
let portsBefore: Set<number>

/** The TCP ports this process listens on, from /proc: sockets it holds that are in LISTEN state. */
function listeningPorts(): Set<number> {
  const inodes = new Set(
    readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1]].filter(Boolean) as string[]
      } catch {
        return []
      }
    }),
  )
  const ports = new Set<number>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const cells = row.trim().split(/\s+/)
      // local address "ADDR:PORT" (hex), state 0A is LISTEN, inode in column 10.
      if (cells[3] === '0A' && inodes.has(cells[9]!)) ports.add(parseInt(cells[1]!.split(':')[1]!, 16))
    }
  }
  return ports
}

beforeAll(async () => {
  project = tempProject({ 'public/media/img/evil.svg': evilSvg, 'public/media/img/evil.html': '<script>parent.postMessage("ran", "*")</script>' }, { copy: ['public'] })
  symlinkSync('/etc/hostname', join(project.root, 'public/media/img/out.webp'))
  portsBefore = listeningPorts()
  studio = await startStudio({ root: project.root, port: 0 })
  token = await sessionToken(studio)
}, 60_000)
afterAll(async () => {
  await studio?.close()
  project?.remove()
})

const at = (path: string) => new URL(path, studio.url).href
const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => fetch(at(path), { ...init, headers: { 'x-studio-token': token, ...init.headers } })
const json = { 'content-type': 'application/json' }

describe('listening', () => {
  it('answers on the free port that --port 0 picked, at its own address (was 421 for every request)', async () => {
    const port = Number(new URL(studio.url).port)
    expect(port).toBeGreaterThan(0)
    expect((await fetch(studio.url)).status).toBe(200)
  })

  it('opens no port but its own: no WebSocket server on every interface (F1)', () => {
    const opened = [...listeningPorts()].filter((p) => !portsBefore.has(p))
    expect(opened).toEqual([Number(new URL(studio.url).port)])
  })
})

describe('npm run studio', () => {
  const studioScript = (...args: string[]) =>
    spawnSync(process.execPath, [join(projectRoot, 'scripts/run-studio.mjs'), '--root', project.root, ...args], { encoding: 'utf8', timeout: 60_000 })

  it('says in one line that its port is taken, without a stack trace (F5)', async () => {
    const taken = createServer()
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
    try {
      const run = studioScript('--port', String((taken.address() as { port: number }).port))
      expect(run.status).toBe(1)
      expect(run.stderr.trim()).toMatch(/^Port \d+ is taken \(is a studio already running\?\)\. .+\.$/)
    } finally {
      taken.close()
    }
  }, 60_000)

  it('stops when the command that started it is stopped by its process id, as npm and its shell are, telling it nothing', async () => {
    // As npm runs it: a shell that waits for node (not one that becomes it), killed outright.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${join(projectRoot, 'scripts/run-studio.mjs')}" --root "${project.root}" --port 0; true`], { stdio: ['ignore', 'pipe', 'inherit'] })
    let said = ''
    const url = await new Promise<string>((found, failed) => {
      shell.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        const at = /open (http:\/\/\S+) in your browser/.exec(said)
        if (at) found(at[1]!)
      })
      shell.on('exit', () => failed(new Error(`The studio stopped before it listened: ${said}`)))
    })
    const studioPid = Number(readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, 'utf8').trim())
    expect((await fetch(url)).status).toBe(200)
    shell.kill('SIGKILL')
    await expect.poll(() => existsSync(`/proc/${studioPid}`) && !readFileSync(`/proc/${studioPid}/stat`, 'utf8').includes(') Z '), { timeout: 20_000 }).toBe(false)
    await expect(fetch(url)).rejects.toThrow()
  }, 60_000)

  it('refuses a port that is not one', () => {
    for (const port of ['abc', '99999', '1.5']) {
      const run = studioScript('--port', port)
      expect(run.status, port).toBe(2)
      expect(run.stderr.trim()).toBe(`--port ${port}: a port is a whole number from 1 to 65535 (0 picks a free one).`)
    }
  })
})

describe('the API', () => {
  it('answers only requests that carry the session token, reads included', async () => {
    for (const headers of [{}, { 'x-studio-token': 'guess' }, { 'x-studio-token': `${token}x` }] as Record<string, string>[]) {
      const read = await fetch(at('/api/file?path=index.yaml'), { headers })
      expect(read.status).toBe(403)
      expect(((await read.json()) as { error: string }).error).toContain('Only the studio itself')
      expect((await fetch(at('/api/pages'), { headers })).status).toBe(403)
    }
    const before = readFileSync(join(project.root, 'pages/index.yaml'))
    const write = await fetch(at('/api/file'), { method: 'PUT', headers: json, body: JSON.stringify({ path: 'index.yaml', text: 'x: 1\n', force: true }) })
    expect(write.status).toBe(403)
    expect(readFileSync(join(project.root, 'pages/index.yaml'))).toEqual(before)
    expect((await api('/api/pages')).status).toBe(200)
  })

  it('refuses malformed bodies with 400 and a sentence, never 500, and changes nothing (F5, F3)', async () => {
    const page = join(project.root, 'pages/index.yaml')
    const before = readFileSync(page)
    const cases: [string, string, string][] = [
      ['PUT', '/api/file', '{"path": "index.yaml", "text": '],
      ['PUT', '/api/file', 'null'],
      ['PUT', '/api/file', '[1, 2]'],
      ['PUT', '/api/file', JSON.stringify({ path: 'index.yaml', text: 5, force: true })],
      ['PUT', '/api/file', JSON.stringify({ path: 'index.yaml', text: null, force: true })],
      ['PUT', '/api/file', JSON.stringify({ path: 'index.yaml', text: 'x', force: 'yes' })],
      ['POST', '/api/check', JSON.stringify({ path: ['index.yaml'], text: '' })],
      ['POST', '/api/create', JSON.stringify({ route: `/${'a'.repeat(300)}` })],
      ['POST', '/api/create', JSON.stringify({ route: '/a\\b' })],
    ]
    for (const [method, path, body] of cases) {
      const response = await api(path, { method, headers: json, body })
      expect(response.status, body.slice(0, 60)).toBe(400)
      const { error } = (await response.json()) as { error: string }
      expect(error, body.slice(0, 60)).toMatch(/^[A-Z"].+[.]$/)
      expect(error).not.toContain(project.root)
    }
    expect(readFileSync(page)).toEqual(before)
    expect(readdirSync(join(project.root, 'pages')).filter((f) => f.startsWith('a'))).toEqual(['about-us.yaml', 'anim.yaml'])
  })
})

describe('what runs in the studio’s origin (F17, F12)', () => {
  const policy = async (path: string) => (await fetch(at(path))).headers

  it('serves public/ files, an SVG with a script included, sandboxed: shown, never run as the studio', async () => {
    for (const path of ['/media/img/evil.svg', '/media/img/evil.html', '/favicon.svg']) {
      const headers = await policy(path)
      expect(headers.get('content-security-policy'), path).toMatch(/^sandbox; default-src 'none'/)
      expect(headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(await (await fetch(at('/media/img/evil.svg'))).text()).toBe(evilSvg)
  })

  it('serves its page of problems, a section for each code the checks can report, where no script runs', async () => {
    const answer = await fetch(at('/help/problems'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/)
    const html = await answer.text()
    expect(html).not.toMatch(/<script/i)
    const ids = [...html.matchAll(/<section id="(\w+)"/g)].map((m) => m[1])
    expect(ids).toEqual(Object.keys(catalogue).sort())
    // A section says the problem in words, and what to do.
    expect(html).toMatch(/<section id="BrokenLink"[^]*?<h2[^>]*>Broken link <code>BrokenLink<\/code><\/h2>[^]*?<strong>What to do:<\/strong>/)
  })

  it('lets script run only in its own two pages, with a nonce', async () => {
    for (const path of ['/', '/index.html', '/preview.html']) {
      const csp = (await policy(path)).get('content-security-policy')!
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[\w-]+'/)
      expect(csp).not.toContain('sandbox')
    }
    // The nonce is each answer's own: the page's scripts carry the one its policy names, and the next answer has another.
    const [first, second] = [await fetch(studio.url), await fetch(studio.url)]
    const nonceOf = (answer: Response) => /'nonce-([\w-]+)'/.exec(answer.headers.get('content-security-policy')!)![1]
    const html = await first.text()
    for (const tag of html.match(/<script\b[^>]*>/g)!) expect(tag).toContain(`nonce="${nonceOf(first)}"`)
    expect(nonceOf(second)).not.toBe(nonceOf(first))
  })

  it('serves no file outside its own code: no link out of public/, no package’s HTML, no Vite tools', async () => {
    expect((await fetch(at('/media/img/out.webp'))).status).toBe(404)
    const codeRoot = projectRoot
    const viewer = join(codeRoot, 'node_modules/playwright-core/lib/vite/traceViewer/index.html')
    expect((await fetch(at(`/@fs${viewer}`))).status).toBe(404)
    expect((await fetch(at(`/@fs${join(project.root, 'pages/index.yaml')}`))).status).toBe(404)
    expect((await fetch(at('/studio-assets/../package.json'))).status).toBe(404)
    expect((await fetch(at('/src/studio/main.tsx'))).status).toBe(404)
    expect((await fetch(at('/__open-in-editor?file=package.json'))).status).toBe(404)
    expect((await fetch(at('/media/img/evil.svg'), { method: 'POST', body: 'x' })).status).toBe(405)
  })

  it('may be framed by itself only, on every answer (F12)', async () => {
    for (const path of ['/', '/preview.html', '/api/pages', '/favicon.svg', '/@vite/client', '/no-such-thing']) {
      const headers = path.startsWith('/api/') ? (await api(path)).headers : await policy(path)
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'self'")
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
    }
  })
})

describe('writing a page', () => {
  it('keeps CRLF line ends and every other byte, through the API', async () => {
    const { text, hash } = (await (await api('/api/file?path=about-us.yaml')).json()) as { text: string; hash: string }
    const crlf = text.replace(/\n/g, '\r\n')
    const saved = await api('/api/file', { method: 'PUT', headers: json, body: JSON.stringify({ path: 'about-us.yaml', text: crlf, baseHash: hash }) })
    expect(saved.status).toBe(200)
    expect(readFileSync(join(project.root, 'pages/about-us.yaml'), 'utf8')).toBe(crlf)
    writeFileSync(join(project.root, 'pages/about-us.yaml'), text)
  })
})
