/**
 * Unsaved edits, kept on disk until the author saves or discards them, so
 * a reload, a switch to another page or a restart of the studio (on any
 * port, in any browser) brings them back. They live in the project's
 * .studio/drafts/, one JSON file a page, never under pages/: a draft is not
 * a page and must never be built or published. The folder ignores itself
 * for git (its own .gitignore), so no status, commit or publish sees it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../compiler/site/plain-files.ts'
import type { Draft } from '../shared/api.ts'

export class Drafts {
  readonly dir: string

  constructor(projectRoot: string) {
    this.dir = join(projectRoot, '.studio', 'drafts')
  }

  /** The draft of a page (path under pages/), if one is kept. */
  get(file: string): Draft | undefined {
    const path = this.pathOf(file)
    if (!existsSync(path)) return undefined
    try {
      const draft = JSON.parse(readFileSync(path, 'utf8')) as Draft
      return typeof draft.text === 'string' && typeof draft.baseHash === 'string' ? draft : undefined
    } catch {
      // A draft that cannot be read is no draft: the saved page is still whole.
      return undefined
    }
  }

  keep(file: string, text: string, baseHash: string): Draft {
    this.ensureDir()
    const draft: Draft = { text, baseHash, at: new Date().toISOString() }
    writeFileAtomic(this.pathOf(file), JSON.stringify(draft))
    return draft
  }

  drop(file: string): void {
    const path = this.pathOf(file)
    if (existsSync(path)) unlinkSync(path)
  }

  /** Move a page's draft with the page (rename). */
  move(from: string, to: string): void {
    const draft = this.get(from)
    if (!draft) return
    this.keep(to, draft.text, draft.baseHash)
    this.drop(from)
  }

  /** Pages (paths under pages/) with a kept draft. */
  list(): string[] {
    if (!existsSync(this.dir)) return []
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => decodeURIComponent(name.slice(0, -'.json'.length)))
      .sort()
  }

  /** One flat folder: the page's path, slashes and all, encoded into one file name. */
  private pathOf(file: string): string {
    return join(this.dir, `${encodeURIComponent(file)}.json`)
  }

  private ensureDir(): void {
    if (existsSync(this.dir)) return
    mkdirSync(this.dir, { recursive: true })
    writeFileSync(join(this.dir, '..', '.gitignore'), '# The studio\'s unsaved drafts (src/studio/server/drafts.ts): never committed.\n*\n')
  }
}
