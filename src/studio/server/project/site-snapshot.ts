/**
 * The site as the studio knows it, kept current: loaded once, then each
 * change under pages/ read again in place when that is enough, else the
 * whole site read again off this thread while the old one goes on
 * answering. StudioProject (project.ts) builds its file operations on it.
 */
import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { listMedia, loadSite, loadSiteOnCores, reloadPage, sameMembers, type LoadedSite, type ProjectPaths } from '../../../compiler/index.ts'
import { readPlainFile } from '../../../compiler/site/plain-files.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import { OneAfterAnother } from './one-after-another.ts'

/**
 * How the studio loads the site: through the page cache, which a check, a
 * build or the last studio filled, with every page's data read at once,
 * since the studio runs for hours (docs/measurements.md has the figures).
 */
const loadOptions = { cache: true, readAllData: true, keepIndex: true }

/** How often, and how far apart, the studio's start tries to read every page. */
const wholeLoadAttempts = 3
const wholeLoadRetryMs = 500

export class SiteSnapshot {
  protected loaded: LoadedSite
  protected readonly realPages: string

  /**
   * False while the whole site is being read (after startWholeRead()):
   * until then the project knows every route, the settings, the shared
   * blocks and public/, and checks a page's text against them alone.
   */
  checked = true
  /** Settled once the whole site is read and checked. */
  ready: Promise<void> = Promise.resolve()
  /** Set by close(): a read under way is not tried again, nor its failure reported. */
  closed = false
  /** Why the first read of every page failed, each of its tries: the pages stay unchecked until the studio starts again. */
  unread: string | undefined
  /** Told when a whole read that nobody waits for (after a save of the shared blocks, say) has replaced the site: the lists follow. */
  onReread: () => void = () => {}

  /** Files saved while every page was being read: read again once it is done, in case the read had them as they were. */
  protected readonly savedWhileReading = new Set<string>()
  /** Files read again in place while a whole read was under way: read again on the site it gives, which may have read them before they changed. */
  private readonly changedWhileRereading = new Set<string>()
  /** The whole site read again off this thread: one read at a time, and one more asked for after it. */
  private readonly wholeReads = new OneAfterAnother(() => this.readWhole())

  /** `loaded`: the site as just loaded (else it is loaded here). */
  constructor(readonly paths: ProjectPaths, loaded?: LoadedSite) {
    mkdirSync(paths.pagesDir, { recursive: true })
    this.realPages = realpathSync(paths.pagesDir)
    this.loaded = loaded ?? loadSite(paths, loadOptions)
  }

  /**
   * Read and check every page on every core, behind a site loaded as its
   * shell (loadSiteShell): a page opens and previews meanwhile. A read that
   * fails (a file vanishing mid-read, a damaged page cache, which is then
   * removed) is tried again, a few times, before its failure is the answer
   * to every request that waits for the whole site.
   */
  protected startWholeRead(): void {
    this.checked = false
    this.ready = this.loadWhole()
    // Said here once; each request that waits for it answers with it, and the pages list says it.
    this.ready.catch((error: unknown) => {
      if (this.closed) return
      this.unread = error instanceof Error ? error.message : String(error)
      console.error('Studio: the pages could not be read:', error)
    })
  }

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
  idle(): Promise<void> {
    return this.wholeReads.idle()
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

  /** update(), for a caller that does not wait: a whole read, if one is needed, tells the lists through onReread when it is done. */
  protected updateSoon(changed: Iterable<string>): void {
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
      if (this.wholeReads.busy) for (const file of files) this.changedWhileRereading.add(file)
      return true
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }

  /**
   * Read and check every page again, on other threads (loadSiteOnCores):
   * this one goes on answering with the site it has until the new one is
   * whole (read here, the studio would answer nothing meanwhile). Settles
   * with the error of a read that failed (the site is then as it was).
   */
  reread(): Promise<Error | undefined> {
    return this.wholeReads.run()
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

  /** A path under pages/ as the studio names it ("b2b/smes.yaml"). */
  protected relative(path: string): string {
    // A page's path is pages/'s own followed by its file (list-pages.ts joins them so): cut, not
    // worked out, since the pages list makes one for every page each time pages change
    // (docs/measurements.md, "The studio's pages list").
    const prefix = this.paths.pagesDir + sep
    if (path.startsWith(prefix) && !path.includes(`${sep}..${sep}`)) return path.slice(prefix.length).replace(/\\/g, '/')
    return relative(this.paths.pagesDir, path).replace(/\\/g, '/')
  }

  /** A page's title read from its text, while the whole site is not yet checked. */
  protected titleFromText(file: string): string | undefined {
    try {
      return /^title:\s*(.+)$/m.exec(readPlainFile(join(this.realPages, file)).toString('utf8'))?.[1]?.replace(/^["']|["']$/g, '')
    } catch {
      return undefined
    }
  }
}
