/** Publishing and history as text for a terminal: what `npm run publish` and `npm run history` print. */
import { formatProblems } from '../../../compiler/problems/problems.ts'
import type { ConflictPage, DiffLine, FileChange, PublishOutcome, PublishStep, Version } from '../../shared/publish-types.ts'

export const stepWords: Record<PublishStep, string> = {
  checking: 'Checking every page…',
  fetching: 'Fetching the remote…',
  committing: 'Committing the changed pages and media…',
  merging: "Taking the remote's changes…",
  building: 'Building the site as it will be published…',
  pushing: 'Pushing…',
}

/** Words under a label, their later lines lined up with the first. */
function labelled(label: string, text: string, by: string): string {
  return text.split('\n').map((line, i) => `${by}  ${i ? ' '.repeat(label.length) : label}${line}`).join('\n')
}

export function formatDiffLine(line: DiffLine, by = '    '): string {
  const parts = [`${by}${line.kind} ${line.label}`]
  if (line.before !== undefined) parts.push(labelled('was: ', line.before, by))
  if (line.after !== undefined) parts.push(labelled('now: ', line.after, by))
  return parts.join('\n')
}

export function formatChange(change: FileChange): string {
  const head = `${change.status.padEnd(9)}${change.path}${change.route ? `  (${change.route})` : ''}${change.bytes !== undefined ? `  (${sizeWords(change.bytes)})` : ''}`
  return [head, ...(change.lines ?? []).map((line) => formatDiffLine(line))].join('\n')
}

export function formatConflict(page: ConflictPage): string {
  const side = (who: string, text: string | null, lines: DiffLine[]) =>
    text === null ? `  ${who}: deleted the page` : [`  ${who}:`, ...lines.map((line) => formatDiffLine(line, '    '))].join('\n')
  return [`${page.path}${page.route ? `  (${page.route})` : ''} changed here and on the remote`, side('Yours', page.mine, page.mineChanges), side('Theirs', page.theirs, page.theirsChanges)].join('\n')
}

export function formatOutcome(outcome: PublishOutcome): string {
  switch (outcome.kind) {
    case 'published':
      return `${outcome.message} (commit ${outcome.commit.slice(0, 7)}, ${(outcome.ms / 1000).toFixed(1)} s)${outcome.others.length ? `\nLeft alone: ${outcome.others.join(', ')}` : ''}${outcome.remoteSaid ? `\nThe remote said:\n${outcome.remoteSaid.map((line) => `  ${line}`).join('\n')}` : ''}`
    case 'refused':
      return outcome.reason
    case 'problems':
      return `${formatProblems(outcome.problems)}\n\nNothing was committed: fix these, then publish again.`
    case 'conflict':
      return [
        ...outcome.pages.map(formatConflict),
        `Nothing was changed. Choose which version to keep of each page: publish again with ${outcome.pages.map((p) => `--mine ${p.path}`).join(' ')} (or --theirs), or choose in the studio.`,
      ].join('\n\n')
  }
}

/** One version a line: "abc1234  2026-11-25 14:03  Ada Author  About: a warmer greeting". */
export function formatVersion(version: Version): string {
  return `${version.short}  ${version.date.slice(0, 10)} ${version.date.slice(11, 16)}  ${version.author}  ${version.message}`
}

function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
