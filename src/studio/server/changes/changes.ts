/**
 * Changes: saved work named and put up for review as one unit, across any
 * pages and pictures (a new page, its hub card and its menu link). Each is
 * a commit on a branch of its own (refs/heads/studio/change-N) from the
 * live version it began from, so the working tree, shared by the team,
 * keeps every file as it is; an update is a further commit on it. An
 * editor reads it in page terms, comments, sends it back or approves it,
 * and publishes it (publish.ts's publishChange): merged field by field with
 * whatever went live since, as one commit.
 *
 * Every refusal is a sentence and changes nothing. The states move in the
 * store by compare-and-set, so two people acting at once never both win.
 */
import { git } from '../git/run.ts'
import { headCommit } from '../git/refs.ts'
import { differFromCommit } from '../git/paths.ts'
import { commitTree, treeOf, treeWithWorkingFiles } from '../git/tree.ts'
import { fileChanges, publishStatus } from '../publish/status.ts'
import { publishChange, type PublishOptions } from '../publish/publish.ts'
import { Refused } from '../refused.ts'
import { fileName, sentenceStart } from '../../shared/author-words.ts'
import { ChangeStore } from './change-store.ts'
import { changeStateWords, openStates, type Change, type ChangeState, type ChangeView } from '../../shared/change-types.ts'
import type { Author, PublishOutcome } from '../../shared/publish-types.ts'

/** How many closed (published or withdrawn) changes the list keeps showing, newest first. */
const closedShown = 20
const longestTitle = 200
const longestComment = 5000

/** Who acts, and whether they may act on others' changes (an editor; the one person of the local studio). */
export interface Actor extends Author {
  editor: boolean
}

export const changeBranch = (id: number) => `refs/heads/studio/change-${id}`

export class Changes {
  readonly store: ChangeStore

  constructor(private readonly root: string) {
    this.store = new ChangeStore(root)
  }

  /** Every open change, then the latest closed ones; each open one with its files in page terms and which were edited since. */
  async list(): Promise<ChangeView[]> {
    const all = this.store.list()
    const open = all.filter((c) => openStates.includes(c.state))
    const closed = all.filter((c) => !openStates.includes(c.state)).slice(0, closedShown)
    return Promise.all(
      [...open, ...closed].map(async (change) => {
        if (!openStates.includes(change.state)) return { ...change, diff: [], editedSince: [] }
        const [diff, editedSince] = await Promise.all([fileChanges(this.root, change.base, change.tip), differFromCommit(this.root, change.tip, change.files)])
        return { ...change, diff, editedSince }
      }),
    )
  }

  /** A new change of `files` (all saved work that is in no open change when none are named), in review. */
  async submit(by: Actor, input: { title: string; files?: string[] }): Promise<Change> {
    const title = titleOf(input.title)
    const head = await headCommit(this.root)
    if (!head) throw new Refused('This copy has no published version yet, so a change has nothing to begin from.', 409)
    const free = await this.savedFree()
    const files = input.files?.length ? input.files : [...free.keys()]
    if (!files.length) throw new Refused('There is no saved work that is not live or in a change already: save your edits first.', 409)
    for (const file of files) this.checkFree(file, free)
    const tip = await commitTree(this.root, await treeWithWorkingFiles(this.root, head, files), [head], `${title}\n`, by)
    const id = this.store.add({ title, author: by, files: [...files].sort(), tip, base: head })
    await git(this.root, ['update-ref', '-m', `studio: change ${id} submitted`, changeBranch(id), tip, ''])
    return this.store.get(id)!
  }

  /** The change with its files as saved now (and `addFiles` with them), back in review. */
  async update(by: Actor, id: number, addFiles: readonly string[] = []): Promise<Change> {
    const change = this.mine(by, id, 'update')
    this.mustBeOpen(change, 'updated')
    const free = await this.savedFree()
    for (const file of addFiles) if (!change.files.includes(file)) this.checkFree(file, free)
    const files = [...new Set([...change.files, ...addFiles])].sort()
    const tree = await treeWithWorkingFiles(this.root, change.tip, files)
    if (tree === (await treeOf(this.root, change.tip))) throw new Refused('Nothing changed since this change was last submitted: save your edits to its pages first.', 409)
    const tip = await commitTree(this.root, tree, [change.tip], `Update: ${change.title}\n`, by)
    const did = change.state === 'changes-requested' ? 'made the changes asked for' : 'updated it'
    if (!this.store.move(id, openStates, 'in-review', by, did, { tip, files })) throw this.movedMeanwhile(id)
    await git(this.root, ['update-ref', '-m', `studio: change ${id} updated`, changeBranch(id), tip, change.tip])
    return this.store.get(id)!
  }

  /** A comment kept on the change; on a change closed meanwhile it is kept all the same, and `note` says so. */
  comment(by: Author, id: number, text: string): { change: Change; note?: string } {
    const change = this.find(id)
    const words = text.trim()
    if (!words) throw new Refused('Write a comment first: it was empty.', 400)
    if (words.length > longestComment) throw new Refused(`A comment holds at most ${longestComment.toLocaleString('en')} characters; this one has ${words.length.toLocaleString('en')}. Nothing was kept.`, 400)
    this.store.comment(id, by, words)
    const note = openStates.includes(change.state) ? undefined : `This change was ${changeStateWords[change.state].toLowerCase()} ${whoLast(change)}; your comment is kept with it.`
    return { change: this.store.get(id)!, ...(note ? { note } : {}) }
  }

