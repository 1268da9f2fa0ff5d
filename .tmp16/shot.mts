import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../scripts/chromium'
const [url, out, width, sel] = process.argv.slice(2)
const b = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const p = await b.newPage({ viewport: { width: Number(width), height: 900 } })
await p.goto(url!)
await p.waitForTimeout(1500)
if (sel) { const l = p.locator(sel).first(); await l.scrollIntoViewIfNeeded(); await l.screenshot({ path: out! }) } else await p.screenshot({ path: out!, fullPage: true })
await b.close()
