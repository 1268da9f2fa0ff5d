/**
 * The open page, in one place: its text as saved on disk and the hash of
 * that file, the author's current text, whether they differ, the kept
 * draft, and a change on disk the author has not yet chosen about. The
 * text editor is one view of it (forms will be another): a view reports
 * each edit with edit(), and is told of text that comes from elsewhere
 * (a restored version, the disk's version, a discard) through onReplace.
 *
 * React reads it with useSyncExternalStore. The current text is kept out of
 * the snapshot, so typing re-renders nothing until the page turns dirty.
 */
import type { Problem } from '../../compiler/problems/problems.ts'
import { applyEdits, type DocumentEdit } from '../../compiler/yaml-edit/index.ts'
import { call, CallFailed } from '../client/call.ts'
import type { FileKind } from '../shared/api.ts'
import { studioSentences } from '../shared/author-words.ts'

export interface DocumentSnapshot {
  file: string
  /** A page, the site's settings or the shared blocks: which form shows it. */
  kind: FileKind
  /** Hash of the file on disk as last read or written by the studio. */
  hash: string
  /** The text as last read or saved. */
  saved: string
  /** The file's line break, kept when a line is edited: "\r\n" for a file written with CRLF. */
  lineBreak: '\n' | '\r\n'
  dirty: boolean
  /** When the current unsaved text was last kept as a draft (ISO), or that it was brought back on opening. */
  draft?: { at: string; restored: boolean }
  /** The file changed on disk since it was read, and the author has not chosen which version to keep. */
  diskChanged?: { text: string; hash: string }
  /** The last thing the studio did or refused, in a sentence. */
  status: string
}

export interface Jump {
  file: string
  line: number
  column: number
}

/** How long typing pauses before the draft is kept. */
const draftDelayMs = 400

type Listener = () => void

