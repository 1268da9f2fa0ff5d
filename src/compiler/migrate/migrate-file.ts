import { isMap, isScalar, isSeq, type LineCounter, type Node, type YAMLMap } from 'yaml'
import { problem, type Location } from '../problems/errors.ts'
import { describeStep, hasLeftoverVersions, itemScope, items, versionsKey, type BlockVersioning, type MigrationStep } from './migrate-steps.ts'
import { moveField, removeField, setDefault, type Conflict } from './migrate-yaml.ts'
import { parseForEditing, printYaml } from '../yaml-edit/index.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import type { Problem } from '../problems/problems.ts'

/** The blocks of one type in one file that a migration rewrote, and the steps that changed them. */
export interface VersionChange {
  type: string
  blocks: number
  steps: MigrationStep[]
}

export interface MigratedFile {
  /** Path relative to the project root, as in problems. */
  file: string
  /** The new text; the old one when nothing changed. */
  text: string
  changes: VersionChange[]
  /** The file had a "versions:" mapping, which is removed. */
  removedVersions?: boolean
  problems: Problem[]
  /** The first line that printing changes although no step touched it, if any. */
  reformattedLine?: number
}

/**
 * Bring the blocks of one file up to the current shape of their schemas:
 * a page, or with `shared` pages/_shared.yaml, whose top-level keys are
 * blocks. Applies every step to every block in order (a step with nothing to
 * take or fill does nothing), and removes a "versions:" mapping left from
 * when files recorded versions. Conflicts are located problems, and then the
 * text is left as it was.
 */
export function migrateSource(file: string, bytes: Uint8Array, versions: ReadonlyMap<string, BlockVersioning>, shared: boolean): MigratedFile {
  const read = parseYaml(file, bytes)
  if (!read.ok) return { file, text: new TextDecoder().decode(bytes), changes: [], problems: read.problems }
  const source = read.parsed.source
  const { doc, lineCounter } = parseForEditing(source)
  const root = doc.contents
  const untouched = { file, text: source, changes: [], problems: [] }
  if (!isMap(root)) return untouched // not a page: the check says so
  const problems: Problem[] = []
  const changes = new Map<string, VersionChange>()
  for (const block of blocksOf(root, shared)) {
    const typeNode = block.get('type', true)
    const type = isScalar(typeNode) && typeof typeNode.value === 'string' ? typeNode.value : undefined
    const versioning = type === undefined ? undefined : versions.get(type)
    if (!type || !versioning) continue
    const applied: MigrationStep[] = []
    steps: for (const step of versioning.steps) {
      // The block itself, or each item of the lists the step's path goes into.
      const scope = itemScope(step.op === 'default' ? step.field : step.from)
      for (const group of itemMapsAt(block, scope)) {
        const within = (path: string[]) => path.slice(scope.length)
        const result = step.op === 'default' ? setDefault(doc, group, within(step.field), step.value) : moveField(group, within(step.from), within(step.to))
        if (result.conflict) {
          problems.push(conflictProblem(type, step, result.conflict, locate(file, lineCounter, result.conflict.node, typeNode as Node)))
          break steps
        }
        if (result.changed && !applied.includes(step)) applied.push(step)
      }
    }
    if (!applied.length) continue
    const change = changes.get(type) ?? { type, blocks: 0, steps: [] }
    change.blocks++
    change.steps = versioning.steps.filter((s) => change.steps.includes(s) || applied.includes(s))
    changes.set(type, change)
  }
  const removedVersions = hasLeftoverVersions(read.value)
  if (removedVersions) removeField(root, versionsKey)
  if (problems.length) return { ...untouched, problems }
  if (!changes.size && !removedVersions) return untouched
  const text = printYaml(doc)
  const reformattedLine = firstDifferentLine(source, printYaml(parseForEditing(source).doc))
  return { file, text, changes: [...changes.values()], problems, ...(removedVersions ? { removedVersions } : {}), ...(reformattedLine ? { reformattedLine } : {}) }
}

/** The mappings a step works in: `block` itself, or each item of the lists along `scope` ("[]" segments go into a list's items). */
function itemMapsAt(block: YAMLMap, scope: readonly string[]): YAMLMap[] {
  let found: unknown[] = [block]
  for (const segment of scope) {
    found = segment === items ? found.flatMap((node) => (isSeq(node) ? node.items : [])) : found.map((node) => (isMap(node) ? node.get(segment, true) : undefined))
  }
  return found.filter((node): node is YAMLMap => isMap(node))
}

/** The blocks of a page ("blocks:"), or of pages/_shared.yaml (every top-level key). */
function blocksOf(root: YAMLMap, shared: boolean): YAMLMap[] {
  if (shared) return root.items.map((p) => p.value).filter((v) => isMap(v))
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
