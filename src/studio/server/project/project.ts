/**
 * The studio's access to one project: every read and write of pages/ goes
 * through here (page-files.ts keeps each inside pages/), on the site as
 * site-snapshot.ts keeps it current, with the answers site-answers.ts
 * gives from it.
 */
import { existsSync, linkSync, mkdirSync, unlinkSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { parse } from 'yaml'
import { listFiles } from '../../../compiler/site/project-paths.ts'
import { loadSiteShell, siteFile, type ProjectPaths } from '../../../compiler/index.ts'
import { planNewPage } from '../../../compiler/migrate/new-page.ts'
import { readBlockSchemas } from '../../../compiler/schema/schema-set.ts'
import type { Problem } from '../../../compiler/problems/problems.ts'
import { applyEdits, type DocumentEdit } from '../../../compiler/yaml-edit/index.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import type { CheckResult, FileSummary, MediaFile } from '../../shared/api.ts'
import { pageName, sentenceStart } from '../../shared/author-words.ts'
import type { FormModel } from '../../forms/fields.ts'
import type { LinkPlace } from '../../forms/link-places.ts'
import { clearWordsEdits } from '../../forms/word-edits.ts'
import { readFormModel } from '../form-model.ts'
import { linkedTexts, placesIn, type LinkSource } from '../new-page-links.ts'
import { Refused } from '../refused.ts'
import { hashOf, readPlain, resolvePageFile, writeAuthorFile } from './page-files.ts'
import { checkText, fileList, linkTargets, mediaList, newProblems, problemsOf } from './site-answers.ts'
import { SiteSnapshot } from './site-snapshot.ts'

export class StudioProject extends SiteSnapshot {
  /** Files written, created, renamed or deleted in this session. */
  readonly changed = new Set<string>()
  /** Pictures and videos brought in this session (upload.ts), by their path under public/. */
  readonly broughtIn = new Set<string>()
  /**
   * Each such file's last write, numbered in the order the studio made them
   * (`writes` is the count so far): a publish status read after write n has
   * it among its changes (publish-state.ts), so the pages can say a page just
   * saved is not published before that status comes.
   */
  readonly lastWrite = new Map<string, number>()
  writes = 0
  /** The hash of the text the studio last saved to each file (save()). */
  private readonly saved = new Map<string, string>()
  /** Told each write's files (under pages/) as the studio makes it: the team studio keeps who wrote them (team/writers.ts). */
  onWrote: (files: readonly string[]) => void = () => {}

  /**
   * The studio's start: the project at once, with the site's shell
   * (loadSiteShell), so a page opens and previews while every page is read
   * and checked on every core behind it.
   */
  static open(paths: ProjectPaths): StudioProject {
    mkdirSync(paths.pagesDir, { recursive: true })
    const project = new StudioProject(paths, loadSiteShell(paths))
    project.startWholeRead()
    return project
  }

  /** The absolute path of a file under pages/ (under its real path), or Refused (page-files.ts). */
  resolve(file: unknown): string {
    return resolvePageFile(this.paths.pagesDir, this.realPages, file)
  }

  list(): FileSummary[] {
    return fileList(this.loaded, { pagesDir: this.paths.pagesDir, checked: this.checked, relative: (path) => this.relative(path), titleFromText: (file) => this.titleFromText(file) })
  }

  /** A file's text as typed, checked against the site as it is (site-answers.ts). */
  check(file: string, text: string): CheckResult {
    this.resolve(file)
    return checkText(this.loaded, file, text)
  }

  targets(): ReturnType<typeof linkTargets> {
    return linkTargets(this.loaded)
  }

  mediaList(): MediaFile[] {
    return mediaList(this.loaded)
  }

  /** The hash of a file under pages/ as it is now, or null when it is gone (or not a page the studio may read). */
  hashOnDisk(file: string): string | null {
    try {
      return this.read(file).hash
    } catch {
      return null
    }
  }

  read(file: string): { text: string; hash: string } {
    const path = this.resolve(file)
    if (!existsSync(path)) throw new Refused(`${sentenceStart(pageName(file))} does not exist (any more).`, 404)
    const bytes = readPlain(path, file)
    return { text: bytes.toString('utf8'), hash: hashOf(bytes) }
  }

  /**
   * Write the editor's text exactly as it is, over a page that exists (new
   * pages come from create(), with new-page's rules). Refused with 409 when
   * the file changed on disk since the editor read it (`baseHash`), unless
   * `force`, and always when it is gone: renamed or deleted elsewhere, it
   * would otherwise come back under its old name unnoticed.
   */
  save(file: string, text: string, baseHash: string | undefined, force: boolean): { hash: string; problems: Problem[] } {
    const path = this.resolve(file)
    if (!existsSync(path)) throw new Refused(`${sentenceStart(pageName(file))} no longer exists: it was renamed or deleted since you opened it. Nothing was saved; copy your text and start a page with New page.`, 409)
    if (!force && hashOf(readPlain(path, file)) !== baseHash) throw new Refused(`${sentenceStart(pageName(file))} was saved from elsewhere since you opened it.`, 409)
    writeAuthorFile(path, file, text)
    this.wrote(file)
    // A page's file is read again now, so the list's counts that the editor
    // asks for next already include it (the watcher's refresh comes later).
    // The site settings or the shared blocks are read with every page, off
    // this thread, after the answer: a shared block changed means every
    // page read again, which would hold the whole studio if done here.
    // While every page is still being read (the studio's start), the save is
    // not held up for it: the page is checked against the site's shell, as
    // while typing, and read with the whole site once the read ends.
    if (this.checked) this.updateSoon([file])
    else this.savedWhileReading.add(file)
    this.saved.set(file, hashOf(text))
    return { hash: hashOf(text), problems: this.check(file, text).problems }
  }

  /**
   * The hash of `file` when a change the watcher reports there is the
   * studio's own last save, which the site already has; undefined
   * otherwise. Only a file the studio saved is read for it (a git checkout
   * reports thousands). Once the file holds anything else, its next change
   * is never taken for the save (another editor putting the saved text back
   * after a change of its own must be read).
   */
  ownSave(file: string): string | undefined {
    const saved = this.saved.get(file)
    if (saved === undefined) return undefined
    if (this.hashOnDisk(file) === saved) return saved
    this.saved.delete(file)
    return undefined
  }

  /**
   * Where a page made now could be linked from (forms/link-places.ts): after
   * each item that links to `like`, the page it copies, and at the end of
   * each list of links in the site settings (the header menus, the footer).
   */
  linkPlaces(like: string | undefined): LinkPlace[] {
    return placesIn(this.linkSources(like), readFormModel(this.paths.schemaDir), like)
  }

  /** The site settings, and the pages that mention `like` at all (the others cannot link to it). */
  private linkSources(like: string | undefined): LinkSource[] {
    // Looked for in each page's data as JSON bytes, not by parsing every page again (docs/measurements.md, "Places to link a new page from").
    // A page whose shared block holds the link is found too, and then offers no place of its own.
    const quoted = like === undefined ? undefined : Buffer.from(JSON.stringify(like))
    const pages = quoted === undefined ? [] : this.loaded.pages.filter((p) => Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength).includes(quoted)).map((p) => this.relative(p.path))
    const settings = existsSync(join(this.paths.pagesDir, siteFile)) ? [siteFile] : []
    return [...settings, ...pages].map((file) => ({ file, text: readPlain(this.resolve(file), file).toString('utf8'), settings: file === siteFile }))
  }

  /**
   * `npm run new-page`'s rules: a fresh starter page, or a copy of `like` (a
   * route). With clearWords, the copy keeps the blocks' layout, links and
   * pictures and leaves their words for the author to write (each block as
   * the form's "Clear its words" leaves it). `linkFrom` names places of
   * linkPlaces() to link the new page from in the same step: its card on a
   * hub, its link in a menu. Every file's new text is worked out first, so
   * a refusal writes nothing; a file with unsaved edits (`hasDraft`) is
   * refused rather than changed under them.
   */
  async create(route: string, like: string | undefined, { clearWords = false, linkFrom = [], hasDraft = () => false }: { clearWords?: boolean; linkFrom?: readonly string[]; hasDraft?: (file: string) => boolean } = {}): Promise<{ file: string; problems: Problem[]; linked: string[] }> {
    const existing = new Map([...this.loaded.routes].map(([r, path]) => [r, relative(this.paths.root, path)]))
    let likeSource: string | undefined
    if (like) {
      const likeFile = this.loaded.routes.get(like)
      if (!likeFile) throw new Refused(`There is no page ${like} to copy.`, 400)
      likeSource = readPlain(likeFile, like).toString('utf8')
    }
    const plan = planNewPage(route, existing, readBlockSchemas(this.paths.schemaDir), likeSource)
    if (!plan.ok) throw new Refused(plan.reason, 400)
    const model = readFormModel(this.paths.schemaDir)
    if (clearWords && likeSource !== undefined) plan.yaml = withBlockWordsCleared(plan.yaml, model)
    const path = this.resolve(plan.file)
    if (existsSync(path)) throw new Refused(`${sentenceStart(pageName(plan.file))} already exists; nothing was written.`, 400)
    const newRoute = routeFromFile(plan.file)
    const links = newRoute.kind === 'route' ? linkedTexts(this.linkSources(like), model, like, newRoute.route, linkFrom) : { texts: new Map<string, string>() }
    if ('error' in links) throw new Refused(links.error, 409)
    const edited = [...links.texts.keys()].find(hasDraft)
    if (edited) throw new Refused(`${sentenceStart(pageName(edited))} has edits you have not saved: save or discard them first, then make the page again. Nothing was written.`, 409)
    mkdirSync(dirname(path), { recursive: true })
    writeAuthorFile(path, plan.file, plan.yaml, { exclusive: true })
    this.wrote(plan.file)
    for (const [file, text] of links.texts) {
      writeAuthorFile(this.resolve(file), file, text)
      this.wrote(file)
    }
    await this.reread()
    return { file: plan.file, problems: problemsOf(this.loaded, plan.file), linked: [...links.texts.keys()] }
  }

  /** Put a deleted page back with the text of one of its versions; refused when a file has its name again. */
  async restore(file: string, text: string, others: ReadonlyMap<string, string> = new Map()): Promise<string> {
    const path = this.resolve(file)
    if (existsSync(path)) throw new Refused(`${sentenceStart(pageName(file))} exists again; open it instead, and use its History to go back to that version.`, 409)
    mkdirSync(dirname(path), { recursive: true })
    writeAuthorFile(path, file, text, { exclusive: true })
    this.wrote(file)
    this.writeOthers(others)
    await this.reread()
    return file
  }

  /** Every page's text and the settings' and shared blocks', by path under pages/, as on disk now (for the links to a page). */
  texts(): Map<string, string> {
    const files = listFiles(this.paths.pagesDir)
      .filter((path) => /\.ya?ml$/.test(path))
      .map((path) => this.relative(path))
    return new Map(files.map((file) => [file, readPlain(this.resolve(file), file).toString('utf8')]))
  }

  /** Files' new texts, each whole (a renamed page's links changed to its new address), and the site read again. */
  async rewrite(texts: ReadonlyMap<string, string>): Promise<void> {
    this.writeOthers(texts)
    await this.reread()
  }

  /** Other files' new texts written with a page's delete or restore (the links to it), each whole. */
  private writeOthers(texts: ReadonlyMap<string, string>): void {
    for (const [file, text] of texts) {
      writeAuthorFile(this.resolve(file), file, text)
      this.wrote(file)
    }
  }

  /**
   * Move a page to a new route, its bytes unchanged, with new-page's checks
   * on the new route. Returns the files that gained problems (links to the
   * old route), so the author can fix them.
   */
  async rename(file: string, route: string): Promise<{ file: string; broken: Problem[] }> {
    const from = this.resolve(file)
    const own = routeFromFile(file)
    if (own.kind !== 'route') throw new Refused(`${sentenceStart(pageName(file))} is not a page; it keeps its name.`, 400)
    const existing = new Map([...this.loaded.routes].filter(([r]) => r !== own.route).map(([r, path]) => [r, relative(this.paths.root, path)]))
    const plan = planNewPage(route, existing, new Map())
    if (!plan.ok) throw new Refused(plan.reason, 400)
    const to = this.resolve(plan.file)
    if (existsSync(to)) throw new Refused(`${sentenceStart(pageName(plan.file))} already exists; nothing was moved.`, 400)
    // The page's own problems go with it: under its new name they are not new.
    const before = this.loaded.problems.map((p) => (p.file === `pages/${file}` ? { ...p, file: `pages/${plan.file}` } : p))
    mkdirSync(dirname(to), { recursive: true })
    // link() then unlink(): unlike rename(), it never replaces a file that
    // appeared at the new name meanwhile, and the page is never missing.
    linkSync(from, to)
    unlinkSync(from)
    this.wrote(file, plan.file)
    await this.reread()
    return { file: plan.file, broken: newProblems(before, this.loaded.problems) }
  }

  private wrote(...files: string[]): void {
    for (const file of files) {
      this.changed.add(file)
      this.lastWrite.set(file, ++this.writes)
    }
    this.onWrote(files)
  }

  /** Delete a page (with `others`: other files' new texts, its links taken out); returns the problems that appeared elsewhere (links to it left). */
  async remove(file: string, keep: (text: string) => void = () => {}, others: ReadonlyMap<string, string> = new Map()): Promise<{ broken: Problem[] }> {
    const path = this.resolve(file)
    if (!existsSync(path)) throw new Refused(`${sentenceStart(pageName(file))} does not exist.`, 404)
    if (file === siteFile) throw new Refused(`The header and footer cannot be deleted: every page shows them.`, 400)
    const before = this.loaded.problems.filter((p) => p.file !== `pages/${file}`)
    // Its text is kept first: a deleted page can always be put back as it was.
    keep(readPlain(path, file).toString('utf8'))
    this.writeOthers(others)
    unlinkSync(path)
    this.wrote(file)
    await this.reread()
    return { broken: newProblems(before, this.loaded.problems) }
  }

}

/**
 * A page's text with every block's words emptied (forms/word-edits.ts), and
 * its description: new-page's starter sentence would be reported only once
 * every emptied text is written (the rules across pages wait for a valid
 * page), so it too is left to fill in, like the rest. Its title, made from
 * the address, stays.
 */
function withBlockWordsCleared(text: string, model: FormModel): string {
  const blocks = (parse(text) as { blocks?: unknown[] } | null)?.blocks ?? []
  const edits: DocumentEdit[] = blocks.flatMap((block, i) => {
    const form = model.blocks.find((b) => b.type === (block as { type?: unknown } | null)?.type)
    return form ? clearWordsEdits(form.field, block, ['blocks', i]) : []
  })
  edits.unshift({ op: 'set', path: ['description'], value: '' })
  const outcome = applyEdits(text, edits)
  return 'error' in outcome ? text : outcome.text
}
