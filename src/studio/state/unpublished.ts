import type { PublishStatus } from '../shared/publish-types.ts'

/**
 * What is saved but not live (paths from the project root): what the last
 * publish status says, and every file the studio wrote after that status
 * was read. A page just saved is "not published" at once, not after the
 * status is worked out again (a second or more at 10,000 pages); the next
 * status then says whether it really differs from the live site.
 */
export function unpublishedPaths(status: PublishStatus | undefined, lastWrite: Record<string, number>): ReadonlySet<string> | undefined {
  if (!status) return undefined
  const paths = new Set(status.changes.map((c) => c.path))
  for (const [file, write] of Object.entries(lastWrite)) if (write > (status.seenWrites ?? Infinity)) paths.add(`pages/${file}`)
  return paths
}
