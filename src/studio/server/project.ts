/**
 * The studio's access to one project: every read and write of pages/ goes
 * through here, and nothing leaves pages/ (paths are resolved and their real
 * location, links followed, must stay inside it). The checks are the
 * compiler's own: loadSite for the whole site, checkPageSource for one
 * page's text as it is being typed.
 */
import { createHash } from 'node:crypto'
import { existsSync, linkSync, lstatSync, mkdirSync, realpathSync, unlinkSync } from 'node:fs'
import { entryKind, NotAPlainFile, readPlainFile, writeFileAtomic } from '../../compiler/site/plain-files.ts'
import { listFiles } from '../../compiler/site/project-paths.ts'
import { capProblemsPerFile } from '../../compiler/problems/problems.ts'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { mediaUsage } from './media-usage.ts'
import { anchorsOf, authorMedia, checkAgainstSite, checkPageSource, checkSharedSource, listMedia, loadSite, loadSiteOnCores, loadSiteShell, reloadPage, resolvePage, sameMembers, sharedFile, siteFile, type LoadedSite, type ProjectPaths } from '../../compiler/index.ts'
import { parseYaml } from '../../compiler/yaml/parse-yaml.ts'
import { locatePath } from '../../compiler/yaml/locate.ts'
import { validateDocument } from '../../compiler/schema/validate-page.ts'
import { planNewPage } from '../../compiler/migrate/new-page.ts'
import { readBlockSchemas } from '../../compiler/schema/schema-set.ts'
import { sortProblems, type Problem } from '../../compiler/problems/problems.ts'
import { routeFromFile } from '../../shared/routes.ts'
import type { Site } from '../../generated/schema-types.ts'
import type { CheckResult, FileSummary, MediaFile } from '../shared/api.ts'
import { parse } from 'yaml'
import { applyEdits, type DocumentEdit } from '../../compiler/yaml-edit/index.ts'
import { clearWordsEdits } from '../forms/word-edits.ts'
import type { LinkPlace } from '../forms/link-places.ts'
import type { FormModel } from '../forms/fields.ts'
import { readFormModel } from './form-model.ts'
import { linkedTexts, placesIn, type LinkSource } from './new-page-links.ts'
import { pageName, sentenceStart } from '../shared/author-words.ts'

/** A request the studio refuses (a path outside pages/, a route the CLI would refuse); `status` is the HTTP status. */
export class Refused extends Error {
  constructor(message: string, readonly status = 403) {
    super(message)
  }
}

/** Longer than any path new-page would make (its routes are at most 120 characters); file systems refuse far longer ones with errors that name absolute paths. */
const maxPathLength = 200

export const hashOf = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * How the studio loads the site: through the page cache, which a check, a
 * build or the last studio filled (at 10,000 pages, about 1 s instead of
 * 10), with every page's data read at once, since the studio runs for hours.
 */
const loadOptions = { cache: true, readAllData: true, keepIndex: true }

/** How often, and how far apart, the studio's start tries to read every page. */
const wholeLoadAttempts = 3
const wholeLoadRetryMs = 500

export class StudioProject {
  private loaded!: LoadedSite
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
  private readonly realPages: string

  /** `loaded`: the site as just loaded (else it is loaded here). */
  constructor(readonly paths: ProjectPaths, loaded?: LoadedSite) {
    mkdirSync(paths.pagesDir, { recursive: true })
    this.realPages = realpathSync(paths.pagesDir)
    this.loaded = loaded ?? loadSite(paths, loadOptions)
  }

  /**
   * False while the whole site is being read (after open()): until then the
   * project knows every route, the settings, the shared blocks and public/,
   * and checks a page's text against them alone (see `ready`).
   */
  checked = true
  /** Settled once the whole site is read and checked. */
  ready: Promise<void> = Promise.resolve()
  /** Set by close(): a read under way is not tried again, nor its failure reported. */
  closed = false
  /** Why the first read of every page failed, each of its tries: the pages stay unchecked until the studio starts again. */
  unread: string | undefined
  /** Files saved while every page was being read: read again once it is done, in case the read had them as they were. */
  private readonly savedWhileReading = new Set<string>()
  /** The hash of the text the studio last saved to each file (save()). */
  private readonly saved = new Map<string, string>()
  /** The whole site being read again off this thread (reread()), and the read asked for after it. */
  private rereading: Promise<Error | undefined> | undefined
  private rereadNext: Promise<Error | undefined> | undefined
  /** Files read again in place while a whole read was under way: read again on the site it gives, which may have read them before they changed. */
  private readonly changedWhileRereading = new Set<string>()
  /** Told when a whole read that nobody waits for (after a save of the shared blocks, say) has replaced the site: the lists follow. */
  onReread: () => void = () => {}
  /** Told each write's files (under pages/) as the studio makes it: the team studio keeps who wrote them (team/writers.ts). */
  onWrote: (files: readonly string[]) => void = () => {}

