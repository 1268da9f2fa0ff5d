/**
 * Publish: check, commit the changed pages and media (nothing else), take
 * the remote's changes, build exactly what will be pushed, push, and only
 * then move the branch and bring the working tree in line. Every commit
 * and tree is made from a temporary index, so until the last step nothing
 * the author has (files, index, branch) changes; any refusal before it
 * leaves the repository as it was.
 */
import { existsSync, lstatSync, symlinkSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { loadSiteOnCores, projectPaths } from '../../../compiler/index.ts'
import { buildSite } from '../../../compiler/bundle/build-site.ts'
import { PageProblemsError } from '../../../compiler/problems/problems.ts'
import type { Progress } from '../../../compiler/progress/progress.ts'
import { git, GitError } from '../git/run.ts'
import { headCommit, mergeBase, repositoryPrefix, revParse, updateRef, type Upstream } from '../git/refs.ts'
import { changedBetween, differFromCommit, dirtyPaths } from '../git/paths.ts'
import { commitTree, entryAt, syncFolderToTree, treeOf, treeWithEntries, treeWithWorkingFiles, writeBlob, type TreeEntry } from '../git/tree.ts'
import { mergePage, type FieldChoices, type FieldConflict } from '../../../compiler/yaml-edit/index.ts'
import { fetchBranch, isUnreachable, mergeTrees, push, pushReason } from '../git/remote.ts'
import { textAtCommit } from '../git/log.ts'
import { authorProblem, getAuthor, setAuthor } from './author.ts'
import { standing } from './status.ts'
import { takeBuildFolder } from './build-folder.ts'
import { fieldConflictView, pageDiff } from './page-diff.ts'
import { routeOf } from './history.ts'
import { publishedSentence, refusals, type RefusalCode } from '../../shared/publish-sentences.ts'
import type { Author, Choice, ConflictPage, PublishOutcome, PublishProgress, PublishStep } from '../../shared/publish-types.ts'

export interface PublishOptions {
  message: string
  /** Who publishes; else user.name and user.email from git config. When given, it is saved into the repository's own git config. */
  author?: Author
  /** Who is signed in to the team studio and publishes: the commit's author, never saved into git config. Wins over `author`. */
  signedIn?: Author
  /**
   * Who wrote the files published (paths from the project's root), most
   * files first: the first is the commit's author, the others Co-authored-by
   * lines, and whoever publishes its committer. Unset or empty: the
   * publisher is both.
   */
  writersOf?: (files: readonly string[]) => Author[]
  /** For each page changed both here and on the remote (by path from the project root), which version to keep. */
  choices?: Record<string, Choice>
  /** For a page whose fields both sides changed differently (by path from the project root), the side to take at each field (ConflictPage's `fields`, by key). */
  fieldChoices?: Record<string, FieldChoices>
  /** Saved files this publish leaves as they are (paths from the project root): those in a change under review, which goes live on its own. */
  leaveOut?: ReadonlySet<string>
  /** Told as each step starts, and as a step that goes through the pages gets on (a few times a second at most). */
  onStep?: (step: PublishStep, progress?: PublishProgress) => void
  /**
   * Builds the tree to be published, extracted into `dir`; throws
   * PageProblemsError or any error to stop the publish. Defaults to the
   * full site build; tests that prove other steps pass a quicker one.
   */
  build?: (dir: string, progress: Progress) => Promise<void>
}

type Args<C extends RefusalCode> = Parameters<(typeof refusals)[C]>

function refused<C extends RefusalCode>(code: C, ...args: Args<C>): PublishOutcome {
  return { kind: 'refused', code, reason: (refusals[code] as (...a: Args<C>) => string)(...args) }
}

export async function publish(root: string, options: PublishOptions): Promise<PublishOutcome> {
  const started = performance.now()
  const step = options.onStep ?? (() => {})
  const message = options.message.trim()
  if (!message) return refused('EmptyMessage')
  const ready = await whereWeStand(root, options.signedIn ?? options.author)
  if ('kind' in ready) return ready
  const { status, head, target, hasRemote, author } = ready
  const why = authorProblem(author)
  if (why) return refused('BadAuthor', { why })
  if (!status.changes.length) return refused('NothingToPublish')
  // Files in a change under review go live with that change, reviewed, never around it.
  const files = status.changes.map((c) => c.path).filter((path) => !options.leaveOut?.has(path))
  if (!files.length) return refused('AllInChanges', { files: status.changes.length })
  if (options.author && !options.signedIn) await setAuthor(root, options.author)
  const signature = { name: author.name.trim(), email: author.email.trim() }

  // The checks of `npm run build`, on the working tree first: the quickest refusal.
  // On worker threads: at 10,000 pages, checking on this thread (the studio's server) held it for seconds (docs/measurements.md, "The studio's waits").
  step('checking')
  const { problems } = await loadSiteOnCores(projectPaths(root), { progress: stepProgress('checking', step), offThisThread: true, cache: true })
  if (problems.length) return { kind: 'problems', problems }

  let theirs: string | undefined
  if (target) {
    step('fetching')
    try {
      if ((await fetchBranch(root, target.remote, target.branch)).exists) theirs = await revParse(root, target.tracking)
    } catch (error) {
      return refused('RemoteUnreachable', { remote: target.remote, reason: reasonOf(error) })
    }
  }

  step('committing')
  const tree = await treeWithWorkingFiles(root, head, files)
  const [writer, ...coWriters] = options.writersOf?.(files) ?? []
  const credits = coWriters.map((w) => `Co-authored-by: ${w.name} <${w.email}>`)
  const mine = tree === (await treeOf(root, head)) ? head : await commitTree(root, tree, [head], `${message}\n${credits.length ? `\n${credits.join('\n')}\n` : ''}`, writer ?? signature, signature)

  let final = mine
  if (theirs && !(await isAncestor(root, theirs, mine))) {
    step('merging')
    const merged = await mergeWithRemote(root, { mine, theirs, choices: options.choices ?? {}, fieldChoices: options.fieldChoices ?? {}, files, message, signature, remote: `${target!.remote}/${target!.branch}` })
    if (typeof merged !== 'string') return merged
    final = merged
  }

  return goLive(root, { final, head, target, theirs, hasRemote, step, build: options.build, others: status.others, started, reason: `publish: ${message.split('\n')[0]}`, committed: { commit: mine, files } })
}

/** A change reviewed in the studio (changes/changes.ts), as publishing needs it. */
export interface ChangeToPublish {
  id: number
  title: string
  author: Author
  /** Its branch's commit, and the files it changes (from the project's root). */
  tip: string
  files: readonly string[]
}

/**
 * Publish one reviewed change: its branch's files, merged field by field
 * with whatever went live since it began (as publish does), built, pushed
 * as one commit on the live branch (authored by the change's author,
 * committed by the editor who publishes it), and then the working tree
 * brought in line. Other saved work in the working tree is left as it is;
 * a file of the change edited again since it was submitted keeps its newer
 * text on disk, as a draft of the next change.
 */
export async function publishChange(root: string, change: ChangeToPublish, options: Pick<PublishOptions, 'signedIn' | 'choices' | 'fieldChoices' | 'onStep' | 'build'>): Promise<PublishOutcome> {
  const started = performance.now()
  const step = options.onStep ?? (() => {})
  const ready = await whereWeStand(root, options.signedIn)
  if ('kind' in ready) return ready
  const { status, head, target, hasRemote, author } = ready
  const signature = { name: author.name.trim(), email: author.email.trim() }

  let live = head
  if (target) {
    step('fetching')
    try {
      if ((await fetchBranch(root, target.remote, target.branch)).exists) live = (await revParse(root, target.tracking)) ?? head
    } catch (error) {
      return refused('RemoteUnreachable', { remote: target.remote, reason: reasonOf(error) })
    }
    // Commits here that never went live would go live unreviewed with the change.
    if (!(await isAncestor(root, head, live))) return refused('UnpublishedCommitsHere')
  }

  step('merging')
  let tree = await treeOf(root, change.tip)
  if (!(await isAncestor(root, live, change.tip))) {
    const where = target ? `${target.remote}/${target.branch}` : 'the live version'
    const merged = await mergeWithRemote(root, { mine: change.tip, theirs: live, choices: options.choices ?? {}, fieldChoices: options.fieldChoices ?? {}, files: [...change.files], message: change.title, signature, remote: where, checkWorkingTree: false })
    if (typeof merged !== 'string') return merged
    tree = await treeOf(root, merged)
  }
  if (tree === (await treeOf(root, live))) return refused('NothingToPublish')

  // What moving HEAD to the result writes to disk must not go over uncommitted work: a file of the change
  // edited again since is kept on disk when the result has the change's own version of it, and is in the way otherwise.
  const ours = new Set(change.files)
  const dirty = new Set(await dirtyPaths(root))
  const editedSince = new Set(await differFromCommit(root, change.tip, change.files))
  const inTheWay: string[] = []
  for (const path of await changedBetween(root, head, tree)) {
    if (!dirty.has(path)) continue
    if (!ours.has(path)) inTheWay.push(path)
    else if (editedSince.has(path) && !sameEntry(await entryAt(root, change.tip, path), await entryAt(root, tree, path))) inTheWay.push(path)
  }
  if (inTheWay.length) return refused('LocalChangesInTheWay', { paths: inTheWay })

  step('committing')
  const message = `${change.title}\n\nReviewed in the studio as change ${change.id}; published by ${signature.name}.\n`
  const final = await commitTree(root, tree, [live], message, change.author, signature)

  return goLive(root, { final, head, target, theirs: undefined, hasRemote, step, build: options.build, others: status.others, started, reason: `publish change ${change.id}: ${change.title}`, committed: { commit: change.tip, files: change.files } })
}

/** The repository's standing and who publishes (`given`, else git's user), or why publishing cannot start. */
async function whereWeStand(root: string, given: Author | undefined): Promise<PublishOutcome | (Awaited<ReturnType<typeof standing>> & { head: string; author: Author })> {
  const prefix = await repositoryPrefix(root)
  if (prefix === undefined) return refused('NotARepository')
  if (prefix) return refused('NotRepositoryRoot', { prefix })
  const now = await standing(root)
  if (!now.head) return refused('NoCommits')
  if (now.status.detached || !now.status.branch) return refused('DetachedHead')
  const author = given ?? (await getAuthor(root))
  if (!author?.name.trim()) return refused('NoAuthorName')
  if (!author.email.trim()) return refused('NoAuthorEmail')
  return { ...now, head: now.head, author }
}

interface GoLive {
  /** The commit to publish, and the HEAD it was made on. */
  final: string
  head: string
  target: Upstream | undefined
  /** The remote's tip as fetched: nothing is pushed when it is the commit already. */
  theirs: string | undefined
  hasRemote: boolean
  step: (step: PublishStep, progress?: PublishProgress) => void
  build: PublishOptions['build']
  others: string[]
  started: number
  /** The reflog's words for HEAD's move. */
  reason: string
  /** What was committed of the working tree (syncWorkingTree leaves those files on disk). */
  committed: { commit: string; files: readonly string[] }
}

/** The last steps of both publishes: build `final`'s tree, push it, move HEAD and bring the working tree in line; the outcome. */
async function goLive(root: string, run: GoLive): Promise<PublishOutcome> {
  const { final, head, target, step } = run
  step('building')
  const built = await buildTree(root, final, run.build ?? buildWhole, stepProgress('building', step))
  if (built) return built

  if ((await headCommit(root)) !== head) return refused('MovedMeanwhile')
  let remoteSaid: string[] = []
  if (target && final !== run.theirs) {
    step('pushing')
    try {
      remoteSaid = await push(root, target.remote, final, target.branch)
    } catch (error) {
      if (error instanceof GitError && isUnreachable(error)) return refused('RemoteUnreachable', { remote: target.remote, reason: error.reason })
      const reason = error instanceof GitError ? pushReason(error) : reasonOf(error)
      return refused('PushRefused', { target: `${target.remote}/${target.branch}`, reason })
    }
  }
  await updateRef(root, 'HEAD', final, head, run.reason)
  await syncWorkingTree(root, head, final, run.committed)
  const files = [...run.committed.files]
  const where = target ? `${target.remote}/${target.branch}` : undefined
  return {
    kind: 'published',
    commit: final,
    pushed: !!target,
    ...(where ? { remote: where } : {}),
    files,
    others: run.others,
    ms: Math.round(performance.now() - run.started),
    ...(remoteSaid.length ? { remoteSaid } : {}),
    message: publishedSentence({ files: files.length, ...(where ? { target: where } : {}), noRemote: !run.hasRemote }),
  }
}

interface MergeInput {
  mine: string
  theirs: string
  choices: Record<string, Choice>
  fieldChoices: Record<string, FieldChoices>
  /** The files this publish commits. */
  files: string[]
  message: string
  signature: Author
  remote: string
  /** Whether files the merge brings that have uncommitted changes here stop it (publishChange checks the working tree itself, against HEAD). */
  checkWorkingTree?: boolean
}

/**
 * The merge commit of this author's commit and the remote's tip, or why
 * there is none: a conflict outside pages/ (refused), a page changed on
 * both sides that its fields cannot settle (conflict), or a file the remote
 * changed that has uncommitted changes here (refused: updating it would
 * lose them). A page changed on both sides is merged field by field
 * (yaml-edit/merge.ts): what each changed alone is kept, so a colleague's
 * rewrite of a field this author never touched is never dropped; only a
 * field both changed differently (or a page deleted on one side and changed
 * on the other) makes the page the author's choice.
 */
async function mergeWithRemote(root: string, input: MergeInput): Promise<string | PublishOutcome> {
  const { mine, theirs } = input
  const merged = await mergeTrees(root, mine, theirs)
  const outside = merged.conflicts.filter((path) => !path.startsWith('pages/'))
  if (outside.length) return refused('ConflictOutsidePages', { paths: outside })
  const base = await mergeBase(root, mine, theirs)
  const ours = new Set(await changedBetween(root, base ?? mine, mine, ['pages']))
  const both: string[] = []
  for (const path of await changedBetween(root, base ?? mine, theirs, ['pages'])) {
    if (ours.has(path) && !sameEntry(await entryAt(root, mine, path), await entryAt(root, theirs, path))) both.push(path)
  }
  // A conflict git found that the lists above miss (a page renamed on both sides) is a choice too.
  for (const path of merged.conflicts) if (!both.includes(path)) both.push(path)
  const entries: TreeEntry[] = []
  const open: { path: string; conflicts: FieldConflict[] | undefined }[] = []
  for (const path of both) {
    const choice = input.choices[path]
    if (choice) {
      const entry = await entryAt(root, choice === 'mine' ? mine : theirs, path)
      entries.push(entry ? { path, ...entry } : { path, remove: true })
      continue
    }
    const byField = mergePage(await textAtCommit(root, base, path), await textAtCommit(root, mine, path), await textAtCommit(root, theirs, path), input.fieldChoices[path] ?? {})
    if (!('text' in byField)) open.push({ path, conflicts: 'conflicts' in byField ? byField.conflicts : undefined })
    else if (byField.text === null) entries.push({ path, remove: true })
    else entries.push({ path, mode: '100644', blob: await writeBlob(root, byField.text) })
  }
  if (open.length) return { kind: 'conflict', pages: await Promise.all(open.map(({ path, conflicts }) => conflictPage(root, path, base, mine, theirs, conflicts))) }

  const tree = await treeWithEntries(root, merged.tree, entries)
  if (input.checkWorkingTree === false) return commitTree(root, tree, [mine, theirs], `Take ${input.remote}: ${input.message.split('\n')[0]}\n`, input.signature)
  const committed = new Set(input.files)
  const dirty = new Set(await dirtyPaths(root))
  const inTheWay = (await changedBetween(root, mine, tree)).filter((path) => dirty.has(path) && !committed.has(path))
  if (inTheWay.length) return refused('LocalChangesInTheWay', { paths: inTheWay })
  return commitTree(root, tree, [mine, theirs], `Take ${input.remote} before publishing: ${input.message.split('\n')[0]}\n`, input.signature)
}

/**
 * A page to choose on: each side's change in page terms, who changed it on
 * the other side, and the fields to choose one by one when the page's
 * conflicts are fields (a page deleted on one side, or one not readable, is
 * chosen whole).
 */
async function conflictPage(root: string, path: string, base: string | undefined, mine: string, theirs: string, conflicts: FieldConflict[] | undefined): Promise<ConflictPage> {
  const [original, mineText, theirsText] = await Promise.all([textAtCommit(root, base, path), textAtCommit(root, mine, path), textAtCommit(root, theirs, path)])
  const route = routeOf(path)
  const theirsBy = (await git(root, ['log', '-1', '--format=%an', ...(base ? [`${base}..${theirs}`] : [theirs]), '--', path])).stdout.trim()
  const byField = mineText !== null && theirsText !== null && conflicts?.every((c) => c.path.length > 0)
  return {
    path,
    ...(route ? { route } : {}),
    ...(theirsBy ? { theirsBy } : {}),
    ...(byField ? { fields: conflicts!.map((c) => fieldConflictView(path, mineText, c)) } : {}),
    mine: mineText,
    theirs: theirsText,
    mineChanges: pageDiff(path, original, mineText),
    theirsChanges: pageDiff(path, original, theirsText),
  }
}

/** Build `commit`'s whole tree in the project's build folder (build-folder.ts); a refusal or problems, or undefined when it built. */
async function buildTree(root: string, commit: string, build: (dir: string, progress: Progress) => Promise<void>, progress: Progress): Promise<PublishOutcome | undefined> {
  const { dir, index, release } = takeBuildFolder(root)
  try {
    await syncFolderToTree(root, commit, dir, index)
    linkNodeModules(root, dir)
    await build(dir, progress)
    return undefined
  } catch (error) {
    if (error instanceof PageProblemsError) return { kind: 'problems', problems: error.problems }
    return refused('BuildFailed', { reason: reasonOf(error) })
  } finally {
    release()
  }
}

/** The project's node_modules, linked into the folder (a link a kept folder holds from before is made again: the project may have moved). */
function linkNodeModules(root: string, dir: string): void {
  const link = join(dir, 'node_modules')
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link)
  if (existsSync(join(root, 'node_modules')) && !existsSync(link)) symlinkSync(join(root, 'node_modules'), link)
}

