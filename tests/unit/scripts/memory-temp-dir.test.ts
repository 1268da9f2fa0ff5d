import { readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryTempDir, tmpfsType } from '../../../scripts/memory-temp-dir'
import { projectRoot } from '../../support/fixture-targets'

/** npm test puts the tests' temporary files in memory where the machine has a tmpfs to put them in (scripts/test.ts). */
const shmIsTmpfs = (() => {
  try {
    return statfsSync('/dev/shm').type === tmpfsType
  } catch {
    return false
  }
})()

describe('memoryTempDir', () => {
  const made: string[] = []
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it.skipIf(!shmIsTmpfs)('gives a new, empty, writable folder of its own in /dev/shm each time', () => {
    const [a, b] = [memoryTempDir(1 << 20), memoryTempDir(1 << 20)]
    made.push(a!, b!)
    for (const dir of [a!, b!]) {
      expect(dirname(dir)).toBe('/dev/shm')
      expect(statfsSync(dir).type).toBe(tmpfsType)
      expect(readdirSync(dir)).toEqual([])
      writeFileSync(join(dir, 'file'), 'x')
    }
    expect(a).not.toBe(b)
  })

  it('gives none where the tmpfs has less room than asked', () => {
    expect(memoryTempDir(Number.MAX_SAFE_INTEGER)).toBeUndefined()
  })

  it('gives none on a folder that is not a tmpfs, or is not there', (context) => {
    if (statfsSync(projectRoot).type === tmpfsType) return context.skip('this checkout is itself on a tmpfs')
    expect(memoryTempDir(1, projectRoot)).toBeUndefined()
    expect(memoryTempDir(1, join(projectRoot, 'no-such-folder'))).toBeUndefined()
  })
})
