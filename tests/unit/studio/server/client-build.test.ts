import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildClient, builtClient, clientAssetsDir, clientInputs, clientKey } from '../../../../src/studio/server/client/build-client'
import { ClientFiles } from '../../../../src/studio/server/client/client-files'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * The studio's built app (issue 27: the studio's start). A kept build is
 * used only while every file it was made from is unchanged: its key must
 * cover all of them, or a change of the studio's code would go unseen.
 */
const temporary = mkdtempSync(join(tmpdir(), 'studio-client-'))
afterAll(() => rmSync(temporary, { recursive: true, force: true }))

describe('the key of a kept build', () => {
  it('covers every file the build reads', async () => {
    const read = new Set<string>()
    const out = join(temporary, 'build')
    await buildClient(projectRoot, 'production', out, (file) => read.add(file))
    // The studio's code, the blocks, the site's styles and the packages were all read.
    const files = [...read].map((file) => relative(projectRoot, file))
    expect(files).toContain('src/studio/main.tsx')
    expect(files.some((file) => file.startsWith('src/blocks/'))).toBe(true)
    expect(files.some((file) => file.startsWith('node_modules/react-dom/'))).toBe(true)
    // Each is under src/ (hashed) or an installed package (package-lock.json names its version).
    const inputs = clientInputs(projectRoot).map((input) => relative(projectRoot, input))
    expect(inputs).toEqual(['src', 'package-lock.json'])
    const outside = files.filter((file) => !file.startsWith('src/') && !file.startsWith('node_modules/'))
    expect(outside).toEqual([])
    expect(readdirSync(out).sort()).toEqual(['index.html', 'preview.html', clientAssetsDir])
    // Built here, under vitest's NODE_ENV=test, as the first studio of a CI run builds it: the JSX
    // is made for React's production runtime, as React itself is (with the development one, no page drew).
    const scripts = readdirSync(join(out, clientAssetsDir)).filter((name) => name.endsWith('.js'))
    for (const name of scripts) expect(readFileSync(join(out, clientAssetsDir, name), 'utf8'), name).not.toContain('jsxDEV')
    expect(process.env.NODE_ENV).toBe('test')
  }, 120_000)

  it('changes with any file under src/, with package-lock.json and with the mode', () => {
    const root = join(temporary, 'code')
    mkdirSync(join(root, 'src/blocks/hero'), { recursive: true })
    writeFileSync(join(root, 'src/blocks/hero/Hero.tsx'), 'export default () => null\n')
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n')
    const first = clientKey(root, 'production')
    expect(clientKey(root, 'production')).toBe(first)
    expect(clientKey(root, 'development')).not.toBe(first)
    writeFileSync(join(root, 'src/blocks/hero/Hero.tsx'), 'export default () => "hero"\n')
    const second = clientKey(root, 'production')
    expect(second).not.toBe(first)
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n')
    expect(clientKey(root, 'production')).not.toBe(second)
  })

  it('is built once and then reused as it is', async () => {
    const dir = await builtClient(projectRoot, 'production')
    expect(dir).toBe(join(projectRoot, 'node_modules/.cache/studio-client', clientKey(projectRoot, 'production')))
    const made = statSync(join(dir, 'index.html')).mtimeMs
    expect(await builtClient(projectRoot, 'production')).toBe(dir)
    expect(statSync(join(dir, 'index.html')).mtimeMs).toBe(made)
  }, 120_000)
})

/** What a document or file answer sent: enough of ServerResponse for ClientFiles. */
function recorder() {
  const sent = { status: 0, headers: {} as Record<string, unknown>, body: '' }
  const res = {
    writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(sent, { status, headers }),
    end: (body?: string | Buffer) => Object.assign(sent, { body: body?.toString() ?? '' }),
  }
  return { res: res as unknown as ServerResponse, sent }
}

describe('the built files, as sent', () => {
  const secrets = { nonce: 'n0nce', token: 't0ken' }

  it('gives every script of both documents the nonce, and the token to the studio page only', async () => {
    const files = ClientFiles.read(await builtClient(projectRoot, 'production'))
    for (const path of ['/', '/index.html', '/preview.html']) {
      expect(files.isDocument(path)).toBe(true)
      const { res, sent } = recorder()
      files.sendDocument(res, path, secrets)
      expect(sent.headers['cache-control']).toBe('no-store')
      const scripts = sent.body.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain('nonce="n0nce"')
      expect(sent.body.includes('<meta name="studio-token" content="t0ken" />')).toBe(path !== '/preview.html')
    }
  }, 120_000)

  it('finds a file by its exact address only', async () => {
    const dir = await builtClient(projectRoot, 'production')
    const files = ClientFiles.read(dir)
    const script = readdirSync(join(dir, clientAssetsDir)).find((name) => name.endsWith('.js'))!
    const { res, sent } = recorder()
    expect(files.sendAsset(res, `/${clientAssetsDir}/${script}`)).toBe(true)
    expect(sent.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(sent.body.length).toBeGreaterThan(0)
    for (const path of [`/${clientAssetsDir}/`, `/${clientAssetsDir}/../index.html`, `/${clientAssetsDir}/${script}/`, `/${script}`, '/index.html']) {
      expect(files.sendAsset(recorder().res, path), path).toBe(false)
    }
  }, 120_000)
})
