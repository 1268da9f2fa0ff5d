import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSite, type BuildMoment } from '../../../../src/compiler/bundle/build-site'
import { outputPlaces, recoverOutput } from '../../../../src/compiler/bundle/output-swap'
import { mini, projectRoot } from '../../../support/fixture-targets'
import { tempProject } from '../../../../scripts/temp-project'

const miniSite = Object.fromEntries(['_site.yaml', 'index.yaml'].map((name) => [`pages/${name}`, mini(name)]))

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((remove) => remove()))

/** A complete site: an index.html whose every /assets/ reference exists (a hand-made one may have none). */
function expectCompleteSite(outDir: string, when: string): string {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    expect(existsSync(join(outDir, asset!)), `${when}: ${asset}`).toBe(true)
  }
  return html
}

/** Build in a child process that SIGKILLs itself at `moment`. */
function killedBuild(root: string, outDir: string, moment: BuildMoment): void {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'tests/support/build-child.ts'), root, outDir, moment], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(child.signal, `${moment}: ${child.stderr}`).toBe('SIGKILL')
}

describe('swapping a build into the output path', () => {
  it('always leaves a complete site there, whenever the build is killed, and the next build removes what it left', async () => {
    const project = tempProject({ ...miniSite, 'dist/index.html': 'a site made by hand' }, { copyPages: false })
    cleanups.push(project.remove)
    const { root } = project
    const outDir = join(root, 'dist')
    const places = outputPlaces(outDir)

    killedBuild(root, outDir, 'bundled')
    expect(expectCompleteSite(outDir, 'bundled')).toBe('a site made by hand')
    expect(readdirSync(places.temp)).toHaveLength(1) // the dead build's folder

    // The one moment with no output path: a plain folder moved aside, its link not yet in place.
    killedBuild(root, outDir, 'plain-folder-moved')
    expect(existsSync(outDir)).toBe(false)
    expect(recoverOutput(places)).toBe(true) // what every build and `npm run serve` do first
    expect(lstatSync(outDir).isSymbolicLink()).toBe(true)
    expect(expectCompleteSite(outDir, 'recovered')).toContain('data-route="/"')

    for (const moment of ['version-ready', 'linked'] satisfies BuildMoment[]) {
      killedBuild(root, outDir, moment)
      expect(expectCompleteSite(outDir, moment)).toContain('data-route="/"')
    }
    expect(readdirSync(places.versions).length).toBeGreaterThan(2)

    await buildSite({ root, outDir, logLevel: 'silent' })
    expectCompleteSite(outDir, 'after a whole build')
    expect(existsSync(places.temp)).toBe(false)
    const versions = readdirSync(places.versions).sort()
    expect(versions).toHaveLength(2) // the site, and the one before it for pages already open
    expect(readlinkSync(outDir)).toBe(join('.dist-versions', versions[1]!))
    // The others were moved to the trash in one rename each, and are deleted there by a process the build did not wait for.
    await expect.poll(() => existsSync(places.trash), { timeout: 30_000 }).toBe(false)
  }, 300_000)

  it('relinks the newest complete version when the link leads nowhere', async () => {
    const project = tempProject(miniSite, { copyPages: false })
    cleanups.push(project.remove)
    const outDir = join(project.root, 'dist')
    await buildSite({ root: project.root, outDir, logLevel: 'silent' })
    await buildSite({ root: project.root, outDir, logLevel: 'silent' })
    const places = outputPlaces(outDir)
    const [older, newer] = readdirSync(places.versions).sort()
    rmSync(join(places.versions, newer!), { recursive: true })
    expect(recoverOutput(places)).toBe(true)
    expect(readlinkSync(outDir)).toBe(join('.dist-versions', older!))
    expectCompleteSite(outDir, 'relinked')
    expect(recoverOutput(places)).toBe(false)
  }, 120_000)

  // Another file system than the project's (which is in tmpdir()): the
  // tmpfs in /dev/shm, or, when npm test has put tmpdir() there
  // (scripts/memory-temp-dir.ts), the checkout's own disk.
  const elsewhere = ['/dev/shm', join(projectRoot, 'node_modules')].find((dir) => existsSync(dir) && statSync(dir).dev !== statSync(tmpdir()).dev)
  it.skipIf(!elsewhere)('builds into an output path on another file system, twice', async () => {
    const project = tempProject(miniSite, { copyPages: false })
    const away = mkdtempSync(join(elsewhere!, 'site-out-'))
    cleanups.push(project.remove, () => rmSync(away, { recursive: true, force: true }))
    const outDir = join(away, 'site')
    await buildSite({ root: project.root, outDir, logLevel: 'silent' })
    const first = readlinkSync(outDir)
    await buildSite({ root: project.root, outDir, logLevel: 'silent' })
    expect(readlinkSync(outDir)).not.toBe(first)
    expect(statSync(join(outDir, 'index.html')).dev).toBe(statSync(elsewhere!).dev)
    expectCompleteSite(outDir, 'on the other file system')
    expect(readdirSync(away).sort()).toEqual(['.site-versions', 'site'])
    expect(existsSync(join(project.root, '.build-tmp'))).toBe(false)
  }, 120_000)
})
