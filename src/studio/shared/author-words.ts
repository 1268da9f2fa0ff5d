/**
 * How the studio names the author's files and says what happened to them.
 *
 * Authors think in addresses and pictures, not in folders: a page is
 * "/b2b/smes", never "pages/b2b/smes.yaml"; the header and footer are "the
 * header and footer"; a picture is "the picture team.webp"; the shared
 * history is "the live site", never a branch. Every sentence the studio says
 * about a file comes from here, so tests/unit/studio/author-words.test.ts
 * can read each one for developer words. No Node imports: the browser app
 * and the server both use it.
 */
import type { Problem, ProblemCode } from '../../compiler/problems/errors.ts'
import { routeFromFile, sharedFile, siteFile } from '../../shared/routes'

/** Files under pages/ that make no address, by their name there, as the author knows them. */
const settingsNames: Readonly<Record<string, string>> = {
  [siteFile]: 'the header and footer',
  [sharedFile]: 'the shared blocks',
}

/** A page by what the visitor sees: its address, or for the settings files, what they hold. `file` is relative to pages/ ("b2b/smes.yaml"). */
export function pageName(file: string): string {
  const of = routeFromFile(file)
  if (of.kind === 'route') return of.route
  return settingsNames[file] ?? `the settings in ${file.replace(/\.ya?ml$/, '').replace(/^_/, '')}`
}

const videoPattern = /\.(webm|mp4|mov)$/i

/** A file by the name an author knows it by; `path` is from the project's root ("pages/b2b/smes.yaml", "public/media/img/team.webp"). */
export function fileName(path: string): string {
  if (path.startsWith('pages/')) return pageName(path.slice('pages/'.length))
  if (path.startsWith('public/')) return `the ${videoPattern.test(path) ? 'video' : 'picture'} ${path.split('/').pop()}`
  return path
}

/** A name at the start of a sentence: "The header and footer …", "/b2b/smes …". */
export const sentenceStart = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/** "a", "a and b", "a, b and c". */
export function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

const linksIn = (files: readonly string[]) => listed(files.map(pageName))

/**
 * The studio's sentences about an author's pages, one entry a situation.
 * `file` and `files` are relative to pages/.
 */
export const studioSentences = {
  putBack: (a: { file: string; version?: string; relinked: readonly string[] }) =>
    `Put back ${pageName(a.file)}${a.version ? ` as it was in version ${a.version}` : ' as it was when deleted'}${a.relinked.length ? `, with its links in ${linksIn(a.relinked)}` : ''}. It is saved, not yet published.`,
  deleted: (a: { file: string; unlinked: readonly string[] }) => `Deleted ${pageName(a.file)}.${a.unlinked.length ? ` The links to it in ${linksIn(a.unlinked)} went with it.` : ''}`,
  deleteQuestion: (a: { file: string; going: readonly string[]; goingLinks: number; left: readonly string[]; leftLinks: number }) =>
    [
      `Delete ${pageName(a.file)}?`,
      a.goingLinks ? `${a.goingLinks} ${a.goingLinks === 1 ? 'link' : 'links'} to it (in ${linksIn(a.going)}) will be taken out with it.` : '',
      a.leftLinks ? `${a.leftLinks} other ${a.leftLinks === 1 ? 'link' : 'links'} (in ${linksIn(a.left)}) will need changing by hand.` : '',
      `Deleted pages, under the list of pages, can put it back as it is now${a.goingLinks ? ', with its links' : ''}.`,
    ]
      .filter(Boolean)
      .join(' '),
  moved: (a: { route: string }) => `Moved to ${a.route}.`,
  /** `files` under pages/. */
  relinked: (a: { route: string; files: readonly string[] }) =>
    a.files.length ? `The links in ${listed(a.files.map(pageName))} lead to ${a.route} now. They are saved, not yet published.` : `No link led to the old address any more; nothing was changed.`,
  /** `paths` from the project's root, as problems name their files. */
  brokenLinks: (a: { links: number; paths: readonly string[] }) =>
    a.links ? ` Now ${a.links} ${a.links === 1 ? 'link needs' : 'links need'} fixing, in ${listed(a.paths.map(fileName))}: open each to see where.` : '',
  saved: (a: { file: string; problems: number }) =>
    a.problems ? `Saved ${pageName(a.file)} with ${a.problems} ${a.problems === 1 ? 'problem' : 'problems'}: the site is not built with it until they are fixed.` : `Saved ${pageName(a.file)}.`,
  madePage: (a: { file: string }) => `Made ${pageName(a.file)} and saved it: it goes on the site when you publish.`,
  changedElsewhere: (a: { file: string }) => `${pageName(a.file)} was saved from elsewhere since you opened it. Your text here was not saved over it.`,
  discarded: (a: { file: string }) => `Discarded your changes: ${pageName(a.file)} is as saved. Undo brings them back.`,
  goneElsewhere: (a: { file: string }) => `${sentenceStart(pageName(a.file))} was renamed or deleted elsewhere. Your text is still here; Save puts it back only after you choose.`,
  notSavedChangedElsewhere: () => 'Not saved: this page was saved from elsewhere since you opened it. Choose below which version to keep.',
  unsavedBeforePublish: (a: { file: string }) => `${pageName(a.file)} has edits you have not saved: Save and publish saves them, then publishes them with the rest.`,
  unsavedStoppedPublish: (a: { file: string }) => `${pageName(a.file)} could not be saved, so nothing was published: the line above the page says why.`,
  historyOf: (a: { file: string }) => `History of ${pageName(a.file)}`,
  formOf: (a: { file: string }) => `Form of ${pageName(a.file)}`,
  publishGoesTo: (a: { changes: number; shared: boolean }) =>
    a.shared ? `Publishing sends ${a.changes === 1 ? 'it' : 'them'} to the live site.` : 'This copy is not connected to the live site: publishing keeps a version here, and nothing goes live.',
  editedAsText: (a: { label: string }) => `${a.label}: edited in the YAML tab.`,
  blockEditedAsText: () => 'This block is edited in the YAML tab.',
} satisfies Record<string, (args: never) => string>