  /** An editor's verdict: approved, or sent back with what to change (a comment, which then is required). */
  review(by: Actor, id: number, verdict: 'approve' | 'request-changes', comment?: string): Change {
    if (!by.editor) throw new Refused('Only an editor reviews changes.', 403)
    const change = this.find(id)
    const words = comment?.trim() ?? ''
    if (verdict === 'request-changes' && !words) throw new Refused('Say what should change: asking for changes needs a comment.', 400)
    const moved =
      verdict === 'approve'
        ? this.store.move(id, ['in-review'], 'approved', by, 'approved it')
        : this.store.move(id, ['in-review', 'approved'], 'changes-requested', by, 'asked for changes')
    if (!moved) throw this.movedMeanwhile(id, change.state)
    if (words) this.store.comment(id, by, words)
    return this.store.get(id)!
  }

  /** Taken back by its author (or an editor): its edits stay saved, free for another change. */
  withdraw(by: Actor, id: number): Change {
    this.mine(by, id, 'withdraw')
    if (!this.store.move(id, openStates, 'withdrawn', by, 'withdrew it')) throw this.movedMeanwhile(id)
    return this.store.get(id)!
  }

  /** An approved change, published (publishChange); the change is then published too. */
  async publish(by: Actor, id: number, options: Pick<PublishOptions, 'choices' | 'fieldChoices' | 'onStep' | 'build'> & { signedIn?: Author }): Promise<PublishOutcome> {
    if (!by.editor) throw new Refused('Only an editor publishes a change.', 403)
    const change = this.find(id)
    if (change.state !== 'approved') {
      if (change.state === 'published') throw new Refused(`This change was already published ${whoLast(change)}; nothing was done.`, 409)
      throw new Refused(`Only an approved change is published; this one is ${changeStateWords[change.state].toLowerCase()}.`, 409)
    }
    const outcome = await publishChange(this.root, change, options)
    if (outcome.kind === 'published' && !this.store.move(id, ['approved'], 'published', by, 'published it', { published: outcome.commit })) throw this.movedMeanwhile(id, change.state)
    return outcome
  }

  /** The files of every open change: a publish of the saved work leaves them to their change. */
  heldFiles(): Set<string> {
    return new Set(this.holders().keys())
  }

  /** Each file in an open change, with that change. */
  private holders(): Map<string, Change> {
    const holding = new Map<string, Change>()
    for (const change of this.store.list()) if (openStates.includes(change.state)) for (const file of change.files) holding.set(file, change)
    return holding
  }

  close(): void {
    this.store.close()
  }

  /** The files saved and not live, each with the open change that holds it (undefined: free). */
  private async savedFree(): Promise<Map<string, Change | undefined>> {
    const holding = this.holders()
    const saved = (await publishStatus(this.root)).changes.map((c) => c.path)
    return new Map(saved.map((path) => [path, holding.get(path)]))
  }

  private checkFree(file: string, free: Map<string, Change | undefined>): void {
    if (!free.has(file)) throw new Refused(`${sentenceStart(fileName(file))} has no saved edits that are not live, so there is nothing of it to put in a change.`, 409)
    const holder = free.get(file)
    if (holder) throw new Refused(`${sentenceStart(fileName(file))} is already in the change “${holder.title}” (${changeStateWords[holder.state].toLowerCase()}): update that change instead.`, 409)
  }

  private find(id: number): Change {
    const change = this.store.get(id)
    if (!change) throw new Refused(`There is no change ${id}.`, 404)
    return change
  }

  /** The change, when `by` may act on it: its author, or an editor. */
  private mine(by: Actor, id: number, what: string): Change {
    const change = this.find(id)
    if (!by.editor && change.author.email.toLowerCase() !== by.email.toLowerCase()) throw new Refused(`Only ${change.author.name}, who submitted this change, or an editor can ${what} it.`, 403)
    return change
  }

  private mustBeOpen(change: Change, what: string): void {
    if (!openStates.includes(change.state)) throw new Refused(`This change was ${changeStateWords[change.state].toLowerCase()} ${whoLast(change)}, so it cannot be ${what}; start a new change with your saved edits.`, 409)
  }

  /** Someone moved the change first: a sentence with where it is now, by whom. */
  private movedMeanwhile(id: number, was?: ChangeState): Refused {
    const now = this.find(id)
    const moved = was === undefined || now.state !== was
    return new Refused(`${moved ? 'Someone acted on this change at the same moment: it' : 'This change'} is ${changeStateWords[now.state].toLowerCase()} now (${whoLast(now)}). Nothing else was done.`, 409)
  }
}

function titleOf(text: string): string {
  const title = text.trim().replace(/\s+/g, ' ')
  if (!title) throw new Refused('Name the change in a few words (what it does): the name was empty.', 400)
  if (title.length > longestTitle) throw new Refused(`A change's name holds at most ${longestTitle} characters; this one has ${title.length}.`, 400)
  return title
}

/** "by Ana Author, 2 Dec 2026 14:05" from the change's last event. */
function whoLast(change: Change): string {
  const last = change.events.at(-1)
  if (!last) return ''
  const when = new Date(last.at).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `by ${last.by.name}, ${when} UTC`
}
