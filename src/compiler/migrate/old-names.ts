import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { listFiles } from '../site/project-paths.ts'
import { withinScope, type MigrationStep } from './migrate-steps.ts'

/** A line of code, a test or a guide that names a field a migration took away. */
export interface OldName {
  file: string
  line: number
  text: string
  type: string
  field: string
  /** The block type is named on the line or just above it (and no other type nearer): most likely the block's field. */
  near: boolean
}

/** How far above a line its block's type is looked for: a block's fields, or a few lines of a test. */
const nearLines = 8

/** Where code and words about blocks live; src/generated is rewritten by npm run gen. */
const searched = ['src', 'scripts', 'tests', 'docs', 'README.md']
const skipped = ['src/generated/', 'tests/fixtures/migrate/']

/**
 * Every line under src/, scripts/, tests/ and docs/ that names a field the
 * given steps renamed or moved away, in files that mention the block type:
 * as a YAML field ("title:"), a property (".title") or a quoted name
 * ("'title'"). The type check finds typed reads of the old field; this finds
 * the rest, such as YAML held in a test as text, where a stale
 * `.replace('title: Hello', ...)` silently matches nothing.
 */
export function findOldNames(root: string, changes: readonly { type: string; steps: readonly MigrationStep[] }[]): OldName[] {
  // A rename leaves its group: the old name is the field's own. A move takes
  // the field out of its group, and the group's name is what code reads.
  const names = new Map<string, { type: string; field: string }>()
  for (const { type, steps } of changes) {
    for (const s of steps) {
      if (s.op === 'default') continue
      const field = s.op === 'rename' ? s.from[s.from.length - 1]! : withinScope(s.from)[0]!
      names.set(`${type}\0${field}`, { type, field })
    }
  }
  const wanted = [...names.values()].map((n) => ({ ...n, pattern: namePattern(n.field), typePattern: namePattern(n.type, true), heldAsText: indentedField(n.field) }))
  if (!wanted.length) return []
  const found: OldName[] = []
  const files = searched.flatMap((name) => {
    const path = join(root, name)
    if (!existsSync(path)) return []
    return name.includes('.') ? [path] : listFiles(path)
  })
  for (const path of files) {
    const file = relative(root, path).replace(/\\/g, '/')
    if (skipped.some((s) => file.startsWith(s)) || !/\.(tsx?|md|ya?ml|json)$/.test(file)) continue
    const text = readFileSync(path, 'utf8')
    const lines = text.split('\n')
    for (const { type, field, pattern, typePattern, heldAsText } of wanted) {
      // A file that never names the block type may still edit a fixture of it
      // as text (".replace('    title: Hello', ...)"): an indented field in a string.
      const mentioned = typePattern.test(text)
      lines.forEach((line, i) => {
        if (mentioned ? pattern.test(line) : heldAsText.test(line)) {
          found.push({ file, line: i + 1, text: line.trim().slice(0, 100), type, field, near: mentioned && typeNamedAbove(lines, i, type, typePattern) })
        }
      })
    }
  }
  const seen = new Set<string>()
  return found
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    .filter((f) => !seen.has(`${f.file}:${f.line}`) && Boolean(seen.add(`${f.file}:${f.line}`)))
}

function namePattern(name: string, anywhere = false): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  if (anywhere) return new RegExp(`(^|[^\\w-])${escaped}([^\\w-]|$)`)
  // "title:" as a YAML field or a typed property, ".title" (not a CSS
  // module's styles.title), or "title" quoted as a name.
  return new RegExp(`\\b${escaped}\\??:|(?<!styles)\\.${escaped}\\b|['"\`]${escaped}['"\`]`)
}

/**
 * Whether `type` is named on line `i` or within a few lines above it, with
 * no other block's "type:" nearer: in YAML (a page, a guide's example, a
 * test's text) the nearest "type:" above a field is its block's.
 */
function typeNamedAbove(lines: readonly string[], i: number, type: string, typePattern: RegExp): boolean {
  for (let n = i; n >= Math.max(0, i - nearLines); n--) {
    const line = lines[n]!
    if (typePattern.test(line)) return true
    const other = /\btype:\s*['"]?([\w-]+)/.exec(line)
    if (other && other[1] !== type) return false
  }
  return false
}

/** `title:` indented under a block inside a string (quoted, or after a written "\\n"): YAML a test holds as text. */
function indentedField(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(['"\`]|\\\\n) {2,}${escaped}:`)
}
