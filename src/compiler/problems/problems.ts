import type { Problem } from './errors.ts'

/** Problems are made only from the catalogue (errors.ts), which defines them; printed here. */
export type { Problem }

const hintLabel = '    hint: '

export function formatProblem(p: Problem): string {
  const head = `${p.file}:${p.line}:${p.column}  ${p.message}`
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
