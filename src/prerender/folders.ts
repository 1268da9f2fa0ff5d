import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The folders of a site being written, each made once, its parents before
 * it, with a plain mkdir: mkdir with `recursive` looks at every parent
 * first, and a site of 10,000 pages has a folder per page. Plain mkdir is
 * the quicker on this disk, and the folders are a large part of a build
 * after one page's edit (render-cache.ts links every other page into its
 * folder) and of a prerender of every page (docs/measurements.md, "Page
 * folders").
 */
export class SiteFolders {
  private readonly made = new Set<string>()

  make(folder: string): void {
    if (this.made.has(folder)) return
    const parent = dirname(folder)
    if (parent !== folder) this.make(parent)
    try {
      mkdirSync(folder)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    this.made.add(folder)
  }
}
