import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NotAPlainFile, readPlainFile, writeFileAtomic } from '../../../../src/compiler/site/plain-files'
import { bigTexts } from '../../../support/write-texts'
import { projectRoot } from '../../../support/fixture-targets'

/**
 * How an author's file is written and read: a kill or a full disk at any
 * moment leaves the old file or the new one, never an empty or partial
 * one; a link or a FIFO is refused before anything is read or written.
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plain-files-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Kill a child that keeps writing `path`, `times` times at scattered moments (or until a kill leaves what `enough` looks for); what each kill left. */
async function killWhileWriting(path: string, how: 'atomic' | 'plain', times: number, enough: (text: string) => boolean = () => false): Promise<string[]> {
  const left: string[] = []
  for (let i = 0; i < times && !left.some(enough); i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'tests/support/write-child.ts'), path, how], { stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise((ready) => child.stdout.once('data', ready))
    await new Promise((wait) => setTimeout(wait, 15 + ((i * 37) % 90)))
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGKILL')
    await exited
    left.push(readFileSync(path, 'utf8'))
  }
  return left
}

describe('writeFileAtomic', () => {
  it('leaves the old text or the new one whole when the writer is killed at any moment', async () => {
    const path = join(dir, 'page.yaml')
    writeFileSync(path, bigTexts[0]!)
    const left = await killWhileWriting(path, 'atomic', 10)
    for (const text of left) expect(bigTexts.includes(text), `a kill left ${text.length} characters`).toBe(true)
    // Temporary files a kill left behind are hidden and never .yaml: no page, no route.
    for (const name of readdirSync(dir).filter((n) => n !== 'page.yaml')) expect(name).toMatch(/^\.page\.yaml\.[0-9a-f]{8}\.tmp$/)
  }, 60_000)

  it('is needed: the same kills during writeFileSync leave a partial page', async () => {
    const path = join(dir, 'page.yaml')
    writeFileSync(path, bigTexts[0]!)
    // Until a kill lands mid-write: on a loaded machine ten kills have all missed.
    const partial = (text: string) => !bigTexts.includes(text)
    const left = await killWhileWriting(path, 'plain', 60, partial)
    expect(left.some(partial)).toBe(true)
  }, 180_000)

  it('keeps every byte as given: CRLF line ends, a BOM, no added newline', () => {
    const path = join(dir, 'crlf.yaml')
    const text = '\ufefftitle: A\r\ndescription: B\r\nblocks: []'
    writeFileAtomic(path, text)
    expect(readFileSync(path)).toEqual(Buffer.from(text, 'utf8'))
  })

  it('refuses to write through a link, even a dangling one, and writes nothing', () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'))
    try {
      symlinkSync(join(outside, 'new.yaml'), join(dir, 'x.yaml'))
      expect(() => writeFileAtomic(join(dir, 'x.yaml'), 'x: 1\n')).toThrow(NotAPlainFile)
      expect(existsSync(join(outside, 'new.yaml'))).toBe(false)
      expect(readdirSync(dir)).toEqual(['x.yaml'])
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })

  it('never replaces an existing file when exclusive', () => {
    const path = join(dir, 'taken.yaml')
    writeFileSync(path, 'old\n')
    expect(() => writeFileAtomic(path, 'new\n', { exclusive: true })).toThrow(/already exists/)
    expect(readFileSync(path, 'utf8')).toBe('old\n')
    expect(readdirSync(dir)).toEqual(['taken.yaml'])
  })

  // A full disk needs a small file system of its own: a tmpfs, which only root may mount.
  const mount = (target: string) => spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', target]).status === 0
  it('leaves the old page whole when the disk fills up mid-write', (context) => {
    const small = join(dir, 'small')
    mkdirSync(small)
    if (!mount(small)) return context.skip('mounting a tmpfs needs root')
    try {
      const path = join(small, 'page.yaml')
      const old = `title: ${'o'.repeat(100 * 1024)}\n`
      writeFileSync(path, old)
      expect(() => writeFileAtomic(path, `title: ${'n'.repeat(200 * 1024)}\n`)).toThrow(expect.objectContaining({ code: 'ENOSPC' }))
      expect(readFileSync(path, 'utf8')).toBe(old)
      expect(readdirSync(small)).toEqual(['page.yaml'])
    } finally {
      spawnSync('umount', [small])
    }
  })
})

describe('readPlainFile', () => {
  it('refuses a FIFO at once instead of waiting for a writer', () => {
    const fifo = join(dir, 'x.yaml')
    if (spawnSync('mkfifo', [fifo]).status !== 0) throw new Error('mkfifo failed')
    // Opening it would wait for a writer forever, so reaching the assertion at all is the proof.
    expect(() => readPlainFile(fifo)).toThrow(/a pipe \(FIFO\), not a plain file/)
  })

  it('refuses a link', () => {
    writeFileSync(join(dir, 'real.yaml'), 'title: A\n')
    symlinkSync(join(dir, 'real.yaml'), join(dir, 'link.yaml'))
    expect(() => readPlainFile(join(dir, 'link.yaml'))).toThrow(/is a link/)
    expect(readPlainFile(join(dir, 'real.yaml')).toString()).toBe('title: A\n')
  })
})
