import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'
import { listFiles } from '../site/project-paths.ts'
import { items, showPath, type MigrationStep } from './migrate-steps.ts'
import { projectConfig } from '../bundle/type-program.ts'

/** A line of code that reads a field a migration took away, on the block's own type. */
export interface FieldRead {
  file: string
  line: number
  column: number
  text: string
  type: string
  /** The old field, as the step names it ("plans[].features"). */
  field: string
}

/** One block type a migration changed: its name, the name of its generated TypeScript type (the schema's title), and the steps. */
export interface ChangedBlock {
  type: string
  typeName: string
  steps: readonly MigrationStep[]
}

/** Where code lives; src/generated is rewritten by npm run gen. */
const searched = ['src', 'scripts', 'tests']
const skipped = ['src/generated/']

/**
 * Every read in the project's code of a field the steps renamed or moved
 * away, found by TypeScript: a property read (`block.title`, `plan.features`),
 * an element read (`block['title']`) or a destructuring (`{ title }`) whose
 * object is of the block's generated type, or of its list items' type for
 * a step inside a list. Another block's field or the page's own of the same
 * name is not listed, nor is a word in a comment or a string.
 *
 * Only files that name the field and the block (its type's name or its
 * "type" string) are given to TypeScript, which reads what they import
 * for their types: the answer comes in a second or two, not the full type
 * check's seven.
 */
export function findFieldReads(root: string, changed: readonly ChangedBlock[]): FieldRead[] {
  const wanted = changed.flatMap(({ type, typeName, steps }) =>
    steps.flatMap((step) => (step.op === 'default' ? [] : [{ type, typeName, holder: step.from.slice(0, -1), name: step.from[step.from.length - 1]!, field: showPath(step.from) }])),
  )
  if (!wanted.length) return []
  const files = searched.flatMap((dir) => (existsSync(join(root, dir)) ? listFiles(join(root, dir)) : [])).filter((path) => {
    const file = relative(root, path).split(sep).join('/')
    if (!/\.tsx?$/.test(file) || skipped.some((s) => file.startsWith(s))) return false
    const text = readFileSync(path, 'utf8')
    return wanted.some((w) => word(w.name).test(text) && (text.includes(w.typeName) || text.includes(`'${w.type}'`) || text.includes(`"${w.type}"`)))
  })
  if (!files.length) return []
  const generated = join(root, 'src', 'generated', 'schema-types.ts')
  const program = ts.createProgram({ rootNames: [...files, ...(existsSync(generated) ? [generated] : [])], options: projectConfig(root).options })
  const checker = program.getTypeChecker()
  const module = program.getSourceFile(generated)
  const exports = module ? checker.getExportsOfModule(checker.getSymbolAtLocation(module)!) : []
  const named = new Set(exports.map((e) => checker.getDeclaredTypeOfSymbol(e)))
  const targets = wanted.flatMap((w) => {
    const symbol = exports.find((e) => e.name === w.typeName)
    const types = symbol && typesAlong(checker, checker.getDeclaredTypeOfSymbol(symbol), w.holder)
    return types ? [{ ...w, types }] : []
  })
  const typeOf = (node: ts.Node) => checker.getNonNullableType(checker.getTypeAtLocation(node))

  /**
   * Whether `node` holds the block's value at the first `depth` steps of
   * `holder`. A type of the block's own (the block, an item of one of its
   * lists) says so by itself. A type other blocks share (a link, a picture)
   * does not: there the value must be read from the block, step by step
   * (`hero.action`, or `action` destructured from a hero).
   */
  const comesFrom = (node: ts.Node, target: (typeof targets)[number], depth: number): boolean => {
    const type = target.types[depth]!
    if (depth === 0 || !named.has(type)) return typeOf(node) === type
    const step = target.holder[depth - 1]!
    if (step === items) return typeOf(node) === type
    if ((ts.isPropertyAccessExpression(node) && node.name.text === step) || (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && node.argumentExpression.text === step)) {
      return comesFrom(node.expression, target, depth - 1)
    }
    if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) return comesFrom(node.expression, target, depth)
    if (ts.isIdentifier(node)) {
      const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration
      if (declaration && ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
        const key = declaration.propertyName ?? declaration.name
        return (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) && key.text === step && comesFrom(declaration.parent, target, depth - 1)
      }
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) return comesFrom(declaration.initializer, target, depth)
    }
    return false
  }

  const found: FieldRead[] = []
  for (const path of files) {
    const source = program.getSourceFile(path)
    if (!source) continue
    const visit = (node: ts.Node): void => {
      const read = fieldRead(node)
      if (read) {
        for (const target of targets) {
          if (target.name !== read.name || !comesFrom(read.object, target, target.holder.length)) continue
          const { line, character } = source.getLineAndCharacterOfPosition(read.at.getStart(source))
          found.push({ file: relative(root, path).split(sep).join('/'), line: line + 1, column: character + 1, text: source.text.split('\n')[line]!.trim().slice(0, 100), type: target.type, field: target.field })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
}

/** The object read and the name read, with the node to point at, if `node` reads a named field. */
function fieldRead(node: ts.Node): { object: ts.Node; name: string; at: ts.Node } | undefined {
  if (ts.isPropertyAccessExpression(node)) return { object: node.expression, name: node.name.text, at: node.name }
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return { object: node.expression, name: node.argumentExpression.text, at: node.argumentExpression }
  if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && !node.dotDotDotToken) {
    const key = node.propertyName ?? node.name
    const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined
    return name === undefined ? undefined : { object: node.parent, name, at: key }
  }
  return undefined
}

/** The types along `path` inside `type`, `type` first ("[]" is a list's items); undefined where it has no such part. */
function typesAlong(checker: ts.TypeChecker, type: ts.Type, path: readonly string[]): ts.Type[] | undefined {
  const types = [type]
  for (const segment of path) {
    const at = types[types.length - 1]!
    const property = segment === items ? undefined : at.getProperty(segment)
    const next = segment === items ? checker.getIndexTypeOfType(at, ts.IndexKind.Number) : property && checker.getTypeOfSymbol(property)
    if (!next) return undefined
    types.push(checker.getNonNullableType(next))
  }
  return types
}

const word = (name: string) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)
