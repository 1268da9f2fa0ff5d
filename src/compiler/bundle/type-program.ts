/**
 * TypeScript's check of src/, as the build's type check (type-check.ts)
 * runs it on a thread of its own, and what it keeps between checks: the
 * passes, TypeScript's record of the last check, the packages' parsed files.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import type ts from 'typescript'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { hashOf, hashOfFiles } from '../cache/content-hash.ts'
import { cacheKindDir, keepNewest } from '../cache/cache-file.ts'
import { writeFileAtomic } from '../site/plain-files.ts'

const require = createRequire(import.meta.url)

/**
 * TypeScript, loaded when first needed: loading it takes about half a second,
 * which a build whose code passed before (most builds) need not pay.
 */
function typescript(): typeof ts {
  return require('typescript') as typeof ts
}

/**
 * Where passes are remembered: the content hash of every file a check read
 * (sourceHash, below), one empty file each, so several versions of
 * src/ (a test's copy beside the real one) pass in turn without checking
 * again. The oldest go past a few dozen.
 */
function passesFolder(root: string): string {
  return join(cacheKindDir(root, 'site-build'), 'type-check-passed')
}

export function passedBefore(root: string, hash: string): boolean {
  return existsSync(join(passesFolder(root), hash))
}

/** The check of this code forgotten, its pass and TypeScript's record of this folder: the next build checks it as a fresh clone's first does (the bench). */
export function forgetTypeCheck(root: string, hash: string): void {
  forgetPass(root, hash)
  rmSync(buildInfoFile(root), { force: true })
}

/** The pass of this code forgotten, TypeScript's record kept: the next build checks it again, as after an edit put back (its tests). */
export function forgetPass(root: string, hash: string): void {
  rmSync(join(passesFolder(root), hash), { force: true })
}

export function rememberPass(root: string, hash: string): void {
  const folder = passesFolder(root)
  mkdirSync(folder, { recursive: true })
  writeFileAtomic(join(folder, hash), '')
  keepNewest(folder, 32)
}

/** The project's tsconfig.json as TypeScript reads it, over the files of `include` (its own list when not given), never emitting. */
export function projectConfig(root: string, include?: string[]): { fileNames: string[]; options: ts.CompilerOptions } {
  const ts = typescript()
  const configFile = join(root, 'tsconfig.json')
  const read = ts.readConfigFile(configFile, ts.sys.readFile)
  const config = ts.parseJsonConfigFileContent({ ...(read.config ?? {}), ...(include ? { include } : {}) }, ts.sys, root, undefined, configFile)
  return { fileNames: config.fileNames, options: { ...config.options, noEmit: true } }
}

/**
 * TypeScript's own record of a check (its build info), kept per project
 * folder: the next check of that folder looks again only at the files that
 * changed and the files that depend on them. Without it, the build's check
 * after a component's edit spent nearly all its time on the files that had
 * not changed (docs/measurements.md, "The type check").
 * TypeScript keeps each file's hash in the record and checks a file whose
 * bytes differ, so a record that is old or of other files costs time, never
 * a wrong verdict. Written whole or not at all (a temporary file renamed).
 */
function buildInfoFile(root: string): string {
  const folder = join(cacheKindDir(root, 'site-build'), 'type-check-info')
  mkdirSync(folder, { recursive: true })
  keepNewest(folder, 8)
  return join(folder, `${hashOf(root).slice(0, 16)}.tsbuildinfo`)
}

/** TypeScript's check of src/ under the project's tsconfig.json, each error as a located problem (run on type-check.ts's thread). */
export function checkProgram(root: string): Problem[] {
  const ts = typescript()
  const config = projectConfig(root, ['src'])
  const options = { ...config.options, incremental: true, tsBuildInfoFile: buildInfoFile(root) }
  const host = withSharedPackageFiles(ts.createIncrementalCompilerHost(options), readFileSync(join(root, 'tsconfig.json'), 'utf8'))
  // With noEmit, the build info is the one file written.
  host.writeFile = (file, text) => {
    try {
      writeFileAtomic(file, text)
    } catch {
      // A record that cannot be kept costs the next check its time, nothing else.
    }
  }
  const program = ts.createIncrementalProgram({ rootNames: config.fileNames, options, host })
  // What getPreEmitDiagnostics gives, each from the record where the file has not changed.
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics()]
  program.emit()
  return diagnostics.flatMap((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]!
    if (!d.file || d.start === undefined) return [problem('TypeCheckFailed', { message }, { file: 'tsconfig.json', line: 1, column: 1 })]
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
    return [problem('TypeCheckFailed', { message }, { file: relative(root, d.file.fileName).split(sep).join('/'), line: line + 1, column: character + 1 })]
  })
}

/**
 * The installed packages' files as TypeScript parsed and bound them, kept
 * for the next check by the same thread (type-check.ts keeps its thread a
 * while): of another copy of the project (a test's, the bench's) or of this
 * one after an edit, whose record (buildInfoFile) spares the checking of
 * unchanged files but not their parsing. Most of those files are the
 * libraries' and packages' declarations (several times src/'s lines), so
 * reusing them spares about half of a copy's first check and most of its
 * check after an edit (docs/measurements.md, "The type check").
 *
 * A file is reused only for the same text, read now, and the same
 * tsconfig.json (the options a file is parsed and bound under), as
 * TypeScript's own language service shares files between projects. Not
 * src/'s files, which a test edits between checks. Their memory is let go
 * with the thread.
 */
const packageFiles = new Map<string, { text: string; file: ts.SourceFile }>()

function withSharedPackageFiles(host: ts.CompilerHost, tsconfig: string): ts.CompilerHost {
  const parse = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile || !fileName.includes('/node_modules/')) return parse(fileName, languageVersion, onError, shouldCreateNewSourceFile)
    const key = `${tsconfig}\0${JSON.stringify(languageVersion)}\0${fileName}`
    const text = host.readFile(fileName)
    const kept = packageFiles.get(key)
    if (kept && kept.text === text) return kept.file
    const file = parse(fileName, languageVersion, onError, shouldCreateNewSourceFile)
    if (file && text !== undefined) packageFiles.set(key, { text, file })
    return file
  }
  return host
}

/**
 * Every file that can change the check's verdict, names and bytes: src/'s
 * TypeScript (.ts, .tsx, .mts and .cts, declarations among them) and JSON,
 * the tsconfig, the installed packages (by their lock file). Not the styles: TypeScript never reads a .css file (an import of
 * one is typed by vite/client's declaration of every *.module.css), so a
 * change to how a block looks passes as its code passed before.
 */
export function sourceHash(root: string): string {
  // package-lock.json stands for the installed packages' types (@types/*, react's own).
  return hashOfFiles(root, [join(root, 'tsconfig.json'), join(root, 'package-lock.json'), join(root, 'src')], { seed: typescriptVersion(), only: /(tsconfig\.json|package-lock\.json|\.(ts|tsx|mts|cts|json))$/ })
}

/** TypeScript's version, from its package file: the cheap half of loading it. */
function typescriptVersion(): string {
  return (require('typescript/package.json') as { version: string }).version
}
