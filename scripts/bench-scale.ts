/**
 * The site at scale, for `npm run bench`: a throwaway project holding the
 * real pages plus `count` generated copies of a detail page, built with the
 * real buildSite(), checked and served by the dev server, each with no
 * page cache (and the first build with no kept bundle either) and again
 * after one page's edit. Each runs in a
 * child process (bench-scale-child.mjs, running bench-scale-build.ts), so that one that grows worse than
 * linearly with the page count stops at a time limit instead of holding the
 * bench for half an hour, and so that its memory is given back before the
 * next measurement.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDocument, visit } from 'yaml'
import type { BuildReport } from '../src/compiler/bundle/build-site'
import { tempProject } from './temp-project'
import { pageCacheDir } from '../src/compiler/cache/page-cache'
import { bundleCacheDir } from '../src/compiler/cache/bundle-cache'
import { sourceHash, typeCheck } from '../src/compiler/bundle/type-check'
import { forgetTypeCheck } from '../src/compiler/bundle/type-program'
import { projectPaths } from '../src/compiler/index'
import { benchStudioStart, type StudioStart } from './bench-studio'
import { median, shortRuns } from './bench-runs'

/** What the child prints for a build. */
export interface ScaleBuild extends BuildReport {
  /** Peak resident memory of the building process. */
  maxRssMB: number
  /** JavaScript files in the built site. */
  jsFiles: number
  /** Size of the built site. */
  outBytes: number
}

/** What the child prints for a check, and for the dev server. */
export interface ScaleCheck {
  ms: number
  code: number
  maxRssMB: number
}
export interface ScaleDev {
  firstMs: number
  /** The median of `editRuns`. */
  editMs: number
  /** Each save's time, in order. */
  editRuns: number[]
  maxRssMB: number
}
/** Checks after an edit: the median, and each run. */
export interface ScaleChecks extends ScaleCheck {
  runs: number[]
}

export type ScaleResult<T> = { ok: true; report: T } | { ok: false; ms: number; reason: string }

export interface ScaleFigures {
  pages: number
  /** With no page cache, no kept bundle, and the code's type check not passed before. */
  buildNewCode: ScaleResult<ScaleBuild>
  /** With no page cache, no kept bundle and no site built before; the code's type check passed before. */
  build: ScaleResult<ScaleBuild>
  /** Again, after one page's edit: the caches hold the rest. */
  buildAfterEdit: ScaleResult<ScaleBuild>
  /** Again, after a declaration added to a rule of a block's styles: bundled again, every page filled into the new template, none drawn or read again. */
  buildAfterStyleEdit: ScaleResult<ScaleBuild>
  /** Again, after a new class in a block's styles (a change to its class names, so to the components' code): every page drawn again. */
  buildAfterNewClass: ScaleResult<ScaleBuild>
  /** Again, after one page removed: the pages that linked to it are checked again, and the others kept. */
  buildAfterRemoval: ScaleResult<ScaleBuild>
  /** npm run check with no page cache. */
  check: ScaleResult<ScaleCheck>
  /** npm run check again, after one page's edit: shortRuns edits, each checked. */
  checkAfterEdit: ScaleResult<ScaleChecks>
  /** The same, each time after one more page removed. */
  checkAfterRemoval: ScaleResult<ScaleChecks>
  dev: ScaleResult<ScaleDev>
  /** The studio opened on a generated page, with the page cache the last check left. */
  studio: ScaleResult<StudioStart>
  /** The same with no page cache (a fresh clone, or after a change of code). */
  studioCold: ScaleResult<StudioStart>
}

/**
 * pages/gen/p0.yaml ... : copies of pages/b2b/smes.yaml, each with its own
 * title, description, hero title and sentences (no two pages may share them:
 * the check reports a page that repeats another's words). The page's links,
 * media and block ids stay valid in every copy (ids need only be unique
 * within a page). The page is rewritten once, with a marker where each
 * copy's number goes.
 */
