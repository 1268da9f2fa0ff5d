/**
 * The exact text of each page deleted in the studio, kept in the project's
 * .studio/deleted/ (kept-files.ts) until it is restored, so Deleted pages
 * can put it back as it was: a page never published has no version in the
 * history, and one with saved changes not yet published has them nowhere
 * else. Kept across restarts, one text a page (a page deleted again keeps
 * its latest text).
 */
import { KeptFiles } from './kept-files.ts'
import type { RemovedLink } from './links-to-page.ts'

export interface DeletedText {
  text: string
  /** When it was deleted (ISO time). */
  at: string
  /** The links to it taken out with it (links-to-page.ts), to put back when it is restored. */
  links?: RemovedLink[]
}

const isDeletedText = (value: unknown): value is DeletedText => typeof (value as DeletedText | null)?.text === 'string' && typeof (value as DeletedText).at === 'string'

export class DeletedTexts {
  private readonly kept: KeptFiles<DeletedText>

  constructor(projectRoot: string) {
    this.kept = new KeptFiles(projectRoot, 'deleted', isDeletedText)
  }

  /** Keep `text` as the page's (path under pages/) text when deleted: before the page goes, so no moment has neither. */
  keep(file: string, text: string, links: readonly RemovedLink[] = []): void {
    this.kept.put(file, { text, at: new Date().toISOString(), ...(links.length ? { links: [...links] } : {}) })
  }

  get(file: string): DeletedText | undefined {
    return this.kept.get(file)
  }

  drop(file: string): void {
    this.kept.drop(file)
  }

  /** Every page with a kept text, most recently deleted first. */
  list(): (DeletedText & { file: string })[] {
    return this.kept
      .files()
      .flatMap((file) => {
        const kept = this.get(file)
        return kept ? [{ file, ...kept }] : []
      })
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  }
}
