import { cpSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { fileFacts, fileHash, settledMs } from '../../../../src/compiler/cache/file-facts'

/**
 * A page file's hash is taken from the last run only while the file is the
 * very one that was hashed; the page cache's tests check that the answers
 * never change. `now` stands for a run after the file has settled, since no
 * test can age a file's change time.
 */
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
function pageFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-facts-'))
  dirs.push(dir)
  const path = join(dir, 'page.yaml')
  writeFileSync(path, text)
  return path
}
const later = () => Date.now() + settledMs + 1000

it('reads a file and gives its hash and time', () => {
  const path = pageFile('title: One\n')
  expect(fileFacts(path, undefined, later())).toMatchObject({ hash: fileHash(path, 'title: One\n'), modified: statSync(path).mtimeMs, stat: expect.any(String) })
})

it('gives the same bytes at another path another hash (a page moved to the other file of its route is read again)', () => {
  const path = pageFile('title: One\n')
  const moved = `${path.slice(0, -'.yaml'.length)}-index.yaml`
  cpSync(path, moved)
  expect(fileFacts(moved).hash).not.toBe(fileFacts(path).hash)
})

it('keeps the hash of a settled file whose stat is unchanged, without reading it', () => {
  const path = pageFile('title: One\n')
  const kept = fileFacts(path, undefined, later())
  // A kept hash the bytes do not have is still given: the file was not read.
  expect(fileFacts(path, { ...kept, hash: 'kept' })).toEqual({ ...kept, hash: 'kept' })
})

it('reads a file again after an edit that keeps its size and its times (touch -r)', () => {
  const path = pageFile('title: One\n')
  // Whole seconds, which utimes sets exactly.
  const time = Math.floor(Date.now() / 1000) - 60
  utimesSync(path, time, time)
  const kept = fileFacts(path, undefined, later())
  writeFileSync(path, 'title: Two\n')
  utimesSync(path, time, time)
  expect(statSync(path).mtimeMs).toBe(kept.modified)
  expect(fileFacts(path, kept, later()).hash).toBe(fileHash(path, 'title: Two\n'))
})

it('reads a copy of a file again (cp -a keeps its times, not its inode)', () => {
  const path = pageFile('title: One\n')
  const kept = fileFacts(path, undefined, later())
  const copy = `${path}.copy`
  cpSync(path, copy, { preserveTimestamps: true })
  rmSync(path)
  cpSync(copy, path, { preserveTimestamps: true })
  writeFileSync(copy, 'title: Two\n')
  expect(fileFacts(path, { ...kept, hash: 'kept' }, later()).hash).toBe(fileHash(path, 'title: One\n'))
})

it('keeps no stat for a file changed too lately to be sure of', () => {
  const path = pageFile('title: One\n')
  const facts = fileFacts(path)
  expect(facts.hash).toBe(fileHash(path, 'title: One\n'))
  expect(facts.stat).toBeUndefined()
  // With no stat, the next run reads the file again.
  expect(fileFacts(path, { ...facts, hash: 'kept' }).hash).toBe(fileHash(path, 'title: One\n'))
})

it('gives a file removed since it was listed as unreadable and the newest', () => {
  const path = pageFile('title: One\n')
  const kept = fileFacts(path, undefined, later())
  rmSync(path)
  expect(fileFacts(path, kept, later())).toEqual({ hash: 'unreadable', modified: Infinity })
})
