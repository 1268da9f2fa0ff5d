// Seamlessly looping hero animations. Each fn(p, w, h) draws phase p in [0,1) on a 960x540 canvas
// (scaled to w x h). Every motion is periodic in p, so frame N == frame 0.
import { C, R, Ci, El, P, S, L, G, poly, rep, rng, mix, svg } from './lib.mjs';

export const VIDEO = { W: 960, H: 540, FPS: 24, SECONDS: 5 };
const W = 960, H = 540, TAU = Math.PI * 2;
const f1 = (n) => n.toFixed(1);
const wave = (p, ph = 0, k = 1) => Math.sin(TAU * (k * p + ph));

// shared: darkening vignette on the left (headline side) + bottom
const shade = `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${C.ink}" stop-opacity=".55"/><stop offset=".6" stop-color="${C.ink}" stop-opacity=".1"/><stop offset="1" stop-color="${C.ink}" stop-opacity=".25"/></linearGradient>
<radialGradient id="vig" cx=".55" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>`;
const finish = R(0, 0, W, H, 'url(#shade)') + R(0, 0, W, H, 'url(#vig)');
const frame = (w, h, bg, body) => svg(w, h, body + finish, { vw: W, vh: H, extraDefs: shade + bg });
const lin = (id, a, b, x2 = 1, y2 = 1) => `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
const rad = (id, c, o = 0.6) => `<radialGradient id="${id}"><stop offset="0" stop-color="${c}" stop-opacity="${o}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;

