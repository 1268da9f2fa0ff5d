import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadSite, projectPaths, type LoadedPage } from '../../../../src/compiler/index'
import { collectGarbage } from '../../../../src/compiler/threads/collect-garbage'
import { tempProject } from '../../../../scripts/temp-project'

/**
 * A loaded page holds its data and what lists of pages show, not the rest
 * of its check: what the rules across pages compare of it (its digest,
 * some kilobytes a page) goes with the loaded site's `comparable`, so a
 * build that keeps only the pages (build-site.ts) does not hold 360 MB of
 * digests at 100,000 pages while it draws them.
 */
let project: ReturnType<typeof tempProject>

beforeAll(() => {
  project = tempProject()
})
afterAll(() => project.remove())

/** The pages of a load, a weak reference to each page's digest, and each page's data as the load had it; nothing else of the load is kept. */
function pagesAndDigests(cache: boolean): { pages: LoadedPage[]; digests: WeakRef<object>[]; data: Map<string, string> } {
  const loaded = loadSite(projectPaths(project.root), { cache })
  const digests = loaded.comparable.map((page) => new WeakRef(page.digest!))
  const data = new Map(loaded.pages.map((page) => [page.route, Buffer.from(page.data).toString('utf8')]))
  return { pages: loaded.pages, digests, data }
}

for (const [way, cache] of [['read and checked now', false], ['taken from the page cache', true]] as const) {
  it(`lets go of each page’s digest with the loaded site, and still gives its data and page: ${way}`, async () => {
    // The second load with the cache takes every page from it.
    if (cache) loadSite(projectPaths(project.root), { cache })
    const { pages, digests, data } = pagesAndDigests(cache)
    expect(digests.length).toBeGreaterThan(40)
    // A weak reference holds its target until the job that made it ends, so
    // each collection is a turn later; a few turns, should anything of the
    // run (another file's, in this worker) still be on its way out.
    const held = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      collectGarbage()
      return digests.filter((digest) => digest.deref() !== undefined).length
    }
    let left = await held()
    for (let turn = 0; turn < 4 && left; turn++) left = await held()
    expect(left).toBe(0)
    for (const page of pages) {
      expect(Buffer.from(page.data).toString('utf8')).toBe(data.get(page.route))
      expect(page.page.title).toBe(page.title)
    }
  })
}
