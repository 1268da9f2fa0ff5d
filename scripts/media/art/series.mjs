// Testimonial avatars (240x240) and the 7-step zoom-gallery landscape series (1200x800).
import { C, R, Ci, P, G, rep, rng, mix, svg, bust } from './lib.mjs';

const grain = (w, h, o) => R(0, 0, w, h, '#000', { filter: 'url(#grain)', opacity: o });

const avatar = (bg1, bg2, accent, skin, shirt, hair, style, accentShape) => () => svg(240, 240,
  `<linearGradient id="abg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>` +
  R(0, 0, 240, 240, 'url(#abg)') + accentShape(accent) + bust(120, 252, 1.5, skin, shirt, hair, style) + grain(240, 240, 0.3));

export const avatars = [
  avatar(C.mint, '#9fe6c4', C.green, '#d9c7a7', C.teal, C.ink, 0, (a) => Ci(178, 62, 46, a, { opacity: 0.55 })),
  avatar('#5f8fc7', C.blue2, C.mint, '#8a6a4f', C.green, C.ink2, 1, (a) => P('M0 150 L120 30 L240 150 V240 H0 Z', a, { opacity: 0.18 })),
  avatar(C.sand, '#ddd2bd', C.blue, '#f3dccb', C.blue, C.teal, 2, (a) => R(-40, 150, 320, 30, a, { opacity: 0.2, transform: 'rotate(-20 120 120)' }) + Ci(50, 60, 22, C.green, { opacity: 0.6 })),
];

// Layered ridge landscape; step k zooms in (near layers zoom faster = parallax) while the palette sweeps dawn -> night.
function ridge(seed, base, amp, w = 1200) {
  const r = rng(seed);
  const waves = [1, 2, 3, 5].map((f) => [f, r() * 6.28, (r() * 0.6 + 0.4) / f]);
  const pts = [];
  for (let x = -400; x <= w + 400; x += 20) {
    const y = base - amp * waves.reduce((s, [f, ph, a]) => s + a * Math.sin((x / w) * Math.PI * 2 * f * 0.8 + ph), 0);
    pts.push(`${x} ${y.toFixed(1)}`);
  }
  return `M${pts.join(' L')} L${w + 400} 1400 L-400 1400 Z`;
}
const ramp = (stops, t) => {
  const s = t * (stops.length - 1); const i = Math.min(Math.floor(s), stops.length - 2);
  return mix(stops[i], stops[i + 1], s - i);
};

export const animSeries = Array.from({ length: 7 }, (_, k) => () => {
  const t = k / 6;
  const skyTop = ramp([C.mint, '#9fd0c4', C.blue, C.teal, C.ink], t);
  const skyBot = ramp([C.sand, C.mint, '#bfe3d8', C.blue, C.teal], t);
  const sunY = 240 + t * 260, sunC = ramp([C.white, C.green, C.mint], t);
  const layers = [
    [ramp([C.mint, '#8fd3b8', C.blue, C.teal2], t), 440, 60],
    [ramp(['#8fd3b8', C.green, C.teal3, C.teal], t), 500, 70],
    [ramp([C.green, C.teal3, C.teal2, C.ink2], t), 570, 60],
    [ramp([C.teal3, C.teal2, C.teal, C.ink], t), 640, 50],
    [ramp([C.teal, C.ink2, C.ink, '#080e18'], t), 720, 40],
  ];
  const body =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBot}"/></linearGradient>` +
    R(0, 0, 1200, 800, 'url(#sky)') +
    G(`translate(600,520) scale(${1 + t * 0.25}) translate(-600,-520)`, Ci(760, sunY, 220, sunC, { opacity: 0.25, filter: 'url(#blur)' }) + Ci(760, sunY, 90, sunC, { opacity: 0.9 })) +
    (t > 0.5 ? rep(30, (i) => { const r = rng(40 + i); return Ci(r() * 1200, r() * 380, 1 + r() * 1.5, C.white, { opacity: ((t - 0.5) * 1.6 * r()).toFixed(2) }); }) : '') +
    layers.map(([col, base, amp], i) => {
      const z = 1 + t * 0.35 * (i + 1);
      return G(`translate(600,560) scale(${z.toFixed(3)}) translate(-600,-560)`,
        P(ridge(7 + i * 13, base, amp), col) +
        R(-400, base - 40, 2000, 90, C.white, { opacity: (0.08 * (1 - t)).toFixed(3), filter: 'url(#blur)' }));
    }).join('') +
    grain(1200, 800, 0.35);
  return svg(1200, 800, body);
});