export const videos = {
  // blueprint grid drifting diagonally, wireframe boxes drawing themselves, a scanning beam
  b2b: (p, w, h) => {
    const o = p * 120;
    const grid = G(`translate(${f1(-o)},${f1(-o * 0.5)})`,
      rep(60, (i) => L(i * 24, -60, i * 24, H + 120, C.blue3, 1, { opacity: i % 5 ? 0.07 : 0.2 })) +
      rep(30, (i) => L(-60, i * 24, W + 240, i * 24, C.blue3, 1, { opacity: i % 5 ? 0.07 : 0.2 })) +
      rep(10, (i) => rep(6, (j) => Ci(i * 120, j * 120, 3, C.mint, { opacity: (0.35 + 0.3 * wave(p, (i * 7 + j * 3) / 10)).toFixed(2) }))));
    const iso = (x, y, s, col, ph) => {
      const d = `M${x} ${y} l${52 * s} ${-30 * s} l${52 * s} ${30 * s} l${-52 * s} ${30 * s} Z M${x} ${y} v${70 * s} l${52 * s} ${30 * s} l${52 * s} ${-30 * s} v${-70 * s} M${x + 52 * s} ${y + 30 * s} v${70 * s}`;
      return S(d, col, 2, { opacity: 0.9, stroke_dasharray: '14 10', stroke_dashoffset: f1(-(p + ph) * 48) }) + S(d, col, 6, { opacity: 0.12 });
    };
    const bx = -260 + p * (W + 520);
    return frame(w, h, lin('bg', '#12304a', C.ink) + `<linearGradient id="beam" x1="0" x2="1"><stop offset="0" stop-color="${C.green}" stop-opacity="0"/><stop offset=".5" stop-color="${C.green}" stop-opacity=".22"/><stop offset="1" stop-color="${C.green}" stop-opacity="0"/></linearGradient>` + rad('glow', C.blue, 0.5),
      R(0, 0, W, H, 'url(#bg)') + El(700, 250, 420, 300, 'url(#glow)') + grid +
      iso(560, 220, 1.6, C.mint, 0) + iso(720, 300, 1.1, C.green, 0.5) + iso(640, 380, 0.8, C.blue3, 0.25) +
      R(bx, 0, 260, H, 'url(#beam)') + L(bx + 130, 0, bx + 130, H, C.green, 1.5, { opacity: 0.35 }));
  },

  // breathing candlesticks on a rising diagonal, glowing trend line, rising sparks
  investor: (p, w, h) => {
    const r = rng(21);
    const n = 22;
    const cs = Array.from({ length: n }, (_, i) => ({ ph: r(), a: 10 + r() * 16, len: 30 + r() * 60, wick: 14 + r() * 20 }));
    let body = '', pts = [];
    cs.forEach((c, i) => {
      const x = 60 + i * 42, mid = 400 - i * 12 + 26 * Math.sin(i * 1.3) + c.a * wave(p, c.ph);
      const len = c.len * (0.8 + 0.2 * wave(p, c.ph + 0.25)), up = i % 3 !== 1;
      pts.push([x + 9, mid - (up ? len / 2 : -len / 2)]);
      body += L(x + 9, mid - len / 2 - c.wick, x + 9, mid + len / 2 + c.wick, up ? C.green : C.blue3, 2, { opacity: 0.45 }) +
        R(x, f1(mid - len / 2), 18, f1(len), up ? C.green : C.blue, { rx: 3, opacity: up ? 0.55 : 0.6 });
    });
    const sparks = rep(26, (i) => { const q = rng(100 + i); const x = q() * W, y0 = q() * H, sp = 1; const y = ((y0 - p * sp * H) % H + H) % H; return R(f1(x), f1(y), 2, 10 + q() * 18, i % 3 ? C.mint : C.green, { rx: 1, opacity: (0.15 + q() * 0.3).toFixed(2) }); });
    return frame(w, h, lin('bg', '#0f2436', C.ink, 0.3, 1) + rad('glow', C.green, 0.35) + rad('glowB', C.blue, 0.55),
      R(0, 0, W, H, 'url(#bg)') + El(200, 520, 500, 260, 'url(#glowB)') + El(760, 120, 380, 220, 'url(#glow)') +
      rep(7, (i) => L(0, 80 + i * 70, W, 80 + i * 70, C.white, 1, { opacity: 0.05 })) + sparks + body +
      S(poly(pts), C.mint, 9, { opacity: 0.12 }) + S(poly(pts), C.mint, 2.5, { opacity: 0.85 }) +
      Ci(pts.at(-1)[0], pts.at(-1)[1], 7, C.green) + Ci(pts.at(-1)[0], pts.at(-1)[1], 30 + 8 * wave(p), 'url(#glow)'));
  },

  // slow concentric orbits: evenly spaced bodies rotate by one spacing per loop
  leaders: (p, w, h) => {
    const cx = 650, cy = 270;
    const orbit = (r, n, rot, size, col, dash) => Ci(cx, cy, r, 'none', { stroke: C.mint, stroke_width: 1.2, opacity: 0.16, stroke_dasharray: dash || 'none' }) +
      rep(n, (i) => { const ang = TAU * (i / n + rot * p / n); const x = cx + r * Math.cos(ang), y = cy + r * Math.sin(ang); return Ci(f1(x), f1(y), size * 2.4, 'url(#glowG)') + Ci(f1(x), f1(y), size, col); });
    return frame(w, h, `<radialGradient id="bg" cx=".68" cy=".5" r=".8"><stop offset="0" stop-color="${C.teal3}"/><stop offset=".45" stop-color="${C.teal}"/><stop offset="1" stop-color="${C.ink}"/></radialGradient>` +
      rad('glowG', C.green, 0.35) + rad('core', C.mint, 0.5) + lin('sphere', C.green, C.teal, 0.3, 1),
      R(0, 0, W, H, 'url(#bg)') +
      G(`rotate(${f1(p * 360 / 24)} ${cx} ${cy})`, Ci(cx, cy, 360, 'none', { stroke: C.mint, stroke_width: 1, opacity: 0.12, stroke_dasharray: `${(TAU * 360 / 48).toFixed(2)} ${(TAU * 360 / 48).toFixed(2)}` })) +
      orbit(300, 6, 1, 6, C.mint) + orbit(215, 4, -1, 9, C.green) + orbit(140, 3, 1, 7, C.blue3) +
      Ci(cx, cy, 150 + 10 * wave(p), 'url(#core)', { opacity: 0.6 }) + Ci(cx, cy, 64, 'url(#sphere)') + Ci(cx - 18, cy - 20, 22, C.white, { opacity: 0.12 }));
  },

  // soft drifting cells + a gently swaying hexagonal molecule
  healthcare: (p, w, h) => {
    const r = rng(9);
    const cells = Array.from({ length: 11 }, () => ({ x: 380 + r() * 620, y: r() * H, s: 26 + r() * 70, ph: r(), ax: 18 + r() * 30, ay: 14 + r() * 24, blur: r() > 0.55 }));
    const cellSvg = cells.map((c) => {
      const x = c.x + c.ax * wave(p, c.ph), y = c.y + c.ay * Math.cos(TAU * (p + c.ph));
      const nx = x + c.s * 0.22 * wave(p, c.ph + 0.3), ny = y - c.s * 0.18;
      return G('', Ci(f1(x), f1(y), f1(c.s), 'url(#cell)') + Ci(f1(x), f1(y), f1(c.s), 'none', { stroke: C.mint, stroke_width: 2, opacity: 0.3 }) +
        Ci(f1(nx), f1(ny), f1(c.s * 0.32), C.green, { opacity: 0.35 }), c.blur ? { filter: 'url(#soft)', opacity: 0.7 } : {});
    }).join('');
    const hx = (cx, cy, rr) => poly(Array.from({ length: 6 }, (_, i) => [cx + rr * Math.cos(TAU * i / 6), cy + rr * Math.sin(TAU * i / 6)])) + 'Z';
    const mol = G(`rotate(${f1(8 * wave(p))} 640 280) translate(0 ${f1(10 * Math.cos(TAU * p))})`,
      S(hx(600, 260, 46), C.mint, 3, { opacity: 0.7 }) + S(hx(680, 306, 46), C.mint, 3, { opacity: 0.7 }) + S('M726 306 L790 270 M554 260 L500 228 M680 352 L680 410', C.mint, 3, { opacity: 0.6 }) +
      [[790, 270, C.green], [500, 228, C.blue3], [680, 410, C.green], [646, 260, C.mint], [554, 260, C.mint]].map(([x, y, c], i) => Ci(x, y, 9 + 2 * wave(p, i / 5), c)).join(''));
    return frame(w, h, `<radialGradient id="bg" cx=".7" cy=".45" r=".8"><stop offset="0" stop-color="#17504f"/><stop offset=".5" stop-color="${C.teal}"/><stop offset="1" stop-color="${C.ink}"/></radialGradient>` +
      `<radialGradient id="cell" cx=".4" cy=".35"><stop offset="0" stop-color="${C.mint}" stop-opacity=".28"/><stop offset=".7" stop-color="${C.green}" stop-opacity=".12"/><stop offset="1" stop-color="${C.mint}" stop-opacity=".25"/></radialGradient>` +
      '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>',
      R(0, 0, W, H, 'url(#bg)') + cellSvg + mol);
  },

  // network of drifting nodes (edges fade with distance) + rising bubbles
  social: (p, w, h) => {
    const r = rng(4);
    const nodes = Array.from({ length: 22 }, () => ({ x: 300 + r() * 680, y: 20 + r() * 500, rr: 16 + r() * 34, ph: r(), dir: r() > 0.5 ? 1 : -1, s: 3 + r() * 5, c: [C.green, C.mint, C.blue3, C.sand][Math.floor(r() * 4)] }));
    const pos = nodes.map((n) => [n.x + n.rr * Math.cos(TAU * (n.dir * p + n.ph)), n.y + n.rr * Math.sin(TAU * (n.dir * p + n.ph))]);
    let edges = '';
    for (let i = 0; i < pos.length; i++) for (let j = i + 1; j < pos.length; j++) {
      const d = Math.hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]);
      if (d < 190) edges += L(f1(pos[i][0]), f1(pos[i][1]), f1(pos[j][0]), f1(pos[j][1]), C.mint, 1.3, { opacity: (0.4 * (1 - d / 190)).toFixed(3) });
    }
    const bubbles = rep(14, (i) => {
      const q = rng(200 + i); const x = 200 + q() * 760, y0 = q() * 270, rad_ = 6 + q() * 22;
      return rep(5, (k) => { const y = y0 + (k - 1) * 270 - p * 270 + 40; return Ci(f1(x + 10 * wave(p, q())), f1(y), f1(rad_), 'none', { stroke: C.mint, stroke_width: 1.5, opacity: 0.22 }); });
    });
    return frame(w, h, lin('bg', '#1b3553', C.ink, 0.4, 1) + rad('glowB', C.blue, 0.6) + rad('glowN', C.green, 0.5),
      R(0, 0, W, H, 'url(#bg)') + El(720, 200, 420, 300, 'url(#glowB)') + bubbles + edges +
      nodes.map((n, i) => Ci(f1(pos[i][0]), f1(pos[i][1]), n.s * 3, 'url(#glowN)', { opacity: 0.6 }) + Ci(f1(pos[i][0]), f1(pos[i][1]), n.s, n.c)).join(''));
  },

  // travelling sine waves, scanlines and a sweeping scan band
  media: (p, w, h) => {
    const waves = [[270, 60, 480, 1, C.green, 3], [290, 44, 320, 1, C.mint, 2], [250, 70, 960, 1, C.blue3, 2.5], [310, 36, 240, 2, C.green, 1.5], [280, 90, 640, 1, C.mint, 1.2], [260, 24, 192, 2, C.blue3, 1.5]];
    const wv = waves.map(([y0, amp, lam, k, col, sw], i) => {
      const pts = [];
      for (let x = 0; x <= W; x += 8) {
        const env = 0.35 + 0.65 * Math.sin(Math.PI * x / W);
        pts.push([x, y0 + amp * env * Math.sin(TAU * (x / lam - k * p) + i)]);
      }
      return S(poly(pts), col, sw * 4, { opacity: 0.08 }) + S(poly(pts), col, sw, { opacity: 0.75 });
    }).join('');
    const sy = -120 + p * (H + 240);
    return frame(w, h, lin('bg', '#132b45', C.ink, 0, 1) + rad('glow', C.green, 0.3) +
      `<pattern id="scan" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="1.4" fill="#000" fill-opacity=".35"/></pattern>` +
      `<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.mint}" stop-opacity="0"/><stop offset=".5" stop-color="${C.mint}" stop-opacity=".1"/><stop offset="1" stop-color="${C.mint}" stop-opacity="0"/></linearGradient>`,
      R(0, 0, W, H, 'url(#bg)') + El(600, 280, 460, 200, 'url(#glow)') + wv +
      rep(24, (i) => { const hh = 14 + 40 * Math.abs(Math.sin(TAU * (p + i / 24) + i * 0.7)) * (0.4 + 0.6 * Math.sin(Math.PI * i / 24)); return R(600 + i * 14, 470 - hh, 8, hh, C.green, { rx: 3, opacity: 0.35 }); }) +
      R(0, sy, W, 120, 'url(#band)') + R(0, 0, W, H, 'url(#scan)'));
  },
};
