/**
 * The studio's latencies, for `npm run bench`: from an edit in the editor
 * to its problem marks on screen, and to the preview showing it, in
 * Chromium on a copy of the project. Each edit is a keystroke in a block's
 * type, alternately breaking it ("herox": a mark appears, the preview
 * waits) and fixing it (the mark goes, the preview updates), with a pause
 * between keystrokes so each is timed on its own. The times come from the
 * studio itself (window.studio.timings, performance.now()): the change in
 * the editor, the next frame after the marks are set, and the frame after
 * each preview rendered the page.
 */
import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './chromium'
import { startStudioCopy, startStudioProcess } from './studio-copy'

export interface StudioLatencies {
  edits: number
  marksP90: number
  previewP90: number
  /** A key pressed in the form's field to the preview showing it (the form edits the YAML through the document store). */
  formPreviewP90: number
}

export interface StudioStart {
  /** From starting the studio's process to the page's preview, in both widths, in Chromium. */
  firstMs: number
  /** A key typed in the page's YAML to the preview showing it, p90 (typed while the studio may still be checking every page). */
  previewP90: number
  edits: number
  /** From the same start to every page checked: the pages list no longer says it is checking them (a page opens before, on the site's shell). */
  checkedMs: number
}

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.9) - 1]!

export async function benchStudio(port: number, edits = 40): Promise<StudioLatencies> {
  const studio = await startStudioCopy(port)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    await page.goto(studio.url)
    const file = await page.evaluate(async (token) => {
      const headers = { 'x-studio-token': token }
      const list = (await (await fetch('/api/pages', { headers })).json()) as { files: { file: string; route?: string }[] }
      for (const f of list.files.filter((f) => f.route)) {
        const { text } = (await (await fetch(`/api/file?path=${encodeURIComponent(f.file)}`, { headers })).json()) as { text: string }
        if (/^\s+- type: hero$/m.test(text)) return f.file
      }
      throw new Error('No page has a hero block to edit')
    }, studio.token)
    await page.goto(`${studio.url}#/pages/${file}`)
    await page.getByRole('tab', { name: 'YAML' }).click()
    await previewPainted(page)
    const at = await page.evaluate(() => {
      const text = window.studio.view!.state.doc.toString()
      return text.indexOf('- type: hero') + '- type: hero'.length
    })
    await page.evaluate((a) => window.studio.view!.dispatch({ selection: { anchor: a } }), at)
    await page.locator('.cm-content').focus()
    const marks: number[] = []
    const previews: number[] = []
    const answers: number[] = []
    for (let i = 0; i < edits; i++) {
      const breaking = i % 2 === 0
      const t = await pressTimed(page, breaking ? 'x' : 'Backspace', !breaking)
      marks.push(t.marked! - t.edited)
      answers.push(t.answered! - t.edited)
      if (!breaking) previews.push(t.previewed! - t.edited)
      await page.waitForTimeout(350)
    }
    // The same page through the form: a key in the hero's Title field to the preview showing it.
    await page.getByRole('tab', { name: 'Form' }).click()
    const title = page.getByRole('region', { name: /^Block \d+: Hero$/ }).first().getByLabel('Title', { exact: true })
    await title.focus()
    await page.evaluate(() => document.addEventListener('keydown', () => ((window as unknown as { keyAt: number }).keyAt = performance.now()), true))
    const formPreviews: number[] = []
    for (let i = 0; i < edits; i++) {
      const before = await page.evaluate(() => window.studio.timings.length)
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace')
      const shown = await page.waitForFunction(
        (before) => {
          const t = window.studio.timings[before]
          return t?.previewed !== undefined ? t.previewed - (window as unknown as { keyAt: number }).keyAt : undefined
        },
        before,
        { timeout: 10_000 },
      )
      formPreviews.push((await shown.jsonValue())!)
      await page.waitForTimeout(350)
    }
    if (process.env.BENCH_STUDIO_VERBOSE) console.log({ answers: answers.map(Math.round), marks: marks.map(Math.round), previews: previews.map(Math.round), formPreviews: formPreviews.map(Math.round) })
    return { edits, marksP90: p90(marks), previewP90: p90(previews), formPreviewP90: p90(formPreviews) }
  } finally {
    await browser.close()
    await studio.stop()
  }
}

/**
 * The studio on a project as it is (the bench's generated pages, or the real
 * ones): from starting its process (as npm run studio does, less npm's own
 * start) to `file` open with its preview painted, and then keys typed at the
 * end of the page's title, each to the preview showing it. Chromium starts
 * before the clock does: the author's browser is already open.
 */
export async function benchStudioStart(root: string, port: number, file: string, edits = 10): Promise<StudioStart> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  let stop = async () => {}
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    const start = performance.now()
    const studio = await startStudioProcess(root, port)
    stop = studio.stop
    await page.goto(`${studio.url}#/pages/${file}`)
    // Every page checked: once the list is drawn, it no longer says it is checking them (measured beside what follows).
    const checking = page.getByRole('status').filter({ hasText: /^Checking all/ })
    const checked = page
      .locator('.file-list > li')
      .first()
      .waitFor({ timeout: 120_000 })
      .then(() => checking.waitFor({ state: 'detached', timeout: 120_000 }))
      .then(() => performance.now() - start)
    await previewPainted(page)
    const firstMs = performance.now() - start
    await page.getByRole('tab', { name: 'YAML' }).click()
    const at = await page.evaluate(() => {
      const text = window.studio.view!.state.doc.toString()
      const title = /^title: .*$/m.exec(text)
      if (!title) throw new Error('The page has no title line to type in')
      return title.index + title[0].length
    })
    await page.evaluate((a) => window.studio.view!.dispatch({ selection: { anchor: a } }), at)
    await page.locator('.cm-content').focus()
    const previews: number[] = []
    for (let i = 0; i < edits; i++) {
      const t = await pressTimed(page, i % 2 === 0 ? 'x' : 'Backspace', true)
      previews.push(t.previewed! - t.edited)
      await page.waitForTimeout(350)
    }
    return { firstMs, previewP90: p90(previews), edits, checkedMs: await checked }
  } finally {
    await browser.close()
    await stop()
  }
}

/** The page's first block in both of the preview's widths. */
async function previewPainted(page: Page): Promise<void> {
  await page.frameLocator('iframe.desktop').locator('[data-studio-block="0"]').first().waitFor({ state: 'attached', timeout: 120_000 })
  await page.frameLocator('iframe.phone').locator('[data-studio-block="0"]').first().waitFor({ state: 'attached', timeout: 120_000 })
}

type Timing = (typeof window.studio.timings)[number]

/** One key in the YAML editor, and the studio's own timings of it: its marks set, and (when `previewed`) the preview painted. */
async function pressTimed(page: Page, key: string, previewed: boolean): Promise<Timing> {
  const before = await page.evaluate(() => window.studio.timings.length)
  await page.keyboard.press(key)
  const timing = await page.waitForFunction(
    ({ before, previewed }) => {
      const t = window.studio.timings[before]
      return t && t.marked !== undefined && (!previewed || t.previewed !== undefined) ? { ...t } : undefined
    },
    { before, previewed },
    { timeout: 10_000 },
  )
  return (await timing.jsonValue())!
}
