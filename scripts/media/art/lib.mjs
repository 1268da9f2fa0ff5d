// Tiny SVG templating helpers shared by all generated artwork.
export const C = {
  ink: '#0e1726', teal: '#12343b', green: '#2fd18b', mint: '#c8f5df',
  sand: '#efe9dd', white: '#ffffff', blue: '#3b6ea8',
  // derived tints (mixes of the brand colours)
  teal2: '#1d4d56', teal3: '#2a6670', ink2: '#17243a', sand2: '#e2d9c8',
  mint2: '#e6fbf0', blue2: '#2a5282', blue3: '#8fb3dc', green2: '#1fa86d',
};

const a = (o = {}) => Object.entries(o).map(([k, v]) => `${k.replace(/_/g, '-')}="${v}"`).join(' ');
export const R = (x, y, w, h, fill, o = {}) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${a(o)}/>`;
export const Ci = (cx, cy, r, fill, o = {}) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${a(o)}/>`;
export const El = (cx, cy, rx, ry, fill, o = {}) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${a(o)}/>`;
export const P = (d, fill, o = {}) => `<path d="${d}" fill="${fill}" ${a(o)}/>`;
export const S = (d, stroke, w = 4, o = {}) => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" ${a(o)}/>`;
export const L = (x1, y1, x2, y2, stroke, w = 2, o = {}) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" ${a(o)}/>`;
export const G = (t, body, o = {}) => `<g transform="${t}" ${a(o)}>${body}</g>`;
export const poly = (pts) => pts.map((p, i) => `${i ? 'L' : 'M'}${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join(' ');
export const rep = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('');

// deterministic PRNG so every run produces identical files
export function rng(seed = 1) {
  let s = seed >>> 0;
  return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

export const lerp = (x, y, t) => x + (y - x) * t;
export function mix(c1, c2, t) {
  const h = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [p, q] = [h(c1), h(c2)];
  return '#' + p.map((v, i) => Math.round(lerp(v, q[i], t)).toString(16).padStart(2, '0')).join('');
}

// Shared <defs>: gradients, grain, soft shadow, glow blur, dot patterns.
export const defs = (extra = '') => `<defs>
<linearGradient id="gGreen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.green}"/><stop offset="1" stop-color="${C.green2}"/></linearGradient>
<linearGradient id="gTeal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.teal3}"/><stop offset="1" stop-color="${C.teal}"/></linearGradient>
<linearGradient id="gBlue" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f86c2"/><stop offset="1" stop-color="${C.blue2}"/></linearGradient>
<linearGradient id="gMint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.white}"/><stop offset="1" stop-color="${C.mint}"/></linearGradient>
<radialGradient id="gGlow"><stop offset="0" stop-color="${C.green}" stop-opacity=".55"/><stop offset="1" stop-color="${C.green}" stop-opacity="0"/></radialGradient>
<radialGradient id="gGlowW"><stop offset="0" stop-color="${C.white}" stop-opacity=".7"/><stop offset="1" stop-color="${C.white}" stop-opacity="0"/></radialGradient>
<radialGradient id="gGlowB"><stop offset="0" stop-color="${C.blue}" stop-opacity=".6"/><stop offset="1" stop-color="${C.blue}" stop-opacity="0"/></radialGradient>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".8" numOctaves="2" seed="7" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 .5  0 0 0 0 .5  0 0 0 0 .5  1.2 0 0 0 -.52"/></filter>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="${C.ink}" flood-opacity=".18"/></filter>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="24"/></filter>
<filter id="blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>
<pattern id="dotsD" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="${C.ink}" fill-opacity=".16"/></pattern>
<pattern id="dotsL" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="${C.white}" fill-opacity=".14"/></pattern>
${extra}</defs>`;

export const svg = (w, h, body, { vw = w, vh = h, extraDefs = '' } = {}) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vw} ${vh}">${defs(extraDefs)}${body}</svg>`;

// Background themes for illustrations: [top-left, bottom-right, dark?]
export const THEMES = {
  sand: ['#f7f3ec', C.sand, false],
  mint: [C.mint2, C.mint, false],
  white: ['#ffffff', '#eef6f1', false],
  teal: [C.teal3, C.teal, true],
  ink: [C.ink2, C.ink, true],
  blue: [C.blue, C.ink, true],
  dusk: [C.teal, C.ink, true],
};

// Editorial card frame: gradient bg, soft decorative blobs, dot field, subtle grain.
export function card(theme, body, { w = 800, h = 600, dots = [560, 40, 200, 130], blobs = true } = {}) {
  const [c1, c2, dark] = THEMES[theme];
  const bg = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`;
  const deco = blobs
    ? (dark
      ? Ci(w * 0.82, h * 0.15, 180, C.green, { opacity: 0.1, filter: 'url(#blur)' }) + Ci(w * 0.12, h * 0.9, 220, C.blue, { opacity: 0.18, filter: 'url(#blur)' })
      : Ci(w * 0.85, h * 0.12, 170, C.white, { opacity: 0.55, filter: 'url(#blur)' }) + Ci(w * 0.1, h * 0.92, 200, C.green, { opacity: 0.12, filter: 'url(#blur)' }))
    : '';
  const dotField = dots ? R(dots[0], dots[1], dots[2], dots[3], `url(#${dark ? 'dotsL' : 'dotsD'})`) : '';
  return svg(w, h, R(0, 0, w, h, 'url(#bg)') + deco + dotField + body + R(0, 0, w, h, '#000', { filter: 'url(#grain)', opacity: dark ? 0.3 : 0.35 }), { extraDefs: bg });
}

// Abstract avatar bust (no face): head + shoulders + optional hair shape.
export function bust(x, y, s, skin, shirt, hair = null, style = 0) {
  let hairShape = '';
  if (hair) {
    if (style === 0) hairShape = P('M-33 -88 A33 33 0 0 1 33 -88 Q 0 -80 -33 -88 Z', hair);
    if (style === 1) hairShape = R(-37, -124, 74, 96, hair, { rx: 34 }) ;
    if (style === 2) hairShape = Ci(0, -126, 15, hair) + P('M-33 -90 A33 33 0 0 1 33 -90 Q 0 -84 -33 -90 Z', hair);
    if (style === 3) hairShape = P('M-33 -80 A33 33 0 0 1 33 -88 Q 2 -98 -33 -80 Z', hair);
  }
  const back = style === 1 ? hairShape : '';
  const front = style === 1 ? P('M-33 -88 A33 33 0 0 1 33 -88 Q 0 -100 -33 -88 Z', hair) : hairShape;
  return G(`translate(${x},${y}) scale(${s})`,
    back + P('M-62 0 Q -62 -52 0 -56 Q 62 -52 62 0 Z', shirt) + R(-11, -66, 22, 16, skin, { rx: 6 }) + Ci(0, -88, 30, skin) + front);
}
