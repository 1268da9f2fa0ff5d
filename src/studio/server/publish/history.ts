/** Each page's published versions, the pages deleted on the way, and any version's exact text. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { logFiles, showFile, type LogEntry } from '../git/log.ts'
import { revParse } from '../git/refs.ts'
import { pageDiff } from './page-diff.ts'
import { routeFromFile } from '../../../shared/routes.ts'
import type { DeletedPage, Version } from '../../shared/publish-types.ts'

/** Versions of pages/<file>, newest first, following renames; the commit that deleted it is not a version (it has no text to open). */
export async function pageHistory(root: string, file: string): Promise<Version[]> {
  if (!/\.ya?ml$/.test(file) || file.startsWith('/') || file.split('/').includes('..')) throw new Error(`${JSON.stringify(file)} is not a page file under pages/.`)
  const path = `pages/${file}`
  const entries = await logFiles(root, path, { follow: true })
  return entries.flatMap((entry) => {
    const own = entry.files.find((f) => f.status !== 'deleted')
    return own ? [versionOf(entry, own.path)] : []
  })
}

/** How many of a page's versions History describes change by change (each is two texts read and compared). */
const describedVersions = 30

/** The page's versions as pageHistory gives them, the newest `describedVersions` each with what it changed on the page, in page terms. */
export async function describedPageHistory(root: string, file: string): Promise<Version[]> {
  const versions = await pageHistory(root, file)
  const texts = await Promise.all(versions.slice(0, describedVersions + 1).map((v) => showFile(root, v.commit, v.path)))
  return versions.map((version, i) => (i < describedVersions ? { ...version, lines: pageDiff(version.path, texts[i + 1] ?? null, texts[i]!) } : version))
}

/** Pages deleted in HEAD's history that are not in pages/ now, most recently deleted first. */
export async function deletedPages(root: string): Promise<DeletedPage[]> {
  const seen = new Set<string>()
  const deleted: DeletedPage[] = []
  for (const entry of await logFiles(root, 'pages', { filter: 'D' })) {
    for (const { path, status } of entry.files) {
      if (status !== 'deleted' || seen.has(path) || !/\.ya?ml$/.test(path)) continue
      seen.add(path)
      if (existsSync(join(root, path))) continue
      const lastVersion = await revParse(root, `${entry.commit}^`)
      if (!lastVersion) continue
      const route = routeOf(path)
      deleted.push({ path, ...(route ? { route } : {}), deletedIn: versionOf(entry, path), lastVersion })
    }
  }
  return deleted
}

/** The exact text of `path` (from the project root: 'pages/about-us.yaml') at `commit`. */
export function fileAt(root: string, commit: string, path: string): Promise<string> {
  return showFile(root, commit, path)
}

/** The route a path under pages/ makes, if it makes one. */
export function routeOf(path: string): string | undefined {
  if (!path.startsWith('pages/')) return undefined
  const of = routeFromFile(path.slice('pages/'.length))
  return of.kind === 'route' ? of.route : undefined
}

function versionOf(entry: LogEntry, path: string): Version {
  const { commit, short, author, email, date, message } = entry
  return { commit, short, author, email, date, message, path }
}

/**
 * The file behind `route` (pages/x.yaml or pages/x/index.yaml, .yml too)
 * and its versions, whether the page exists now or was deleted; undefined
 * when no page has ever had that route.
 */
export async function routeHistory(root: string, route: string): Promise<{ file: string; versions: Version[] } | undefined> {
  const stem = route === '/' ? 'index' : route.replace(/^\/+|\/+$/g, '')
  const candidates = [`${stem}.yaml`, `${stem}.yml`, ...(route === '/' ? [] : [`${stem}/index.yaml`, `${stem}/index.yml`])]
  const file = candidates.find((c) => existsSync(join(root, 'pages', c))) ?? (await deletedPages(root)).find((d) => d.route === route)?.path.slice('pages/'.length)
  if (!file) return undefined
  const versions = await pageHistory(root, file)
  return versions.length ? { file, versions } : undefined
}