async function buildWhole(dir: string, progress: Progress): Promise<void> {
  await buildSite({ root: dir, outDir: join(dir, 'dist'), logLevel: 'silent', progress })
}

/** How often a step's progress is told at most: each page's tick would be thousands of events. */
const progressEveryMs = 250

/** The build's and the check's progress, told as `step`'s: at a phase's start and end, and between at most every progressEveryMs. */
function stepProgress(step: PublishStep, tell: (step: PublishStep, progress?: PublishProgress) => void): Progress {
  let current: PublishProgress | undefined
  let told = 0
  const say = () => {
    if (!current) return
    told = performance.now()
    tell(step, { ...current })
  }
  return {
    phase(phase, total = 0) {
      current = { phase, done: 0, total }
      if (total) say()
    },
    tick() {
      if (!current) return
      current.done++
      if (performance.now() - told >= progressEveryMs) say()
    },
    end() {
      if (current?.total) say()
      current = undefined
    },
  }
}

/**
 * After HEAD moved from `from` to `to`, every path that differs between
 * the two is brought in line. A file this publish committed as it was on
 * disk is left on disk (the author may have typed since: only the index
 * learns the commit); a file that arrives otherwise (the remote's change,
 * a version chosen over this author's) is written. Nothing else in the
 * index or working tree is touched.
 */
