// Renders all marketing artwork: SVG (templated in ./art) -> PNG (headless Chromium) -> WebP/WebM/MP4 (ffmpeg).
// Usage: node scripts/media/render.mjs [--stills-only | --portraits-only] [filter-substring ...]
import { chromium } from 'playwright';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { illustrations } from './art/illustrations.mjs';
import { avatars, animSeries } from './art/series.mjs';
import { heroStills, sectionPictures } from './art/subjects.mjs';
import { videos, VIDEO } from './art/videos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const IMG = path.join(root, 'public/media/img');
const VID = path.join(root, 'public/media/video');
const KB = 1024;
const stillsOnly = process.argv.includes('--stills-only');
const portraitsOnly = process.argv.includes('--portraits-only');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const want = (name) => !filters.length || filters.some((f) => name.includes(f));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'media-build-'));
fs.mkdirSync(IMG, { recursive: true });
fs.mkdirSync(VID, { recursive: true });

function ff(args) {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('ffmpeg failed: ' + args.join(' '));
}
const size = (f) => fs.statSync(f).size;

// PNG -> WebP, stepping quality down until under the byte limit.
function toWebp(png, out, limit) {
  for (const q of [80, 72, 64, 56, 48, 40, 32]) {
    ff(['-i', png, '-c:v', 'libwebp', '-quality', String(q), '-compression_level', '6', '-preset', 'drawing', out]);
    if (size(out) < limit) return q;
  }
  throw new Error(`${out} still over ${limit} bytes`);
}

// Smaller copies for small screens, as name-480w.webp beside name.webp: the
// build finds them and lists them in the image's srcset.
const variantWidths = [480, 800, 1280];
function variants(png, name, w, h) {
  for (const vw of variantWidths.filter((v) => v < w)) {
    const out = path.join(IMG, `${name}-${vw}w.webp`);
    const scaled = path.join(tmp, `${name}-${vw}w.png`);
    ff(['-i', png, '-vf', `scale=${vw}:-2:flags=lanczos`, scaled]);
    const q = toWebp(scaled, out, (vw > 800 ? 64 : 40) * KB);
    log(out, vw, Math.round((h * vw) / w / 2) * 2, `q${q}`);
  }
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const pages = new Map();
// scale > 1 renders the same SVG at scale x its pixel size (the art is vector, so it stays sharp).
async function shot(svgText, w, h, file, scale = 1) {
  const key = `${w}x${h}@${scale}`;
  if (!pages.has(key)) {
    const p = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: scale });
    await p.setContent('<!doctype html><style>html,body{margin:0;background:#0e1726;overflow:hidden}svg{display:block}</style><div id="s"></div>');
    pages.set(key, p);
  }
  const p = pages.get(key);
  await p.evaluate((t) => { document.getElementById('s').innerHTML = t; }, svgText);
  await p.screenshot({ path: file, clip: { x: 0, y: 0, width: w, height: h } });
}

const report = [];
const log = (file, w, h, extra = '') => {
  const line = `${path.relative(root, file).padEnd(46)} ${`${w}x${h}`.padStart(9)} ${String(size(file)).padStart(7)} B ${extra}`;
  report.push(line); console.log(line);
};

// 1. Section illustrations (800x600; the hub accordion's card pictures at 2x, 1600x1200, because an open
// card shows its picture up to ~680 CSS px wide), page-specific section pictures (800x600), avatars (240x240),
// zoom-gallery series (1200x800), and each audience page's hero still (1280x720: the poster under its video,
// like the hubs' own posters, so no smaller copies).
const cardPicture = /^(b2b|investor|leaders|healthcare|social|media)-/;
const stills = [
  ...Object.entries(illustrations).map(([n, f]) => [n, f, 800, 600, cardPicture.test(n) ? 2 : 1]),
  ...Object.entries(sectionPictures).map(([n, f]) => [n, f, 800, 600, 1]),
  ...avatars.map((f, i) => [`avatar-${i + 1}`, f, 240, 240, 1]),
  ...animSeries.map((f, i) => [`anim-${i + 1}`, f, 1200, 800, 1]),
];
for (const [name, fn, w, h, scale] of stills) {
  if (portraitsOnly || !want(name)) continue;
  const png = path.join(tmp, `${name}.png`);
  await shot(fn(), w, h, png, scale);
  const out = path.join(IMG, `${name}.webp`);
  const q = toWebp(png, out, 80 * KB);
  log(out, w * scale, h * scale, `q${q}`);
  variants(png, name, w * scale, h * scale);
}
for (const [name, fn] of Object.entries(heroStills)) {
  if (portraitsOnly || !want(name)) continue;
  const png = path.join(tmp, `${name}.png`);
  await shot(fn(), 1280, 720, png);
  const out = path.join(IMG, `${name}.webp`);
  const q = toWebp(png, out, 80 * KB);
  log(out, 1280, 720, `q${q}`);
}

