/**
 * Unsaved edits, kept on disk until the author saves or discards them, so
 * a reload, a switch to another page or a restart of the studio (on any
 * port, in any browser) brings them back. They live in the project's
 * .studio/drafts/ (kept-files.ts).
 */
import type { Draft } from '../shared/api.ts'
import { KeptFiles } from './kept-files.ts'

const isDraft = (value: unknown): value is Draft => typeof (value as Draft | null)?.text === 'string' && typeof (value as Draft).baseHash === 'string'

export class Drafts {
  private readonly kept: KeptFiles<Draft>

  constructor(projectRoot: string) {
    this.kept = new KeptFiles(projectRoot, 'drafts', isDraft)
  }

  /** The draft of a page (path under pages/), if one is kept. */
  get(file: string): Draft | undefined {
    return this.kept.get(file)
  }

  keep(file: string, text: string, baseHash: string): Draft {
    const draft: Draft = { text, baseHash, at: new Date().toISOString() }
    this.kept.put(file, draft)
    return draft
  }

  drop(file: string): void {
    this.kept.drop(file)
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
    return this.kept.files()
  }
}