async function syncWorkingTree(root: string, from: string, to: string, committed: { commit: string; files: readonly string[] }): Promise<void> {
  const ours = new Set(committed.files)
  const indexOnly: string[] = []
  const write: string[] = []
  const gone: string[] = []
  for (const path of await changedBetween(root, from, to)) {
    const entry = await entryAt(root, to, path)
    if (ours.has(path) && sameEntry(entry, await entryAt(root, committed.commit, path))) indexOnly.push(path)
    else (entry ? write : gone).push(path)
  }
  const list = (items: string[]) => ({ input: items.map((p) => `${p}\0`).join('') })
  const fromList = ['--pathspec-from-file=-', '--pathspec-file-nul']
  if (indexOnly.length) await git(root, ['reset', '-q', to, ...fromList], list(indexOnly))
  if (write.length) await git(root, ['checkout', to, ...fromList], list(write))
  if (gone.length) {
    await git(root, ['rm', '-q', '--cached', '--ignore-unmatch', ...fromList], list(gone))
    for (const path of gone) if (existsSync(join(root, path))) unlinkSync(join(root, path))
  }
}

async function isAncestor(root: string, ancestor: string, of: string): Promise<boolean> {
  return (await git(root, ['merge-base', '--is-ancestor', ancestor, of], { okCodes: [1] })).code === 0
}

function sameEntry(a: { mode: string; blob: string } | undefined, b: { mode: string; blob: string } | undefined): boolean {
  return a?.blob === b?.blob && a?.mode === b?.mode
}

function reasonOf(error: unknown): string {
  if (error instanceof GitError) return error.reason
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!
}