// Phone crops. On a phone a hero is a tall box, and `object-fit: cover` keeps
// only the middle strip of its 1280x720 still, enlarged about twice. The
// still is the page's largest paint, so its bytes are the phone's LCP:
// name-portrait.webp is that middle strip drawn again from the vector art,
// sharp at a phone's pixel density and a fraction of the bytes.
// components/backdrop.tsx shows it on narrow screens.
const PORTRAIT = { w: 486, h: 864, scale: 1.2, limit: 12 * KB };
async function portrait(svgText, dir, name) {
  const png = path.join(tmp, `${name}-wide@${PORTRAIT.scale}.png`);
  await shot(svgText, 1280, 720, png, PORTRAIT.scale);
  const cropped = path.join(tmp, `${name}-portrait.png`);
  const wide = Math.round(1280 * PORTRAIT.scale);
  ff(['-i', png, '-vf', `crop=${PORTRAIT.w}:${PORTRAIT.h}:${(wide - PORTRAIT.w) / 2}:0`, cropped]);
  const out = path.join(dir, `${name}-portrait.webp`);
  const q = toWebp(cropped, out, PORTRAIT.limit);
  log(out, PORTRAIT.w, PORTRAIT.h, `q${q}`);
}
for (const [name, fn] of Object.entries(heroStills)) if (want(name)) await portrait(fn(), IMG, name);
for (const [cat, fn] of Object.entries(videos)) if (want(`${cat}-poster`)) await portrait(fn(0, 1280, 720), VID, `${cat}-poster`);
// And the loop's middle strip for phones (name-portrait.webm/.mp4), cut from
// the wide files: what a phone showed of them before, in a third of the
// bytes. Its frames are also smaller than the phone's still, so the browser
// keeps the still, painted first, as the largest paint.
function portraitLoop(cat) {
  const { W: w, H: h } = VIDEO;
  const strip = Math.round((h * PORTRAIT.w) / PORTRAIT.h / 2) * 2;
  const crop = `crop=${strip}:${h}:${(w - strip) / 2}:0`;
  const webm = path.join(VID, `${cat}-portrait.webm`);
  ff(['-i', path.join(VID, `${cat}.webm`), '-vf', crop, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-an', webm]);
  log(webm, strip, h, 'vp9 crf36');
  const mp4 = path.join(VID, `${cat}-portrait.mp4`);
  ff(['-i', path.join(VID, `${cat}.mp4`), '-vf', crop, '-c:v', 'libx264', '-preset', 'slow', '-crf', '28', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart', '-an', mp4]);
  log(mp4, strip, h, 'h264 crf28');
}

// 2. Looping videos + posters
const { W, H, FPS, SECONDS } = VIDEO;
const N = FPS * SECONDS;
for (const [cat, fn] of Object.entries(videos)) {
  if (stillsOnly || portraitsOnly || !want(cat)) continue;
  const dir = path.join(tmp, cat);
  fs.mkdirSync(dir);
  // frame i uses phase i/N in [0,1): frame N would equal frame 0, so the loop is seamless
  for (let i = 0; i < N; i++) await shot(fn(i / N, W, H), W, H, path.join(dir, `f${String(i).padStart(4, '0')}.png`));
  const posterPng = path.join(tmp, `${cat}-poster.png`);
  await shot(fn(0, 1280, 720), 1280, 720, posterPng);
  const poster = path.join(VID, `${cat}-poster.webp`);
  const q = toWebp(posterPng, poster, 80 * KB);
  log(poster, 1280, 720, `q${q}`);

  const input = ['-framerate', String(FPS), '-i', path.join(dir, 'f%04d.png')];
  const webm = path.join(VID, `${cat}.webm`);
  for (const crf of [36, 40, 44, 48, 52, 56, 60]) {
    ff([...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-row-mt', '1',
      '-deadline', 'good', '-cpu-used', '2', '-g', String(N), '-an', webm]);
    if (size(webm) < 290 * KB) { log(webm, W, H, `vp9 crf${crf}`); break; }
  }
  const mp4 = path.join(VID, `${cat}.mp4`);
  for (const crf of [26, 28, 30, 32, 34, 36, 38]) {
    ff([...input, '-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-profile:v', 'high',
      '-g', String(N), '-movflags', '+faststart', '-an', mp4]);
    if (size(mp4) < 290 * KB) { log(mp4, W, H, `h264 crf${crf}`); break; }
  }
  if (size(webm) >= 300 * KB || size(mp4) >= 300 * KB) throw new Error(`${cat} video over size budget`);
}
for (const cat of Object.keys(videos)) if (want(cat) && !stillsOnly) portraitLoop(cat);

await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${report.length} files written.`);
