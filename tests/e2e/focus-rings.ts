import type { Page } from '@playwright/test'
import { expect } from './tab'
import { pages } from './site'

/**
 * WCAG 2.2's focus appearance, on one page of each kind, at both widths: as
 * Tab walks every control, the ring it draws is at least 2 px thick and has
 * 3:1 contrast with what lies around it (the colour of the nearest box
 * behind the control that paints one). A green ring on sand is 1.6:1.
 * pipeline.spec.ts runs it in its test of each of these routes, on the
 * load it already makes.
 */
const kinds = ['/', ...['audience-accordion', 'hero', 'media-text', 'table', 'faq', 'text-section', 'steps', 'zoom-gallery'].map((type) => pages.find(({ page }) => page.blocks.some((b) => b.type === type))?.route ?? '/')]
export const focusRingRoutes: ReadonlySet<string> = new Set(kinds)

/** What the check's step is called. */
export const focusRingsSay = 'every focus ring is 2 px or more, at 3:1 against what is around it'

/** Tab from the top of the open page through every control, back to the first; each ring's faults. */
export async function expectFocusRings(page: Page): Promise<void> {
  const faults: string[] = []
  const seen = new Set<string>()
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab')
    const ring = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null
      if (!active || active === document.body) return undefined
      // A radio drawn as its label (the hub cards) shows its ring on the label;
      // a field inside a pill (the footer's sign-up) shows it on the pill.
      const labelled = active.matches('input[type="radio"]') ? (document.querySelector(`label[for="${CSS.escape(active.id)}"]`) as HTMLElement) : active
      const wrapper = active.parentElement
      const shown = getComputedStyle(labelled).outlineStyle === 'none' && wrapper && getComputedStyle(wrapper).outlineStyle !== 'none' ? wrapper : labelled
      const style = getComputedStyle(shown)
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
      const luminance = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      // What is painted where the ring is drawn: the first box under that
      // point, other than the control itself, with a colour of its own.
      const box = shown.getBoundingClientRect()
      const offset = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) / 2
      const x = box.left - offset >= 1 ? box.left - offset : box.right + offset
      const y = Math.min(Math.max(box.top + box.height / 2, 1), innerHeight - 1)
      // A translucent box is seen over what is under it: the colours are laid
      // one over another, from the first opaque box (or the white page) up.
      const layers: number[][] = []
      for (const el of document.elementsFromPoint(x, y)) {
        if (shown.contains(el)) continue
        const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(el).backgroundColor)
        if (a === 0) continue
        layers.push([r, g, b, a])
        if (a === 1) break
      }
      const seen = layers.reduceRight((below, [lr, lg, lb, la]) => [lr! * la! + below[0]! * (1 - la!), lg! * la! + below[1]! * (1 - la!), lb! * la! + below[2]! * (1 - la!)], [255, 255, 255])
      const behind = `rgb(${seen.map(Math.round).join(', ')})`
      const [a, b] = [luminance(style.outlineColor), luminance(behind)]
      return {
        name: `${shown.tagName.toLowerCase()} "${(shown.textContent ?? '').trim().slice(0, 40)}"`,
        key: `${box.x},${box.y + scrollY}`,
        width: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
        contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
        colours: `${style.outlineColor} on ${behind}`,
      }
    })
    if (!ring || seen.has(ring.key)) break // back at the start: every control seen
    seen.add(ring.key)
    if (ring.width < 2 || ring.contrast < 3) faults.push(`${ring.name}: ${ring.width}px, ${ring.contrast.toFixed(2)}:1 (${ring.colours})`)
  }
  expect(seen.size).toBeGreaterThan(5)
  expect(faults).toEqual([])
}