  /**
   * The studio's start: the project at once, with the site's shell
   * (loadSiteShell), so a page opens and previews while every page is read
   * and checked on every core behind it. At 10,000 pages not in the page
   * cache that reading takes about 8 s; the shell about 0.1 s.
   */
  static open(paths: ProjectPaths): StudioProject {
    mkdirSync(paths.pagesDir, { recursive: true })
    const project = new StudioProject(paths, loadSiteShell(paths))
    project.checked = false
    project.ready = project.loadWhole()
    // Said here once; each request that waits for it answers with it, and the pages list says it (pagesAnswer).
    project.ready.catch((error: unknown) => {
      if (project.closed) return
      project.unread = error instanceof Error ? error.message : String(error)
      console.error('Studio: the pages could not be read:', error)
    })
    return project
  }

  /**
   * Read and check every page, on every core. A read that fails (a file
   * vanishing mid-read, a damaged page cache, which is then removed) is
   * tried again, a few times, before the failure is the answer to every
   * request that waits for the whole site.
   */
  private async loadWhole(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Off this thread even for a few pages: it answers the open page's requests meanwhile.
        this.loaded = await loadSiteOnCores(this.paths, { ...loadOptions, offThisThread: true })
        this.checked = true
        // A file that fails to read now (gone again) is the watcher's: it reads what changed once the read is done (server.ts).
        const saved = [...this.savedWhileReading]
        this.savedWhileReading.clear()
        if (saved.length) this.updateSoon(saved)
        return
      } catch (error) {
        // A studio closing (its folder may be going too) reads no more.
        if (this.closed || attempt === wholeLoadAttempts) throw error
        console.warn(`Studio: reading every page failed (${(error as Error).message}); reading them again.`)
        await new Promise((wait) => setTimeout(wait, wholeLoadRetryMs))
        if (this.closed) throw error
      }
    }
  }

  /**
   * The studio is closing: the first read, if it is still under way, ends
   * without another try, and close() returns once it has. Nothing the
   * project started goes on reading after it (a test's folder removed
   * next, another test in the same process).
   */
  async close(): Promise<void> {
    this.closed = true
    await this.ready.catch(() => undefined)
    await this.idle()
  }

  /** Settled once no whole read is under way or asked for: the site has every change the studio knows of. */
  async idle(): Promise<void> {
    while (this.rereading || this.rereadNext) await (this.rereadNext ?? this.rereading)
  }

  /**
   * The site again after files under pages/ changed: only the `changed`
   * files, read here at once, when that is enough (an existing page's text,
   * with public/ holding the same files); else every page, read off this
   * thread (reread). A file that vanishes while it is read (git checkout, a
   * stash, another editor's rename) makes the read fail: the studio keeps
   * what it had, and the answer is the error, for the caller to try again.
   */
  update(changed: Iterable<string>): Promise<Error | undefined> {
    const inPlace = this.updateInPlace(changed)
    return inPlace === false ? this.reread() : Promise.resolve(inPlace === true ? undefined : inPlace)
  }

  /**
   * update(), for a caller that does not wait: a whole read, if one is
   * needed, tells the lists through onReread when it is done.
   */
  private updateSoon(changed: Iterable<string>): void {
    if (this.updateInPlace(changed) !== false) return
    void this.reread().then((failed) => {
      if (failed) console.warn(`Studio: pages/ changed while it was read (${(failed as NodeJS.ErrnoException).code ?? failed.message}); the next change reads it again.`)
      else if (!this.closed) this.onReread()
    })
  }

  /**
   * Whether a change to `file` (under pages/) can change the site: not when
   * it is a dot file that is not YAML, which no page reads (list-pages.ts
   * skips them): the temporary file of every save (writeFileAtomic), an
   * editor's swap file. A dot folder may hold pages: it counts.
   */
  readsChangeOf(file: string): boolean {
    const name = file.slice(file.lastIndexOf('/') + 1)
    if (!name.startsWith('.') || /\.ya?ml$/.test(name)) return true
    return lstatSync(join(this.realPages, file), { throwIfNoEntry: false })?.isDirectory() ?? false
  }

  /** `files` read again on the site as it is, if that is enough (true), else false; the error of a file that vanished mid-read. */
  private updateInPlace(changed: Iterable<string>): boolean | Error {
    const files = new Set(changed)
    try {
      // Pages are checked against the files under public/: one added or removed since the last load (not through the studio) means every page.
      const loaded = sameMembers(listMedia(this.paths.publicDir), this.loaded.media) ? this.reloadPages(files) : undefined
      if (!loaded) return false
      this.loaded = loaded
      if (this.rereading) for (const file of files) this.changedWhileRereading.add(file)
      return true
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }

  /**
   * Read and check every page again, on other threads (loadSiteOnCores):
   * this one goes on answering with the site it has until the new one is
   * whole. At 10,000 pages, about 0.7 s when the page cache has them, and
   * some seconds when every page must be read (a shared block changed):
   * read here, the studio answered nothing meanwhile. One read at a time;
   * asked while one runs, one more follows it (what the running one read
   * may predate the ask), shared by every ask made meanwhile. Settles with
   * the error of a read that failed (the site is then as it was).
   */
  reread(): Promise<Error | undefined> {
    if (!this.rereading) return (this.rereading = this.readWhole().finally(() => (this.rereading = undefined)))
    return (this.rereadNext ??= this.rereading.then(() => {
      this.rereadNext = undefined
      return this.reread()
    }))
  }

  private async readWhole(): Promise<Error | undefined> {
    // The studio's first read, if still under way, is the site's: this one starts after it.
    await this.ready.catch(() => undefined)
    if (this.closed) return undefined
    this.changedWhileRereading.clear()
    try {
      this.loaded = await loadSiteOnCores(this.paths, { ...loadOptions, offThisThread: true })
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
    const changed = [...this.changedWhileRereading]
    this.changedWhileRereading.clear()
    if (changed.length) this.updateSoon(changed)
    return undefined
  }

  /**
   * The site with only these files (under pages/) read again, when each is
   * an existing page's and reading it alone gives what reading every page
   * would (reload-page.ts); undefined when the whole site must be read.
   */
  private reloadPages(files: ReadonlySet<string>): LoadedSite | undefined {
    let loaded: LoadedSite | undefined = this.loaded
    for (const file of files) {
      const of = routeFromFile(file)
      if (!loaded || of.kind !== 'route') return undefined
      // Gone, and the site has no such page: nothing to read (the studio's own delete or rename, heard after its whole read).
      if (!loaded.routes.has(of.route) && !existsSync(join(this.realPages, file))) continue
      loaded = reloadPage(loaded, this.paths, of.route)
    }
    return loaded
  }

  /**
   * The absolute path of a file under pages/ (under its real path), or
   * Refused: no absolute paths, no "..", only .yaml files, and no part of
   * the path a link or anything but a folder or, at the end, a plain file.
   */
  resolve(file: unknown): string {
    if (typeof file !== 'string' || !file) throw new Refused('Say which file under pages/ to use.', 400)
    if (file.includes('\0') || isAbsolute(file) || file.includes('\\')) throw new Refused(`The studio edits files under pages/ only; ${JSON.stringify(file)} is not one.`)
    if (file.length > maxPathLength) throw new Refused(`That file name is ${file.length} characters long; the studio takes names of at most ${maxPathLength}.`, 400)
    const abs = resolve(this.paths.pagesDir, file)
    if (!abs.startsWith(this.paths.pagesDir + sep)) throw new Refused(`${file} is outside pages/; the studio reads and writes only inside pages/.`)
    if (!/\.ya?ml$/.test(abs)) throw new Refused(`${file} is not a YAML file; the studio edits only pages/**/*.yaml.`)
    // Every part of the path is looked at without following it: a link
    // (even a dangling one, which a write would create a file through) or a
    // FIFO is refused before anything is read or written.
    const parts = relative(this.paths.pagesDir, abs).split(sep)
    let at = this.realPages
    for (const [i, part] of parts.entries()) {
      at = join(at, part)
      const stats = lstatSync(at, { throwIfNoEntry: false })
      if (!stats) break
      const shown = `pages/${parts.slice(0, i + 1).join('/')}`
      if (stats.isSymbolicLink()) throw new Refused(`${shown} is a link; the studio reads and writes only plain files and folders, never through a link.`)
      if (i < parts.length - 1 ? !stats.isDirectory() : !stats.isFile()) throw new Refused(`${shown} is ${entryKind(stats)}; the studio reads and writes only plain files.`)
    }
    return join(this.realPages, ...parts)
  }

  list(): FileSummary[] {
    const counts = new Map<string, number>()
    for (const p of this.loaded.problems) counts.set(p.file, (counts.get(p.file) ?? 0) + 1)
    // From what the check kept: p.page would parse every page's data (and, from the page cache, read it all from disk) for its title.
    const titles = new Map(this.loaded.pages.map((p) => [p.route, p.title]))
    const files: { file: string; route?: string }[] = [siteFile, sharedFile].filter((f) => existsSync(join(this.paths.pagesDir, f))).map((file) => ({ file }))
    const pages = [...this.loaded.routes].map(([route, path]) => ({ file: this.relative(path), route }))
    for (const problem of this.loaded.problems) {
      const file = problem.file.replace(/^pages\//, '')
      if (!files.some((f) => f.file === file) && !pages.some((p) => p.file === file)) files.push({ file })
    }
    return [...files, ...pages.sort((a, b) => a.route.localeCompare(b.route))].map((f) => {
      // While the whole site is read, a page's title comes when it is checked: reading every file here would hold the first answer back.
      const title = f.route ? (titles.get(f.route) ?? (this.checked ? this.titleFromText(f.file) : undefined)) : settingsTitles.get(f.file)
      return { ...f, ...(title ? { title } : {}), problems: counts.get(`pages/${f.file}`) ?? 0 }
    })
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
    // this thread, after the answer (a shared block changed: every page read
    // again, about 5 s at 10,000 pages, held the studio whole when done
    // here). While every page is still being read (the studio's start), the
    // save is not held up for it (at 10,000 unread pages, about 8 s): the
    // page is checked against the site's shell, as while typing, and read
    // with the whole site once the read ends (loadWhole).
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
    // Looked for in each page's data as JSON bytes: parsing and printing every page again (JSON.stringify of its blocks) took 0.27 s at 10,000 pages.
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
    return { file: plan.file, problems: this.problemsOf(plan.file), linked: [...links.texts.keys()] }
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

  /**
   * Check a file's text as typed, not yet saved: a page against every
   * route, medium, anchor and shared block the site has now; the site
   * settings against their schema; pages/_shared.yaml's blocks as the build
   * checks them (the pages that use them, with the site when saved).
   */
  check(file: string, text: string): CheckResult {
    this.resolve(file)
    const display = `pages/${file}`
    const bytes = new TextEncoder().encode(text)
    const read = parseYaml(display, bytes)
    const site = this.loaded.site
    if (!read.ok) return { problems: read.problems, blockLines: [], ...(site ? { site } : {}) }
    const schemas = this.loaded.schemas
    const of = routeFromFile(file)
    if (!schemas) return { problems: this.problemsOf(file), blockLines: [] }
    if (file === siteFile) {
      const problems = validateDocument(read.parsed, read.value, schemas)
      return { problems, blockLines: [], ...(problems.length ? {} : { site: read.value as Site }) }
    }
    if (file === sharedFile) return { problems: sortProblems(checkSharedSource(display, bytes, schemas, this.loaded.media)), blockLines: [] }
    if (of.kind !== 'route') return { problems: [], blockLines: [] }
    // Links to this page's own parts ("/route#id") are checked against the
    // ids as typed: a map of its own for this check, beside the saved ids of
    // every other page, which stay as they are.
    const saved = schemas.targets.anchors
    const anchors = saved && new Map(saved).set(of.route, anchorsOf(read.value, Object.fromEntries(this.loaded.sharedBlocks)))
    const result = checkPageSource(display, bytes, schemas, { fragments: this.loaded.sharedBlocks, media: this.loaded.media, ...(anchors ? { anchors } : {}) })
    const blocks = (read.value as { blocks?: unknown })?.blocks
    const blockLines = Array.isArray(blocks) ? blocks.map((_, i) => locatePath(read.parsed, ['blocks', i]).line) : []
    // The rules across pages (starter text, words copied from another page, a
    // back link to the wrong hub) need a page valid on its own. Their
    // problems are listed, but the preview still shows the page: it renders.
    const across = result.page ? checkAgainstSite(this.loaded, of.route, read.parsed, result.page) : []
    const page = result.page && resolvePage(result.page, this.loaded.sharedBlocks, this.loaded.media) ? result.page : undefined
    return { problems: capProblemsPerFile(sortProblems([...result.problems, ...across])), blockLines, ...(page ? { page } : {}), ...(site ? { site } : {}) }
  }

  /** Every route, and the ids each route's blocks define (links may go to /route#id), with each valid page's title to show beside its route. */
  targets(): { routes: string[]; anchors: Record<string, string[]>; titles: Record<string, string> } {
    const anchors = this.loaded.schemas?.targets.anchors ?? new Map<string, Set<string>>()
    return {
      routes: [...this.loaded.routes.keys()].sort(),
      anchors: Object.fromEntries([...anchors].map(([route, ids]) => [route, [...ids].sort()])),
      titles: Object.fromEntries(this.loaded.pages.map(({ route, title }) => [route, title])),
    }
  }

  /** Pictures and videos under public/, without the smaller copies made beside them, with where the pages use them and how they describe them. */
  mediaList(): MediaFile[] {
    const usage = mediaUsage(this.loaded.pages)
    return authorMedia(this.loaded.media).map(({ path, kind }) => {
      const used = usage.get(path)
      return { path, kind: kind === 'video' ? 'video' : 'image', ...(used ? { described: [...used.alts], usedOn: [...used.routes] } : {}) }
    })
  }

  private problemsOf(file: string): Problem[] {
    return sortProblems(this.loaded.problems.filter((p) => p.file === `pages/${file}`))
  }

  private relative(path: string): string {
    // A page's path is pages/'s own followed by its file (list-pages.ts joins them so): cut, not
    // worked out. The list of pages, sent whenever pages change, makes one for each page: at
    // 10,000 pages path.relative took 7-29 ms of it, the cut under 2 ms.
    const prefix = this.paths.pagesDir + sep
    if (path.startsWith(prefix) && !path.includes(`${sep}..${sep}`)) return path.slice(prefix.length).replace(/\\/g, '/')
    return relative(this.paths.pagesDir, path).replace(/\\/g, '/')
  }

  private titleFromText(file: string): string | undefined {
    try {
      return /^title:\s*(.+)$/m.exec(readPlainFile(join(this.realPages, file)).toString('utf8'))?.[1]?.replace(/^["']|["']$/g, '')
    } catch {
      return undefined
    }
  }
}

/** What the two files that are not pages hold, in the list's words (their names mean nothing to an author). */
const settingsTitles = new Map([
  [siteFile, 'Site settings: header menus and footer'],
  [sharedFile, 'Blocks shared by several pages'],
])

function newProblems(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const key = (p: Problem) => `${p.file}:${p.line}:${p.column}:${p.code}`
  const had = new Set(before.map(key))
  return sortProblems(after.filter((p) => !had.has(key(p))))
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

function readPlain(path: string, file: string): Buffer {
  try {
    return readPlainFile(path)
  } catch (error) {
    if (error instanceof NotAPlainFile) throw new Refused(`${sentenceStart(pageName(file))} is ${error.kind}; the studio reads and writes only plain files.`)
    throw error
  }
}

/** writeFileAtomic, with its failures said in words and without the absolute path: the old file is still whole. */
function writeAuthorFile(path: string, file: string, text: string, options: { exclusive?: boolean } = {}): void {
  try {
    writeFileAtomic(path, text, options)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (error instanceof NotAPlainFile) throw new Refused(`${sentenceStart(pageName(file))} is ${error.kind}; the studio writes only plain files.`)
    if (code === 'EEXIST') throw new Refused(`${sentenceStart(pageName(file))} already exists; nothing was written.`, 409)
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new Refused(`The disk is full: ${pageName(file)} was not written and is as it was. Free some space and save again.`, 507)
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new Refused(`The studio may not write ${pageName(file)} here (its folder is closed to it): it is as it was. Ask a developer to open it.`, 403)
    throw new Refused(`${sentenceStart(pageName(file))} could not be written (${code ?? 'unknown error'}); it is as it was.`, 500)
  }
}
