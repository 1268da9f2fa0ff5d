/**
 * Who else is here: in the team studio, each open studio tab says which
 * page it has open (on opening one, and every beat while it stays), and
 * every tab is told who has which page open. A tab that stops saying so
 * (closed, asleep, its network gone) is forgotten after `forgetMs`. Kept in
 * memory only: after a restart each tab says so again within a beat.
 */
import type { Author } from '../shared/publish-types.ts'
import { presenceBeatMs as beatMs, type HereNow } from '../shared/presence-types.ts'

/** How long after a tab's last word it is forgotten: two beats missed, and a little more. */
const forgetMs = 2 * beatMs + 10_000

interface Seen {
  person: Author
  file: string | undefined
  at: number
}

export class Presence {
  private readonly tabs = new Map<string, Seen>()
  private readonly timer: NodeJS.Timeout
  private last = '[]'

  constructor(
    /** Told the list whenever it changes. */
    private readonly tell: (here: HereNow[]) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.changed(), beatMs)
    this.timer.unref()
  }

  /** Tab `tab` of `person` has `file` open (none: no page, or leaving). */
  mark(tab: string, person: Author, file: string | undefined): HereNow[] {
    if (file === undefined && !this.tabs.has(tab)) return this.list()
    this.tabs.set(tab, { person, file, at: this.now() })
    this.changed()
    return this.list()
  }

  /** Each person with a page open, once per page, by name. */
  list(): HereNow[] {
    const oldest = this.now() - forgetMs
    for (const [tab, seen] of this.tabs) if (seen.at < oldest) this.tabs.delete(tab)
    const here = new Map<string, HereNow>()
    for (const { person, file } of this.tabs.values()) if (file) here.set(`${person.email.toLowerCase()}\n${file}`, { name: person.name, email: person.email, file })
    return [...here.values()].sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name))
  }

  close(): void {
    clearInterval(this.timer)
  }

  /** Tells the list when it differs from the one told last (a tab forgotten, a page opened or closed). */
  private changed(): void {
    const here = this.list()
    const text = JSON.stringify(here)
    if (text === this.last) return
    this.last = text
    this.tell(here)
  }
}