export function generatedPages(count: number): Record<string, string> {
  const doc = parseDocument(readFileSync(join(import.meta.dirname, '..', 'pages/b2b/smes.yaml'), 'utf8'))
  const marker = '{{n}}'
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.length >= 60 && /\s/.test(node.value)) node.value = `${node.value} (copy ${marker})`
    },
  })
  doc.set('title', `Generated page ${marker}`)
  // The description and the hero's words must differ even when shorter than a sentence.
  for (const path of [['description'], ['blocks', 0, 'title'], ['blocks', 0, 'text']]) {
    const value = String(doc.getIn(path))
    if (!value.includes(marker)) doc.setIn(path, `${value} (copy ${marker})`)
  }
  const template = doc.toString()
  const files: Record<string, string> = {}
  for (let i = 0; i < count; i++) files[`pages/gen/p${i}.yaml`] = template.replaceAll(marker, String(i))
  return files
}

/**
 * The real site plus `count` generated pages, measured one way after another
 * (never two at once: the figures would mean nothing on two cores): built,
 * built again after one page's edit and after a change to a block's styles,
 * checked, checked again after one page's edit, served by the dev server,
 * and opened in the studio (on `studioPort`). Each measurement gives up
 * after `limitMs`.
 */
export async function measureAtScale(count: number, limitMs: number, studioPort: number): Promise<ScaleFigures> {
  // src/ copied, not linked: the bench changes a component's styles in it.
  const project = tempProject(generatedPages(count), { copy: ['src'] })
  const cache = pageCacheDir(projectPaths(project.root))
  const editOnePage = (n: number) => {
    const file = join(project.root, 'pages/gen/p0.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: Generated page 0, edit ${n}`))
  }
  // Generated pages removed, and put back (as new files) before the next measurement that should not see them gone.
  const removed = new Map<string, string>()
  const removePage = (n: number) => {
    const file = join(project.root, `pages/gen/p${n}.yaml`)
    removed.set(file, readFileSync(file, 'utf8'))
    rmSync(file)
  }
  const restorePages = () => {
    for (const [file, text] of removed) writeFileSync(file, text)
    removed.clear()
  }
  // A declaration added to a rule of a block's styles (the usual edit of
  // styles), then a new class: each new to every run and size (a bundle of
  // the same bytes is kept); undone afterwards, so the studio measured next
  // opens the project's own code.
  const block = join(project.root, 'src/blocks/intro')
  const styles = join(block, readdirSync(block).find((name) => name.endsWith('.module.css'))!)
  const ownStyles = readFileSync(styles, 'utf8')
  const unique = () => `${count}-${process.pid}-${Date.now()}`
  const editStyles = () => {
    const [rule] = /^\.[\w-]+ \{$/m.exec(ownStyles)!
    writeFileSync(styles, ownStyles.replace(rule, `${rule}\n  --bench-edit: ${JSON.stringify(unique())};`))
  }
  const addClass = () => writeFileSync(styles, `${ownStyles}\n.benchEdit-${unique()} {\n  color: inherit;\n}\n`)
  const noCache = () => {
    // No page checked before, no bundle kept (they are shared by every copy of the project), and no site built
    // before, whose pages the render cache would link instead of drawing them.
    rmSync(cache, { recursive: true, force: true })
    rmSync(bundleCacheDir(project.root), { recursive: true, force: true })
    for (const built of ['out', '.out-versions']) rmSync(join(project.root, built), { recursive: true, force: true })
    // What was written before is on disk before the build starts, not written back beside it.
    execFileSync('sync')
  }
  try {
    // The build measured against the budget: no cache, as for any build of code built before on this machine: its
    // type check's pass kept (checked here first if it is not).
    await typeCheck(project.root, { keep: false })
    noCache()
    const build = await child<ScaleBuild>('build', project.root, limitMs)
    editOnePage(1)
    const buildAfterEdit = await child<ScaleBuild>('build', project.root, limitMs)
    editStyles()
    const buildAfterStyleEdit = await child<ScaleBuild>('build', project.root, limitMs)
    addClass()
    const buildAfterNewClass = await child<ScaleBuild>('build', project.root, limitMs)
    // Before the styles are undone: this build differs from the last by the page alone.
    removePage(1)
    const buildAfterRemoval = await child<ScaleBuild>('build', project.root, limitMs)
    restorePages()
    writeFileSync(styles, ownStyles)
    // The first build of code never type-checked (a fresh clone's, or after a change of src/): its type check runs too.
    forgetTypeCheck(project.root, sourceHash(project.root))
    noCache()
    const buildNewCode = await child<ScaleBuild>('build', project.root, limitMs)
    rmSync(cache, { recursive: true, force: true })
    const check = await child<ScaleCheck>('check', project.root, limitMs)
    const checkAfterEdit = await checksAfterEdits(() => child<ScaleCheck>('check', project.root, limitMs), (n) => editOnePage(2 + n))
    const checkAfterRemoval = await checksAfterEdits(() => child<ScaleCheck>('check', project.root, limitMs), (n) => removePage(20 + n))
    restorePages()
    const dev = await child<ScaleDev>('dev', project.root, limitMs)
    const studio = await inStudio(project.root, studioPort)
    rmSync(cache, { recursive: true, force: true })
    const studioCold = await inStudio(project.root, studioPort)
    return { pages: count, buildNewCode, build, buildAfterEdit, buildAfterStyleEdit, buildAfterNewClass, buildAfterRemoval, check, checkAfterEdit, checkAfterRemoval, dev, studio, studioCold }
  } finally {
    rmSync(cache, { recursive: true, force: true })
    project.remove()
  }
}

/** `check` run after each of shortRuns edits (`edit(n)`): their median, or the first failure. */
async function checksAfterEdits(check: () => Promise<ScaleResult<ScaleCheck>>, edit: (n: number) => void): Promise<ScaleResult<ScaleChecks>> {
  const reports: ScaleCheck[] = []
  for (let n = 0; n < shortRuns; n++) {
    edit(n)
    const result = await check()
    if (!result.ok) return result
    reports.push(result.report)
  }
  const runs = reports.map((r) => r.ms)
  return { ok: true, report: { ms: median(runs), runs, code: Math.max(...reports.map((r) => r.code)), maxRssMB: Math.max(...reports.map((r) => r.maxRssMB)) } }
}

async function inStudio(root: string, port: number): Promise<ScaleResult<StudioStart>> {
  const start = performance.now()
  try {
    return { ok: true, report: await benchStudioStart(root, port, 'gen/p0.yaml') }
  } catch (error) {
    return { ok: false, ms: performance.now() - start, reason: `studio: ${(error as Error).message}` }
  }
}

/** One measurement in a child process (bench-scale-child.mjs), which gives its memory back when it ends. */
async function child<T>(mode: string, root: string, limitMs: number): Promise<ScaleResult<T>> {
  const start = performance.now()
  // Plain Node running a bundle, as npm run build and check do: not tsx, whose loader would count in the memory.
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bench-scale-child.mjs'), mode, root], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The child's progress goes to its stderr, which is a pipe: tell it whether the bench's own is a terminal.
    env: { ...process.env, PROGRESS_LIVE: process.stderr.isTTY && !process.env.CI ? '1' : '0' },
    timeout: limitMs,
    killSignal: 'SIGKILL',
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk
    process.stderr.write(chunk)
  })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const ms = performance.now() - start
  if (code !== 0) {
    if (ms >= limitMs) return { ok: false, ms, reason: `did not finish within ${(limitMs / 1000).toFixed(0)} s` }
    const how = child.signalCode ? `was killed (${child.signalCode})` : `failed (exit ${code})`
    return { ok: false, ms, reason: `${mode} ${how}:\n${stderr.trim().split('\n').slice(-15).join('\n')}` }
  }
  return { ok: true, report: JSON.parse(stdout.trim().split('\n').at(-1)!) as T }
}
