/**
 * Who wrote each file the team has saved and not yet published, so that a
 * publish names them: the commit's author is whoever saved most of what it
 * publishes, everyone else who saved part of it is a Co-authored-by line,
 * and the editor who published is its committer. Kept in the project's
 * .studio/ so a restart forgets no one.
 *
 * The request's person reaches the project's write (project.ts's `wrote`)
 * through AsyncLocalStorage: two people's saves running at once are each
 * their own, with no person passed through every call between.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../compiler/site/plain-files.ts'
import { studioFolder } from '../server/kept-files.ts'
import type { Author } from '../shared/publish-types.ts'

/** The person whose request is running, in the team studio. */
export const requestPerson = new AsyncLocalStorage<Author>()

export class Writers {
  private readonly file: string
  private readonly byPath: Record<string, Author>

  constructor(projectRoot: string) {
    this.file = join(studioFolder(projectRoot), 'writers.json')
    this.byPath = existsSync(this.file) ? readKept(this.file) : {}
  }

  /** `paths` (from the project's root) were just written by the person of the running request, if there is one. */
  wrote(paths: readonly string[]): void {
    const person = requestPerson.getStore()
    if (!person || !paths.length) return
    for (const path of paths) this.byPath[path] = { name: person.name, email: person.email }
    this.keep()
  }

  /** The people who wrote `paths`, most files first (then by name); a path nobody here wrote is nobody's. */
  of(paths: readonly string[]): Author[] {
    const counts = new Map<string, { person: Author; files: number }>()
    for (const path of paths) {
      const person = this.byPath[path]
      if (!person) continue
      const key = person.email.toLowerCase()
      const seen = counts.get(key) ?? { person, files: 0 }
      seen.files++
      counts.set(key, seen)
    }
    return [...counts.values()].sort((a, b) => b.files - a.files || a.person.name.localeCompare(b.person.name)).map((c) => c.person)
  }

  /** `paths` are live now: they are nobody's until written again. */
  published(paths: readonly string[]): void {
    for (const path of paths) delete this.byPath[path]
    this.keep()
  }

  private keep(): void {
    writeFileAtomic(this.file, JSON.stringify(this.byPath), { mode: 0o600 })
  }
}

function readKept(file: string): Record<string, Author> {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    // Only whole entries: a file cut short by a crash (never, as it is renamed into place) or edited by hand keeps what it can.
    return Object.fromEntries(Object.entries(value).filter(([, a]) => typeof a?.name === 'string' && typeof a?.email === 'string'))
  } catch {
    return {}
  }
}
