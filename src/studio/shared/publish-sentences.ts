/**
 * The one catalogue of what publishing tells an author when it stops or
 * succeeds. Names are permanent (tests and the studio refer to them); each
 * sentence says what happened and what to do. No Node imports: the browser
 * app may show these too.
 */
import { listed } from './author-words.ts'

const files = (paths: readonly string[]) => (paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`)
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

export const refusals = {
  EmptyMessage: () => 'Write a message that says what changed; publishing needs one and it was empty.',
  NoAuthorName: () => 'Say who is publishing: no author name is set for this repository (give one with --author "Name <email>" or in the studio).',
  NoAuthorEmail: () => 'Say who is publishing: no author email is set for this repository (give one with --author "Name <email>" or in the studio).',
  BadAuthor: (a: { why: string }) => `That author cannot be used: ${a.why}`,
  DetachedHead: () => 'The repository is not on a branch (a "detached HEAD"), so there is nothing to publish to; switch to your branch first (git switch main).',
  NotARepository: () => 'This project is not a git repository, so there is no history to publish to; ask a developer to set it up with git.',
  NotRepositoryRoot: (a: { prefix: string }) => `The project sits in ${a.prefix} of a larger git repository; publishing works only from a repository's top folder. Nothing was changed.`,
  NoCommits: () => 'This repository has no commit yet; make a first commit with git before publishing.',
  NothingToPublish: () => 'There is nothing to publish: no page or media file has changed since the last publish.',
  AllInChanges: (a: { files: number }) => `Everything saved (${count(a.files, 'file')}) is in a change under review: it goes live when an editor publishes that change, from Changes. Nothing was published.`,
  RemoteUnreachable: (a: { remote: string; reason: string }) => `Could not reach the live site, so nothing was published (the connection said: ${a.reason}). Check the network connection and try again.`,
  PushRefused: (a: { target: string; reason: string }) => `The live site refused the publish, so nothing was kept here either (it said: ${a.reason}).`,
  ConflictOutsidePages: (a: { paths: string[] }) =>
    `The remote changed ${files(a.paths)} where this copy did too, outside pages/; the studio can only settle pages, so ask a developer to merge these files, then publish again. Nothing was changed.`,
  LocalChangesInTheWay: (a: { paths: string[] }) =>
    `The live site changed ${files(a.paths)}, which also ${a.paths.length === 1 ? 'has' : 'have'} changes here made outside the studio; ask a developer to keep or set those aside, then publish again. Nothing was changed.`,
  ChoiceMissing: (a: { paths: string[] }) => `Choose which version to keep of ${files(a.paths)}: they changed here and on the live site.`,
  BuildFailed: (a: { reason: string }) => `The site did not build, so nothing was published (${a.reason}).`,
  UnpublishedCommitsHere: () =>
    'This copy holds versions the live site does not have (saved work committed and never published, or the live history was rewritten since), and publishing the change would send them live unreviewed. Nothing was changed, and the change keeps its edits; ask a developer to bring this copy in line with the live site.',
  MovedMeanwhile: () => 'The live site changed while publishing (someone else published at the same moment); nothing here was changed. Publish again.',
} satisfies Record<string, (args: never) => string>

export type RefusalCode = keyof typeof refusals

/** What a publish did, in the author's words (the live site, never a branch); `target` is where it went, when it went anywhere. */
export const publishedSentence = (a: { files: number; target?: string; noRemote: boolean }) =>
  a.target
    ? `Published ${count(a.files, 'file')} to the live site.`
    : `Kept a version of ${count(a.files, 'file')} here: this copy is not connected to the live site${a.noRemote ? '' : ' (a developer sets where it publishes to)'}, so nothing went live.`

/**
 * The changes past those described one by one (publish-types.ts's
 * describedAtMost), counted by what they are: "And 9,905 more: 9,900 new
 * pages and 5 changed pictures or videos."
 */
export function moreChangesSentence(rest: readonly { status: 'added' | 'modified' | 'deleted'; kind: 'page' | 'media' }[]): string {
  const words = { added: 'new', modified: 'changed', deleted: 'deleted' } as const
  const counts = new Map<string, number>()
  for (const change of rest) {
    const key = `${words[change.status]} ${change.kind}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const parts = [...counts].map(([key, n]) => {
    const [status, kind] = key.split(' ')
    return `${n.toLocaleString('en')} ${status} ${kind === 'page' ? (n === 1 ? 'page' : 'pages') : n === 1 ? 'picture or video' : 'pictures or videos'}`
  })
  return `And ${rest.length.toLocaleString('en')} more: ${listed(parts)}.`
}
