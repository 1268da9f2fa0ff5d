/**
 * `npm run share-images`: the pictures link previews and home screens use,
 * written under public/ and committed like the rest of the site's media.
 *
 * - Beside each picture a page shows first (its link preview), "x-share.jpg":
 *   the picture cut to 1200 x 630 as a JPEG, the size and format Open Graph
 *   and Twitter cards show whole (the site's pictures are WebP at 16:9).
 *   The studio's import makes the same copy of every picture it brings in
 *   (encodeShareCopy); this makes them for pictures that came another way.
 * - From public/favicon.svg: favicon.ico (16, 32 and 48 px), an opaque
 *   apple-touch-icon.png, the manifest's 192 and 512 px icons, and
 *   media/img/site-share.jpg, the preview of a page without a picture.
 *
 * A file already there is left as it is, unless --again is given.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { loadSite, projectPaths } from '../../src/compiler/index.ts'
import { siteIcons, sitePreview } from '../../src/shared/site-icons.ts'
import { readArguments } from '../command-line.ts'
import { encodeShareCopy } from '../../src/studio/server/media/encode-picture.ts'

const root = join(import.meta.dirname, '../..')
const publicDir = join(root, 'public')
const { again = false } = readArguments(() => parseArgs({ options: { again: { type: 'boolean' } } }).values, 'npm run share-images [-- --again]')
/** The brand's dark blue: index.html's theme-color, behind the icon's rounded corners where a platform wants a square. */
const brandDark = '#0e1726'

function write(path: string, bytes: Uint8Array): void {
  const file = join(publicDir, path)
  if (existsSync(file) && !again) return
  const temp = join(dirname(file), `.${Date.now()}.tmp`)
  writeFileSync(temp, bytes)
  renameSync(temp, file)
  console.log(`Wrote public${path} (${(bytes.length / 1024).toFixed(1)} KB).`)
}


/** An ICO holding PNGs (every browser since 2008 reads them): a 6-byte header, a 16-byte entry each, then the images. */
function ico(pngs: { size: number; bytes: Uint8Array }[]): Uint8Array {
  const header = Buffer.alloc(6 + 16 * pngs.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  let offset = header.length
  pngs.forEach(({ size, bytes }, i) => {
    const at = 6 + 16 * i
    header.writeUInt8(size % 256, at)
    header.writeUInt8(size % 256, at + 1)
    header.writeUInt16LE(1, at + 4)
    header.writeUInt16LE(32, at + 6)
    header.writeUInt32LE(bytes.length, at + 8)
    header.writeUInt32LE(offset, at + 12)
    offset += bytes.length
  })
  return Buffer.concat([header, ...pngs.map((p) => p.bytes)])
}

const svg = readFileSync(join(publicDir, 'favicon.svg'))
const icon = (size: number) => sharp(svg, { density: (72 * size) / 32 }).resize(size, size)
write(siteIcons.ico, ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, bytes: await icon(size).png().toBuffer() })))))
write(siteIcons.touch, await icon(180).flatten({ background: brandDark }).png().toBuffer())
write(siteIcons.small, await icon(192).png().toBuffer())
write(siteIcons.large, await icon(512).png().toBuffer())

// The site's own preview: the mark on the brand's dark blue, with the name beside it.
const loaded = loadSite(projectPaths(root))
const site = loaded.site
const name = (site?.brand ?? '').replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)
const card = `<svg xmlns="http://www.w3.org/2000/svg" width="${sitePreview.width}" height="${sitePreview.height}">
  <rect width="100%" height="100%" fill="${brandDark}"/>
  <circle cx="1040" cy="80" r="340" fill="#2fd18b" opacity=".12"/>
  <circle cx="1120" cy="600" r="220" fill="#3b6ea8" opacity=".18"/>
  <text x="300" y="345" font-family="Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#ffffff">${name}</text>
</svg>`
const mark = await icon(180).png().toBuffer()
write(sitePreview.src, await encodeShareCopy(await sharp(Buffer.from(card)).composite([{ input: mark, left: 90, top: 225 }]).png().toBuffer()))

// Each page's first picture, cut to the preview's shape around its middle.
const pictures = new Set(loaded.pages.flatMap((page) => (page.image ? [page.image] : [])))
for (const picture of pictures) {
  const share = picture.replace(/\.[a-z0-9]+$/i, '-share.jpg')
  if (share === picture) continue
  write(share, await encodeShareCopy(readFileSync(join(publicDir, picture))))
}
