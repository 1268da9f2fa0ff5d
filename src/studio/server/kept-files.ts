import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../compiler/site/plain-files.ts'

/**
 * What the studio keeps of a page outside pages/ (its unsaved draft, the
 * text it had when deleted): one JSON file a page in a folder of the
 * project's .studio/, named by the page's path, slashes and all, encoded
 * into one file name. Never under pages/: what is kept is not a page and
 * must never be built or published. .studio/ ignores itself for git (its
 * own .gitignore), so no status, commit or publish sees it. Words not yet
 * saved are the author's alone: the folders are 0700 and the files 0600,
 * unreadable by other users of the machine.
 */
export class KeptFiles<T> {
  readonly dir: string

  constructor(
    private readonly projectRoot: string,
    folder: string,
    /** Whether a file read back is whole: one that is not is treated as absent. */
    private readonly isWhole: (value: unknown) => value is T,
  ) {
    this.dir = join(projectRoot, '.studio', folder)
  }

  get(file: string): T | undefined {
    const path = this.pathOf(file)
    if (!existsSync(path)) return undefined
    try {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
      return this.isWhole(value) ? value : undefined
    } catch {
      // A file that cannot be read keeps nothing: what it was kept for is still whole elsewhere.
      return undefined
    }
  }

  put(file: string, value: T): void {
    studioFolder(this.projectRoot)
    if (!existsSync(this.dir)) mkdirSync(this.dir, { mode: 0o700 })
    // A folder made by an older studio (0755) is closed too; mkdir's mode is also cut by the umask.
    chmodSync(this.dir, 0o700)
    writeFileAtomic(this.pathOf(file), JSON.stringify(value), { mode: 0o600 })
  }

  drop(file: string): void {
    const path = this.pathOf(file)
    if (existsSync(path)) unlinkSync(path)
  }

  /** The pages (paths under pages/) something is kept for, sorted. */
  files(): string[] {
    if (!existsSync(this.dir)) return []
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => decodeURIComponent(name.slice(0, -'.json'.length)))
      .sort()
  }

  private pathOf(file: string): string {
    return join(this.dir, `${encodeURIComponent(file)}.json`)
  }
}

/** The project's .studio/ (made if missing, closed to other users, ignored by git), for the studio's own files. */
export function studioFolder(projectRoot: string): string {
  const studio = join(projectRoot, '.studio')
  if (!existsSync(studio)) {
    mkdirSync(studio, { recursive: true, mode: 0o700 })
    writeFileSync(join(studio, '.gitignore'), "# The studio's own files (drafts, deleted pages' texts, the team's accounts; src/studio/server/kept-files.ts): never committed.\n*\n")
  }
  chmodSync(studio, 0o700)
  return studio
}
