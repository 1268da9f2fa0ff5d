import { problem, type Problem } from './errors.ts'

/** Problems are made only from the catalogue (errors.ts), which defines them; printed here. */
export type { Problem }

const hintLabel = '    hint: '

/**
 * One problem as the commands print it: where, what, and its code last (as
 * ESLint prints a rule's name), the heading of its section in
 * docs/problems.md, so it can be searched for.
 */
export function formatProblem(p: Problem): string {
  const head = `${p.file}:${p.line}:${p.column}  ${p.message}  [${p.code}]`
  // A hint may end in lines of YAML to write; they stay under the hint's
  // text, keeping their own indentation, instead of falling back to column 1.
  return p.hint ? `${head}\n${hintLabel}${p.hint.replaceAll('\n', `\n${' '.repeat(hintLabel.length)}`)}` : head
}

export function formatProblems(problems: readonly Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size
  const noun = problems.length === 1 ? 'problem' : 'problems'
  const summary = `${problems.length} ${noun} in ${files} ${files === 1 ? 'file' : 'files'}`
  return `${sortProblems(problems).map(formatProblem).join('\n\n')}\n\n${summary}`
}

/** A file with more problems than this lists these and counts the rest: thousands of lines help nobody, and cost the studio time on every keystroke. */
export const maxProblemsPerFile = 50

/**
 * At most maxProblemsPerFile problems for each file, in order, then one
 * "…and N more" counting the rest (and any count an earlier stage already
 * made: parsing and validation stop early on hostile files).
 */
export function capProblemsPerFile(problems: readonly Problem[]): Problem[] {
  const byFile = new Map<string, Problem[]>()
  for (const p of problems) {
    const own = byFile.get(p.file)
    if (own) own.push(p)
    else byFile.set(p.file, [p])
  }
  return [...byFile.values()].flatMap((own) => {
    const counted = own.filter((p) => p.code === 'TooManyProblems')
    const listed = own.filter((p) => p.code !== 'TooManyProblems')
    if (listed.length <= maxProblemsPerFile && !counted.length) return own
    const kept = listed.length <= maxProblemsPerFile ? listed : sortProblems(listed).slice(0, maxProblemsPerFile)
    const more = listed.length - kept.length + counted.reduce((sum, p) => sum + Number(p.args?.count ?? 0), 0)
    const atLeast = counted.some((p) => p.args?.atLeast === true)
    const last = kept.at(-1) ?? counted[0]!
    return [...kept, problem('TooManyProblems', { count: more, ...(atLeast ? { atLeast } : {}) }, { file: last.file, line: last.line, column: last.column })]
  })
}

export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  )
}

/** A few lines of source around a location, with a caret under the column. */
export function codeFrame(source: string, line: number, column: number, context = 2): string {
  const lines = source.split(/\r?\n/)
  const first = Math.max(1, line - context)
  const last = Math.min(lines.length, line + context)
  const width = String(last).length
  const out: string[] = []
  // The marker sits after the number: overlays trim the frame's leading space.
  for (let n = first; n <= last; n++) {
    out.push(`${String(n).padStart(width)} ${n === line ? '>' : '|'} ${lines[n - 1] ?? ''}`)
    if (n === line) out.push(`${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}

/** Thrown by the build when any page has problems; carries all of them. */
export class PageProblemsError extends Error {
  constructor(readonly problems: Problem[]) {
    super(formatProblems(problems))
    this.name = 'PageProblemsError'
  }
}
