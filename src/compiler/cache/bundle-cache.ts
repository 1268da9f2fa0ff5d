import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { hashOf, hashOfFiles } from './content-hash.ts'
import { cacheKindDir, keepNewest, linkOrCopy } from './cache-file.ts'
import type { ProjectPaths } from '../site/project-paths.ts'

// 3: public/'s files are no longer in a bundle (bundle/public-files.ts).
const format = 3
/** Bundles kept: the project's last few versions of its code, and the copies tests and the bench build. */
const kept = 8

/**
 * The two bundling passes' output (the browser's files and the server
 * bundle the pages are drawn with), kept by a content hash of everything
 * they are made from, so a build after a page's edit does not bundle again:
 * Vite took about a second for the same files each time.
 *
 * The key: src/ (every component, the app, the compiler that configures
 * Vite), schema/ (the block catalogue), public/ only for a build with the
 * catalogue (which lists its pictures: any other build places public/'s
 * files itself, bundle/public-files.ts), index.html, the installed
 * packages (by their lock file), the .env files
 * Vite reads, Node's version, NODE_ENV (see nodeEnv), the site's settings
 * (a module of the bundle) and whether the catalogue is built. Pages are not in the bundle: they
 * travel as data. Nor is the project's folder (two copies bundle to the
 * same bytes), so a copy of the project (a test's, the bench's) with the
 * same code and settings takes the bundle the first one made.
 *
 * Kept under node_modules/.cache/site-bundle/<key>/, right after bundling
 * (before any page is written beside them). A save and a restore link each
 * file (copying took a noticeable part of every build: docs/measurements.md, "The kept bundle"), except
 * the files the build then writes over, which they copy (the home page is
 * index.html, the template), so no write of a build can change what is
 * kept. A folder appears whole with one rename, or not at all.
 */
export class BundleCache {
  private constructor(
    private readonly dir: string,
    readonly key: string,
  ) {}

  /**
   * The NODE_ENV the bundle is made for: Vite makes a production bundle
   * (React's production JSX runtime) only under "production", its default
   * when none is set; under vitest's "test" it makes a development one.
   * Part of the key, and what the bundle is run with (prerender-pool.ts).
   */
  static readonly nodeEnv = (): string => process.env.NODE_ENV || 'production'

  /** The bundle of `code` (codeKey) made with these settings. */
  static open(paths: ProjectPaths, code: string, site: unknown): BundleCache {
    // "<the code's part>-<the settings' part>": keptForCode looks for the first.
    return new BundleCache(bundleCacheDir(paths.root), `${code}-${hashOf(JSON.stringify(site)).slice(0, 32)}`)
  }

  /**
   * Whether a bundle of `code` (codeKey) is kept, whatever settings it was
   * made with: known before the settings are read (they are checked with
   * the pages), and a build whose code did not change usually finds its
   * bundle.
   */
  static keptForCode(paths: ProjectPaths, code: string): boolean {
    try {
      return readdirSync(bundleCacheDir(paths.root)).some((name) => name.startsWith(`${code}-`))
    } catch {
      return false
    }
  }

  /**
   * Everything a bundle's key holds but the site's settings: a hash of every
   * file under src/ and schema/ (and public/ for the catalogue), worked out once a build.
   */
  static codeKey(paths: ProjectPaths, catalogue: boolean): string {
    const { root } = paths
    const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'].map((name) => join(root, name))
    const files = hashOfFiles(root, [join(root, 'src'), paths.schemaDir, ...(catalogue ? [paths.publicDir] : []), join(root, 'index.html'), join(root, 'package-lock.json'), ...envFiles])
    return hashOf([format, process.version, BundleCache.nodeEnv(), files, catalogue].join('\0')).slice(0, 32)
  }

  /**
   * Put a kept bundle into these folders, false if there is none for this
   * key: linked, but for `rewritten`, the client files (paths from the
   * folder, with "/") the build writes after this, which are copied.
   */
  restore(clientDir: string, serverDir: string, rewritten: ReadonlySet<string>): boolean {
    const kept = join(this.dir, this.key)
    if (!existsSync(kept)) return false
    linkTree(join(kept, 'client'), clientDir, rewritten)
    linkTree(join(kept, 'server'), serverDir, new Set())
    return true
  }

  /**
   * Keep what the two passes made, under this key: linked as a restore
   * links, but for `rewritten` (as for restore), which are copied, so the
   * build's writes over them do not reach the kept bundle. Copying every
   * file was a noticeable part of every build with no kept bundle
   * (docs/measurements.md, "The kept bundle").
   */
  save(clientDir: string, serverDir: string, rewritten: ReadonlySet<string>): void {
    const temp = join(this.dir, `.${this.key}-${process.pid}`)
    try {
      mkdirSync(temp, { recursive: true })
      linkTree(clientDir, join(temp, 'client'), rewritten)
      linkTree(serverDir, join(temp, 'server'), new Set())
      // Another build of the same code may have kept the same bundle first: its copy stays.
      if (!existsSync(join(this.dir, this.key))) renameSync(temp, join(this.dir, this.key))
      keepNewest(this.dir, kept)
    } catch {
      // A cache that cannot be written costs the next build a bundling pass, nothing else.
    } finally {
      rmSync(temp, { recursive: true, force: true })
    }
  }
}

/** Every file of `from` into `to`, hard-linked (copied if it is in `copied`, or if a link cannot be made: another file system). */
function linkTree(from: string, to: string, copied: ReadonlySet<string>): void {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    const source = join(entry.parentPath, entry.name)
    const name = relative(from, source)
    const target = join(to, name)
    if (entry.isDirectory()) mkdirSync(target, { recursive: true })
    else if (copied.has(name.split('\\').join('/'))) copyFileSync(source, target)
    else linkOrCopy(source, target)
  }
}

/** Where the kept bundles are: one folder for every copy of the project that shares its node_modules. */
export function bundleCacheDir(root: string): string {
  return cacheKindDir(root, 'site-bundle')
}
