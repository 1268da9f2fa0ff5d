import { isMap, isScalar, isSeq, type LineCounter, type Node, type YAMLMap } from 'yaml'
import { problem, type Location } from '../problems/errors.ts'
import { describeStep, pendingSteps, recordedVersions, versionsHoldsABlock, versionsKey, type BlockVersioning, type MigrationStep } from './migrate-steps.ts'
import { moveField, parseForEditing, printYaml, setDefault, setVersion, type Conflict } from './migrate-yaml.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import type { Problem } from '../problems/problems.ts'

/** One block type of one file brought from version `from` to `to`. */
export interface VersionChange {
  type: string
  from: number
  to: number
  steps: MigrationStep[]
  /** Whether any step changed a block; false when the blocks had nothing to rename, move or fill and only the version is recorded. */
  edited: boolean
}

export interface MigratedFile {
  /** Path relative to the project root, as in problems. */
  file: string
  /** The new text; the old one when nothing changed. */
  text: string
  changes: VersionChange[]
  problems: Problem[]
  /** The first line that printing changes although no step touched it, if any. */
  reformattedLine?: number
}

/**
 * Bring the blocks of one file up to the current version of their schemas:
 * a page, or with `shared` pages/_shared.yaml, whose top-level keys are
 * blocks. Applies every pending step to every outdated block in order and
 * records the new versions under "versions". Conflicts are located problems,
 * and then the text is left as it was.
 */
export function migrateSource(file: string, bytes: Uint8Array, versions: ReadonlyMap<string, BlockVersioning>, shared: boolean): MigratedFile {
  const read = parseYaml(file, bytes)
  if (!read.ok) return { file, text: new TextDecoder().decode(bytes), changes: [], problems: read.problems }
  const source = read.parsed.source
  const { doc, lineCounter } = parseForEditing(source)
  const root = doc.contents
  const untouched = { file, text: source, changes: [], problems: [] }
  if (!isMap(root)) return untouched // not a page: the check says so
  const recorded = recordedVersions(read.value)
  const problems: Problem[] = []
  if (shared && versionsHoldsABlock(read.value)) {
    const key = root.items.find((p) => isScalar(p.key) && p.key.value === versionsKey)!.key as Node
    problems.push(problem('ReservedFragmentName', {}, locate(file, lineCounter, key, root)))
  }
  const changes = new Map<string, VersionChange>()
  for (const block of blocksOf(root, shared)) {
    const typeNode = block.get('type', true)
    const type = isScalar(typeNode) && typeof typeNode.value === 'string' ? typeNode.value : undefined
    const versioning = type === undefined ? undefined : versions.get(type)
    if (!type || !versioning) continue
    const from = recorded.get(type) ?? 1
    if (from >= versioning.version) continue
    const steps = pendingSteps(versioning, from)
    let edited = changes.get(type)?.edited ?? false
    for (const step of steps) {
      const result = step.op === 'default' ? setDefault(doc, block, step.field, step.value) : moveField(block, step.from, step.to)
      if (result.conflict) {
        problems.push(conflictProblem(type, step, result.conflict, locate(file, lineCounter, result.conflict.node, typeNode as Node)))
        break
      }
      edited ||= result.changed
    }
    changes.set(type, { type, from, to: versioning.version, steps, edited })
  }
  for (const change of changes.values()) {
    const result = setVersion(root, versionsKey, change.type, change.to, shared ? undefined : 'description')
    if (result.conflict) {
      problems.push(conflictProblem(change.type, `record version ${change.to}`, result.conflict, locate(file, lineCounter, result.conflict.node, root)))
      break
    }
  }
  if (problems.length) return { ...untouched, problems }
  if (!changes.size) return untouched
  const text = printYaml(doc)
  const reformattedLine = firstDifferentLine(source, printYaml(parseForEditing(source).doc))
  return { file, text, changes: [...changes.values()], problems, ...(reformattedLine ? { reformattedLine } : {}) }
}

/** The blocks of a page ("blocks:"), or of pages/_shared.yaml (every top-level key but "versions"). */
function blocksOf(root: YAMLMap, shared: boolean): YAMLMap[] {
  if (shared) return root.items.filter((p) => !(isScalar(p.key) && p.key.value === versionsKey)).map((p) => p.value).filter((v) => isMap(v))
  const blocks = root.get('blocks', true)
  return isSeq(blocks) ? blocks.items.filter((v) => isMap(v)) : []
}

function locate(file: string, lineCounter: LineCounter, node: Node, fallback: Node): Location {
  // Nodes made by an earlier step have no place in the file yet.
  const offset = node.range?.[0] ?? fallback.range?.[0] ?? 0
  const { line, col } = lineCounter.linePos(offset)
  return { file, line, column: col }
}

function conflictProblem(type: string, step: MigrationStep | string, conflict: Conflict, at: Location): Problem {
  const words = typeof step === 'string' ? step : describeStep(step)
  return conflict.kind === 'taken'
    ? problem('MigrationTargetTaken', { type, step: words, field: conflict.field }, at)
    : problem('MigrationPathBlocked', { type, step: words, field: conflict.field, found: conflict.found }, at)
}

function firstDifferentLine(a: string, b: string): number | undefined {
  if (a === b) return undefined
  const x = a.split('\n')
  const y = b.split('\n')
  let i = 0
  while (x[i] === y[i]) i++
  return i + 1
}