export class DocumentStore {
  private snapshot: DocumentSnapshot | undefined
  private text = ''
  private readonly listeners = new Set<Listener>()
  private readonly replaceListeners = new Set<(text: string) => void>()
  private readonly textListeners = new Set<() => void>()
  /** Counts every change of the text, for views that draw it (the form) through useSyncExternalStore. */
  private textVersion = 0
  private draftTimer: number | undefined
  private saving = false
  /** What the last save or discard said: gone at the next edit, so "Saved" never stands beside "unsaved", nor "Undo brings them back" after Undo did. */
  private saidUntilEdited = ''
  /** Draft writes and drops go to the server one after another, so a slow keep never lands after a discard. */
  private draftQueue: Promise<unknown> = Promise.resolve()

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): DocumentSnapshot | undefined => this.snapshot

  /** The author's text now, with the file's own line breaks. */
  get current(): string {
    return this.text
  }

  /** A view (the text editor) follows text set from outside it. */
  onReplace(listener: (text: string) => void): () => void {
    this.replaceListeners.add(listener)
    return () => this.replaceListeners.delete(listener)
  }

  /** For views drawn from the text (the form): told after every change of it, from any view. */
  subscribeText = (listener: () => void): (() => void) => {
    this.textListeners.add(listener)
    return () => this.textListeners.delete(listener)
  }

  getTextVersion = (): number => this.textVersion

  /** What to say when a page opens next (a page just created). */
  private greetings = new Map<string, string>()
  /** A place in a page to go to, once that page is open and its text shown (a problem's link in the Publish panel). */
  private jump: Jump | undefined

  /** Go to `line` and `column` of `file`: now if it is open, else once it is. The text view takes it (takeJump). */
  jumpTo(file: string, line: number, column: number): void {
    this.jump = { file, line, column }
    this.emit()
  }

  getJump = (): Jump | undefined => this.jump

  /** The place to go to in the open page, if one is waiting for it; taken once. */
  takeJump(): Jump | undefined {
    const jump = this.jump
    if (!jump || jump.file !== this.snapshot?.file) return undefined
    this.jump = undefined
    return jump
  }

  /** Say `status` when `file` is opened next: the page made by New page is saved already, and the author should know. */
  sayWhenOpened(file: string, status: string): void {
    this.greetings.set(file, status)
  }

  /** Open a page: its saved text, or the draft kept of it, said so. Refused reads throw (the caller shows why). */
  async open(file: string): Promise<void> {
    await this.flushDraft()
    const read = await call('GET /api/file', { path: file })
    const draft = read.draft
    this.text = draft ? draft.text : read.text
    this.textChanged()
    this.snapshot = {
      file,
      kind: read.kind,
      hash: read.hash,
      saved: read.text,
      lineBreak: lineBreakOf(read.text),
      dirty: Boolean(draft),
      status: draft ? `Brought back your unsaved edits to this page from ${when(draft.at)}. Save them, or Discard changes to go back to the saved page.` : (this.greetings.get(file) ?? ''),
      ...(draft ? { draft: { at: draft.at, restored: true } } : {}),
      // Typed over a version that is no longer the one on disk: the author chooses.
      ...(draft && draft.baseHash !== read.hash ? { diskChanged: { text: read.text, hash: read.hash } } : {}),
    }
    this.greetings.delete(file)
    this.emit()
  }

  close(): void {
    this.snapshot = undefined
    this.text = ''
    this.emit()
  }

  /** An edit in a view. */
  edit(text: string): void {
    const open = this.snapshot
    if (!open) return
    if (text === this.text) return
    this.text = text
    this.textChanged()
    this.scheduleDraft()
    const dirty = text !== open.saved
    // Back to the saved text: no draft is kept of it any more (keepDraft drops it on the server).
    if (dirty !== open.dirty) this.set(dirty ? { dirty, status: this.afterEdit(open.status) } : { dirty, draft: undefined })
  }

  /** Text from outside the views (a restored version, the disk's text, a discard): the views show it, unsaved unless it is the saved text. */
  replace(text: string, status: string): void {
    const open = this.snapshot
    if (!open) return
    this.text = text
    for (const listener of this.replaceListeners) listener(text)
    this.textChanged()
    this.set(text !== open.saved ? { dirty: true, status } : { dirty: false, draft: undefined, status })
    this.scheduleDraft()
  }

  /**
   * A form's edit: one Document edit of the text, which leaves every byte it
   * does not touch as it was. An edit that cannot be made says why and
   * changes nothing.
   */
  applyEdit(edit: DocumentEdit): void {
    this.applyEdits([edit])
  }

  /** Several edits as one change (one step of Undo), or none if any cannot be made. */
  applyEdits(edits: readonly DocumentEdit[]): void {
    const open = this.snapshot
    if (!open || !edits.length) return
    const result = applyEdits(this.text, edits)
    if ('error' in result) return this.say(result.error)
    if (result.text === this.text) return
    this.replace(result.text, this.afterEdit(open.status))
  }

  /** What the status line says once the page is edited again: anything but the last save's or discard's sentence, which the edit makes untrue. */
  private afterEdit(status: string): string {
    return status === this.saidUntilEdited ? '' : status
  }

  say(status: string): void {
    if (this.snapshot) this.set({ status })
  }

  async save(force = false): Promise<void> {
    const open = this.snapshot
    if (!open || this.saving) return
    const text = this.text
    this.saving = true
    clearTimeout(this.draftTimer)
    try {
      const result = await call('PUT /api/file', { path: open.file, text, baseHash: open.hash, force })
      if (this.snapshot?.file !== open.file) return
      const { draft: _, diskChanged: __, ...rest } = this.snapshot
      this.saidUntilEdited = savedSentence(open.file, result.problems)
      this.snapshot = { ...rest, hash: result.hash, saved: text, dirty: this.text !== text, status: this.saidUntilEdited }
      this.emit()
    } catch (error) {
      // A 409 is a changed file (choose a version) or a gone one (renamed or deleted elsewhere: the message says what to do).
      const disk = error instanceof CallFailed && error.status === 409 ? await call('GET /api/file', { path: open.file }).catch(() => undefined) : undefined
      if (disk) this.set({ diskChanged: { text: disk.text, hash: disk.hash }, status: studioSentences.notSavedChangedElsewhere() })
      else this.set({ status: `Not saved: ${(error as Error).message}` })
    } finally {
      this.saving = false
    }
  }

  /** Back to the saved text; the draft is dropped. */
  async discard(): Promise<void> {
    const open = this.snapshot
    if (!open) return
    clearTimeout(this.draftTimer)
    await this.inOrder(() => call('POST /api/discard-draft', { path: open.file }))
    const { draft: _, ...rest } = open
    this.snapshot = rest
    this.saidUntilEdited = studioSentences.discarded({ file: open.file })
    this.replace(open.saved, this.saidUntilEdited)
    clearTimeout(this.draftTimer)
  }

  /** Take the version on disk, dropping the author's edits. */
  loadDisk(): void {
    const open = this.snapshot
    if (!open?.diskChanged) return
    const disk = open.diskChanged
    const { diskChanged: _, ...rest } = open
    this.snapshot = { ...rest, hash: disk.hash, saved: disk.text }
    this.replace(disk.text, 'Loaded the version on disk.')
  }

  /** The server saw a file change on disk: if it is this page and not the studio's own write, the author is told. */
  async diskEvent(file: string, hash: string | null): Promise<void> {
    const open = this.snapshot
    if (!open || open.file !== file || hash === open.hash || this.saving) return
    if (hash === null) return this.set({ status: studioSentences.goneElsewhere({ file }) })
    const disk = await call('GET /api/file', { path: file }).catch(() => undefined)
    if (disk && this.snapshot === open && disk.hash !== open.hash) {
      if (disk.text === this.text) {
        // The disk now holds what the author has: nothing to choose.
        this.snapshot = { ...open, hash: disk.hash, saved: disk.text, dirty: false }
        this.emit()
      } else this.set({ diskChanged: { text: disk.text, hash: disk.hash } })
    }
  }

  /** Keep the draft now (before switching pages or leaving), not after the typing pause. */
  async flushDraft(options: { leaving?: boolean } = {}): Promise<void> {
    if (this.draftTimer === undefined) return
    clearTimeout(this.draftTimer)
    this.draftTimer = undefined
    await this.keepDraft(options.leaving ?? false)
  }

  private scheduleDraft(): void {
    clearTimeout(this.draftTimer)
    this.draftTimer = window.setTimeout(() => {
      this.draftTimer = undefined
      void this.keepDraft(false)
    }, draftDelayMs)
  }

  private async keepDraft(leaving: boolean): Promise<void> {
    const open = this.snapshot
    if (!open) return
    try {
      // keepalive: the request outlives a page being closed.
      const text = this.text
      const kept = await this.inOrder(() => call('PUT /api/draft', { path: open.file, text, baseHash: open.hash }, { keepalive: leaving }))
      if (this.snapshot?.file === open.file && this.snapshot.dirty) this.set({ draft: { at: kept.at, restored: false } })
    } catch (error) {
      if (this.snapshot?.file === open.file) this.set({ status: `Your edits could not be kept as a draft (${(error as Error).message}); save them to keep them.` })
    }
  }

  private textChanged(): void {
    this.textVersion++
    for (const listener of this.textListeners) listener()
  }

  private inOrder<T>(work: () => Promise<T>): Promise<T> {
    const next = this.draftQueue.then(work, work)
    this.draftQueue = next.catch(() => undefined)
    return next
  }

  private set(change: Partial<DocumentSnapshot>): void {
    if (!this.snapshot) return
    this.snapshot = { ...this.snapshot, ...change }
    this.emit()
  }

  private emit(): void {
    for (const listener of this.listeners) listener()
  }
}

/** "\r\n" when every line of the file ends so; a file with mixed ends keeps each "\r" as part of its line. */
export function lineBreakOf(text: string): '\n' | '\r\n' {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n'
}

function savedSentence(file: string, problems: Problem[]): string {
  const n = problems.length
  return studioSentences.saved({ file, problems: n })
}

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