/**
 * A problem as the studio says it. The catalogue (compiler/problems/errors.ts)
 * speaks to whoever runs the check, a developer at a terminal too, so it
 * names files and commands; here files become what the author knows them by,
 * and a hint that sends the author to a command is said as what to do in
 * the studio (or whom to ask).
 */
export function problemForAuthors(p: Pick<Problem, 'code' | 'message' | 'hint' | 'args'>): { message: string; hint?: string } {
  const own = studioHints[p.code as keyof typeof studioHints]
  const hint = own ? own((p.args ?? {}) as never) : p.hint
  return { message: namesForAuthors(p.message), ...(hint ? { hint: namesForAuthors(hint) } : {}) }
}

const didYouMean = (suggestion: unknown) => (typeof suggestion === 'string' && suggestion ? `Did you mean ${JSON.stringify(suggestion)}? ` : '')
const askADeveloper = 'A developer changed how this kind of block is written: ask them to bring the pages up to date (it keeps every word). The page is safe as it is meanwhile.'

/** The catalogue's hints that send an author to a command or a folder, said as what to do in the studio. */
const studioHints = {
  EmptyFile: () => 'A page needs a title, a description and at least one block. To start again from a working page, delete this one and make it with New page, as a copy of a page like it.',
  FileTooLarge: () => 'Split the page into smaller pages, or move repeated parts into the shared blocks.',
  BrokenLink: (a: { suggestion?: string }) => `${didYouMean(a.suggestion)}A link to this site is the address of one of its pages. If the page is still to be written, make it with New page, then link to it.`,
  MissingMedia: (a: { suggestion?: string }) => `${didYouMean(a.suggestion)}Choose one of the site's pictures: Replace this picture, beside the field on the Form tab, shows them all and adds new ones.`,
  OutdatedBlock: () => askADeveloper,
  VersionsNotNeeded: () => askADeveloper,
  MigrationTargetTaken: () => askADeveloper,
  MigrationPathBlocked: () => askADeveloper,
  InvalidFileName: () => 'Use letters, digits and dashes only in an address, e.g. /b2b/new-page.',
  CodeInPublic: () => "The site's pictures hold pictures, videos and documents only: delete this file. Pages are made with New page, and code is a developer's change.",
} satisfies Partial<Record<ProblemCode, (args: never) => string>>

/** Files named as the author knows them, in a catalogue sentence: "pages/b2b/smes.yaml" -> "/b2b/smes", "does not exist in public/" -> "is not among the site's pictures". */
export function namesForAuthors(text: string): string {
  return text
    .replace(/\bpages\/([\w./-]+?\.ya?ml)\b/g, (_, file: string) => pageName(file))
    .replace(/does not exist in public\//g, "is not among the site's pictures")
    .replace(/\b(in|under|from) public\//g, "among the site's pictures")
}
