import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findChromium, findTestBrowser, headlessShellName } from '../../../scripts/chromium'

/** A folder on PATH holding stand-ins for the two browsers (only their names and modes are looked at). */
const dir = mkdtempSync(join(tmpdir(), 'test-browser-'))
for (const name of ['chromium', headlessShellName]) {
  writeFileSync(join(dir, name), '#!/bin/sh\n')
  chmodSync(join(dir, name), 0o755)
}
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the browser the tests drive', () => {
  it("is Chromium's headless shell where there is one, while the tools that need the whole browser keep Chromium", () => {
    const env = { PATH: dir }
    expect(findTestBrowser(env)).toBe(join(dir, headlessShellName))
    expect(findChromium(env)).toBe(join(dir, 'chromium'))
  })

  it('is CHROMIUM_PATH for everything when it is set', () => {
    const env = { PATH: dir, CHROMIUM_PATH: '/opt/other/chrome' }
    expect(findTestBrowser(env)).toBe('/opt/other/chrome')
    expect(findChromium(env)).toBe('/opt/other/chrome')
  })
})
