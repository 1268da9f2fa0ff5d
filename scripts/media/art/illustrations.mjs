// 800x600 section illustrations. Each entry returns an SVG string.
import { C, R, Ci, El, P, S, L, G, poly, rep, rng, card, bust } from './lib.mjs';

const zigzag = (x0, y0, x1, y1, n, horizontal) => {
  // lattice diagonals between two parallel rails
  const pts = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    pts.push(horizontal ? [x0 + (x1 - x0) * t, i % 2 ? y1 : y0] : [i % 2 ? x1 : x0, y0 + (y1 - y0) * t]);
  }
  return poly(pts);
};
const capsule = (x, y, rot, s, c1, c2) => G(`translate(${x},${y}) rotate(${rot}) scale(${s})`,
  P('M0 -32 H-58 A32 32 0 0 0 -58 32 H0 Z', c1) + P('M0 -32 H58 A32 32 0 0 1 58 32 H0 Z', c2) +
  S('M-70 -16 H-30', '#fff', 6, { opacity: 0.45 }), { filter: 'url(#shadow)' });
const range = (n) => Array.from({ length: n }, (_, i) => i);
const hex = (cx, cy, r) => poly(range(6).map((i) => [cx + r * Math.cos(Math.PI / 3 * i), cy + r * Math.sin(Math.PI / 3 * i)])) + 'Z';
const heart = (x, y, s, f) => G(`translate(${x},${y}) scale(${s})`, P('M0 10 C -24 -8 -14 -30 0 -16 C 14 -30 24 -8 0 10 Z', f));
const star = (x, y, r, f, n = 5, k = 0.45) => P(poly(range(2 * n).map((i) => {
  const ang = Math.PI * i / n - Math.PI / 2; const rr = i % 2 ? r * k : r; return [x + rr * Math.cos(ang), y + rr * Math.sin(ang)];
})) + 'Z', f);
const lines = (x, y, widths, gap, col, h = 10, o = {}) => widths.map((w, i) => R(x, y + i * gap, w, h, col, { rx: h / 2, ...o })).join('');
const checkMark = (x, y, s, col, w = 6) => S(`M${x - 10 * s} ${y} l ${7 * s} ${8 * s} l ${14 * s} ${-16 * s}`, col, w);
const gear = (cx, cy, r, teeth, col) => {
  const pts = [];
  for (let i = 0; i < teeth * 4; i++) {
    const ang = (Math.PI * 2 * i) / (teeth * 4);
    const rr = i % 4 < 2 ? r : r * 0.82;
    pts.push([cx + rr * Math.cos(ang), cy + rr * Math.sin(ang)]);
  }
  return P(poly(pts) + 'Z', col);
};

export const illustrations = {
  // ───────────── B2B ─────────────
  'b2b-tradespeople': () => card('sand',
    Ci(400, 300, 215, C.mint) +
    G('translate(275,250) rotate(-32)', R(-11, 0, 22, 200, C.blue, { rx: 11 }) + R(-62, -42, 124, 44, C.ink, { rx: 9 }) + R(44, -42, 24, 44, C.teal2, { rx: 6 })) +
    G('translate(535,215) rotate(30)', R(-14, 20, 28, 200, C.green, { rx: 14 }) + P('M-14 -35.3 A38 38 0 1 0 14 -35.3 L14 -6 L-14 -6 Z', C.green)) +
    R(343, 248, 114, 70, 'none', { rx: 22, stroke: C.ink, stroke_width: 14 }) +
    G('', R(250, 318, 300, 150, 'url(#gTeal)', { rx: 16 }) + R(236, 294, 328, 56, C.teal2, { rx: 14 }) +
      R(296, 336, 34, 20, C.green, { rx: 5 }) + R(470, 336, 34, 20, C.green, { rx: 5 }) + R(250, 402, 300, 6, C.ink, { opacity: 0.25 }), { filter: 'url(#shadow)' }) +
    G('', R(170, 478, 460, 36, C.ink, { rx: 10 }) + R(378, 486, 44, 20, C.mint, { rx: 10 }) + Ci(396, 496, 6, C.green) +
      rep(8, (i) => R(196 + i * 20, 478, 3, 12, C.sand, { opacity: 0.7 })), { filter: 'url(#shadow)' }) +
    rep(3, (i) => L(600 + i * 14, 420 - i * 26, 640 + i * 14, 400 - i * 26, C.green, 5)),
  ),

  'b2b-retail': () => card('mint',
    R(190, 196, 420, 306, C.white, { rx: 8, filter: 'url(#shadow)' }) +
    R(178, 148, 444, 34, C.ink, { rx: 8 }) +
    rep(7, (i) => P(`M${190 + i * 60} 178 h60 v64 a30 30 0 0 1 -60 0 Z`, i % 2 ? C.white : C.green, { stroke: i % 2 ? C.sand2 : 'none' })) +
    R(222, 292, 200, 176, C.mint, { rx: 6 }) + R(222, 352, 200, 6, C.teal, { opacity: 0.35 }) + R(222, 412, 200, 6, C.teal, { opacity: 0.35 }) +
    R(240, 318, 30, 34, C.blue, { rx: 4 }) + R(278, 326, 24, 26, C.green, { rx: 4 }) + Ci(330, 338, 14, C.teal) + R(356, 314, 26, 38, C.teal2, { rx: 4 }) +
    R(242, 380, 44, 32, C.teal, { rx: 4 }) + Ci(316, 396, 16, C.blue) + R(344, 384, 56, 28, C.green, { rx: 4 }) +
    R(448, 292, 132, 210, 'url(#gTeal)', { rx: 6 }) + R(466, 312, 96, 110, C.mint, { rx: 4, opacity: 0.35 }) + Ci(560, 440, 7, C.green) +
    R(110, 500, 580, 12, C.teal, { rx: 6, opacity: 0.18 }) +
    G('translate(640,420)', P('M-50 0 H50 L58 110 H-58 Z', 'url(#gBlue)') + S('M-26 4 V-18 A26 26 0 0 1 26 -18 V4', C.ink, 8), { filter: 'url(#shadow)' }) +
    G('translate(712,470)', P('M-30 0 H30 L35 62 H-35 Z', C.green) + S('M-14 2 V-12 A14 14 0 0 1 14 -12 V2', C.ink, 6), { filter: 'url(#shadow)' }),
  ),

  'b2b-construction': () => card('sand',
    Ci(590, 210, 96, C.mint) + Ci(590, 210, 130, 'none', { stroke: C.green, stroke_width: 3, opacity: 0.5 }) +
    R(0, 512, 800, 88, C.ink, { opacity: 0.07 }) +
    // crane mast + jib
    L(222, 120, 222, 512, C.ink, 7) + L(256, 120, 256, 512, C.ink, 7) + S(zigzag(222, 140, 256, 512, 14, false), C.ink, 3) +
    L(110, 118, 660, 118, C.ink, 7) + L(150, 146, 660, 146, C.ink, 5) + S(zigzag(150, 118, 660, 146, 24, true), C.ink, 3) +
    P('M222 118 L239 70 L256 118 Z', C.ink) + L(239, 70, 120, 118, C.ink, 3) + L(239, 70, 640, 118, C.ink, 3) +
    R(112, 146, 70, 46, C.teal, { rx: 4 }) + R(262, 150, 44, 40, C.green, { rx: 4 }) +
    L(540, 146, 540, 286, C.ink, 3) + S('M532 286 h16 v10 a8 8 0 0 1 -16 0', C.ink, 4) +
    G('translate(540,310)', R(-90, -8, 180, 16, C.blue, { rx: 2 }) + R(-90, -14, 180, 6, C.blue2) + R(-90, 8, 180, 6, C.blue2), { filter: 'url(#shadow)' }) +
    // steel frame under construction
    rep(4, (i) => R(420 + i * 80, 352, 16, 160, C.teal)) +
    rep(3, (i) => R(412, 352 + i * 56, 276, 14, C.teal2)) +
    S('M436 366 L500 408 M500 366 L436 408 M596 422 L660 464 M660 422 L596 464', C.green, 5) +
    R(384, 504, 340, 12, C.ink, { rx: 3 }),
  ),

  'b2b-smes': () => card('white',
    rep(5, (i) => R(150 + i * 104, 330 - i * 48, 70, 170 + i * 48, C.mint, { rx: 10 })) +
    S('M130 380 C 260 360 380 250 640 130', C.green, 8) + P('M640 130 l-36 4 l20 30 Z', C.green) +
    Ci(130, 380, 12, C.green) +
    R(80, 500, 640, 10, C.teal, { rx: 5, opacity: 0.2 }) +
    G('', P('M150 500 V420 L215 372 L280 420 V500 Z', 'url(#gTeal)') + R(198, 446, 34, 54, C.mint, { rx: 4 }) + R(160, 428, 24, 22, C.mint, { rx: 3, opacity: 0.7 }), { filter: 'url(#shadow)' }) +
    G('', P('M300 500 V400 H450 V500 Z', 'url(#gBlue)') + rep(6, (i) => P(`M${300 + i * 25} 400 h25 v28 a12.5 12.5 0 0 1 -25 0 Z`, i % 2 ? C.white : C.green)) +
      R(318, 444, 50, 40, C.mint, { rx: 4 }) + R(392, 440, 40, 60, C.ink, { rx: 4 }), { filter: 'url(#shadow)' }) +
    G('', P('M470 500 V430 L530 392 L590 430 V500 Z', C.green) + R(514, 452, 32, 48, C.teal, { rx: 4 }) + Ci(530, 424, 10, C.white), { filter: 'url(#shadow)' }) +
    G('translate(640,500)', P('M-22 0 L-28 -44 H28 L22 0 Z', C.teal2) + P('M0 -44 C -30 -70 -40 -100 -10 -110 C 0 -80 4 -60 0 -44 Z', C.green) + P('M2 -44 C 20 -80 44 -88 52 -70 C 30 -60 16 -52 2 -44 Z', C.green2)),
  ),

  'b2b-agriculture': () => {
    const rows = (id, base, stripe, rot) => `<pattern id="${id}" width="26" height="26" patternUnits="userSpaceOnUse" patternTransform="rotate(${rot})"><rect width="26" height="26" fill="${base}"/><rect width="26" height="9" fill="${stripe}"/></pattern>`;
    return card('sand',
      `<defs>${rows('f1', C.green, C.green2, -18)}${rows('f2', C.teal2, C.teal, 14)}${rows('f3', C.mint, '#b2ebcf', -8)}${rows('f4', C.blue, C.blue2, 24)}</defs>` +
      Ci(560, 190, 120, C.white, { opacity: 0.6 }) + Ci(560, 190, 74, C.green) +
      P('M0 330 C 160 250 300 300 420 280 C 560 255 680 230 800 270 V600 H0 Z', 'url(#f2)') +
      P('M0 390 C 140 340 260 360 400 380 C 520 396 640 330 800 340 V600 H0 Z', 'url(#f3)') +
      P('M0 470 C 120 420 260 420 360 450 C 470 480 600 400 800 430 V600 H0 Z', 'url(#f1)') +
      P('M420 600 C 500 520 640 490 800 500 V600 Z', 'url(#f4)') +
      G('translate(190,352)', R(0, -70, 34, 70, C.white) + P('M0 -70 A17 17 0 0 1 34 -70 Z', C.ink) + P('M40 0 V-40 L72 -62 L104 -40 V0 Z', C.ink) + R(62, -28, 20, 28, C.green)) +
      rep(3, (i) => G(`translate(${630 + i * 42},${312 - i * 4})`, R(-3, 0, 6, 22, C.ink) + Ci(0, -6, 16, C.teal))) +
      S('M90 120 q 14 -10 28 0 q 14 -10 28 0', C.ink, 3, { opacity: 0.5 }) + S('M170 90 q 10 -8 20 0 q 10 -8 20 0', C.ink, 3, { opacity: 0.4 }),
    );
  },

  'b2b-automotive': () => card('dusk',
    Ci(430, 300, 250, 'none', { stroke: C.blue, stroke_width: 2, opacity: 0.4 }) + Ci(430, 300, 190, 'none', { stroke: C.green, stroke_width: 2, opacity: 0.25, stroke_dasharray: '6 10' }) +
    R(0, 440, 800, 160, C.ink, { opacity: 0.75 }) + rep(7, (i) => R(20 + i * 120, 512, 70, 8, C.mint, { rx: 4, opacity: 0.5 })) +
    rep(4, (i) => L(40 + i * 20, 300 + i * 32, 170, 300 + i * 32, C.mint, 4, { opacity: 0.25 + i * 0.12 })) +
    G('translate(0,0)',
      P('M196 410 L204 356 Q 212 334 246 328 L322 320 L382 270 Q 396 258 420 258 L522 258 Q 546 258 562 276 L602 320 L646 328 Q 670 334 672 360 L674 410 Z', 'url(#gGreen)') +
      P('M338 320 L386 281 Q 393 275 405 275 L456 275 L456 320 Z', C.ink, { opacity: 0.7 }) +
      P('M470 275 L516 275 Q 534 275 544 288 L572 320 L470 320 Z', C.ink, { opacity: 0.7 }) +
      R(648, 342, 22, 12, C.white, { rx: 5 }) + R(200, 350, 16, 12, C.mint, { rx: 4 }) + L(300, 360, 640, 360, C.green2, 3),
      { filter: 'url(#shadow)' }) +
    [[286, 412], [590, 412]].map(([x, y]) => Ci(x, y, 46, C.ink) + Ci(x, y, 26, C.mint) + Ci(x, y, 9, C.ink) +
      rep(5, (i) => L(x, y, x + 24 * Math.cos(i * 1.2566), y + 24 * Math.sin(i * 1.2566), C.ink, 3))).join(''),
  ),

  'b2b-technology': () => {
    const traces = [
      'M320 250 H240 L200 210 H90', 'M320 290 H180 L150 320 H80', 'M320 330 H250 L210 370 V470', 'M360 220 V150 L320 110 V60',
      'M400 220 V90', 'M440 220 V160 L480 120 H600', 'M480 260 H580 L620 220 H720', 'M480 310 H640 L680 350 V420',
      'M480 350 H540 L580 390 V520', 'M440 380 V460 L400 500 H300', 'M360 380 V440 L330 470 H200',
    ];
    const ends = traces.map((d) => d.trim().split(/[ MHLV]+/).filter(Boolean));
    return card('ink',
      Ci(400, 300, 220, 'url(#gGlow)') +
      traces.map((d, i) => S(d, [C.green, C.mint, C.blue3][i % 3], 4, { opacity: 0.85 })).join('') +
      [[90, 210], [80, 320], [210, 470], [320, 60], [400, 90], [600, 120], [720, 220], [680, 420], [580, 520], [300, 500], [200, 470]]
        .map(([x, y], i) => Ci(x, y, 9, C.ink, { stroke: [C.green, C.mint, C.blue3][i % 3], stroke_width: 4 })).join('') +
      rep(4, (i) => R(334 + i * 38, 206, 16, 18, C.mint, { rx: 3 }) + R(334 + i * 38, 376, 16, 18, C.mint, { rx: 3 }) + R(306, 234 + i * 38, 18, 16, C.mint, { rx: 3 }) + R(476, 234 + i * 38, 18, 16, C.mint, { rx: 3 })) +
      R(320, 220, 160, 160, 'url(#gTeal)', { rx: 16, stroke: C.green, stroke_width: 3 }) +
      R(356, 256, 88, 88, C.ink, { rx: 10 }) + rep(3, (i) => L(370 + i * 30, 270, 370 + i * 30, 330, C.green, 3, { opacity: 0.6 })) + Ci(400, 300, 12, C.green),
      { dots: [40, 420, 180, 150] },
    );
  },

  // ───────────── Investor ─────────────
  'investor-advisors': () => {
    const r = 118, c = 2 * Math.PI * r;
    const seg = [[C.green, 0.38], [C.teal, 0.27], [C.blue, 0.22], [C.mint, 0.13]];
    let off = 0;
    const donut = seg.map(([col, f]) => { const s = `<circle cx="0" cy="0" r="${r}" fill="none" stroke="${col}" stroke-width="64" stroke-dasharray="${(f * c - 4).toFixed(1)} ${c.toFixed(1)}" stroke-dashoffset="${(-off * c).toFixed(1)}"/>`; off += f; return s; }).join('');
    return card('sand',
      G('translate(320,320) rotate(-90)', Ci(0, 0, 160, C.white, { opacity: 0.7 }) + donut) +
      Ci(320, 320, 62, C.white) + R(290, 306, 60, 10, C.teal, { rx: 5, opacity: 0.5 }) + R(300, 326, 40, 10, C.teal, { rx: 5, opacity: 0.3 }) +
      G('', P('M470 120 H676 a22 22 0 0 1 22 22 V220 a22 22 0 0 1 -22 22 H540 L505 272 L510 242 H470 a22 22 0 0 1 -22 -22 V142 a22 22 0 0 1 22 -22 Z', C.white) +
        Ci(520, 182, 11, C.green) + Ci(572, 182, 11, C.teal) + Ci(624, 182, 11, C.blue), { filter: 'url(#shadow)' }) +
      G('', rep(5, (i) => R(540, 470 - i * 22, 150, 22, i % 2 ? C.green2 : C.green, { rx: 4 })) + El(615, 382, 75, 18, '#7de8b6') + El(615, 382, 46, 9, C.green2, { opacity: 0.5 }), { filter: 'url(#shadow)' }) +
      G('', rep(3, (i) => R(640, 496 - i * 22, 110, 22, i % 2 ? C.teal : C.teal2, { rx: 4 })) + El(695, 452, 55, 14, C.teal3), { filter: 'url(#shadow)' }),
    );
  },

  'investor-corporate-banking': () => card('teal',
    rep(6, (i) => { const x = 70 + i * 118, h = [300, 380, 250, 420, 330, 280][i]; return R(x, 520 - h, 86, h, i % 2 ? C.blue2 : C.teal2, { opacity: 0.55 }) + rep(Math.floor(h / 40), (j) => R(x + 14, 540 - h + j * 40, 58, 10, C.mint, { opacity: 0.12 + 0.1 * ((i + j) % 3) })); }) +
    Ci(400, 320, 260, 'url(#gGlowW)', { opacity: 0.4 }) +
    G('', P('M210 262 L400 166 L590 262 Z', C.sand) + P('M250 248 L400 184 L550 248 Z', C.sand2) + Ci(400, 222, 18, C.green) +
      R(220, 262, 360, 28, C.sand) + rep(5, (i) => R(246 + i * 72, 298, 30, 150, C.white) + R(240 + i * 72, 290, 42, 12, C.sand2) + R(240 + i * 72, 444, 42, 10, C.sand2)) +
      R(206, 452, 388, 20, C.sand) + R(184, 472, 432, 20, C.sand2) + R(160, 492, 480, 22, C.sand), { filter: 'url(#shadow)' }) +
    R(0, 514, 800, 86, C.ink, { opacity: 0.4 }),
    { dots: [40, 40, 200, 120] },
  ),

  'investor-finance-executives': () => {
    const rnd = rng(11);
    const pts = [];
    const candles = rep(13, (i) => {
      const x = 300 + i * 36, trend = 420 - i * 20 + Math.sin(i * 1.7) * 22;
      const up = i % 4 !== 2, body = 22 + rnd() * 34;
      const top = trend - body / 2, bot = trend + body / 2; pts.push([x + 11, up ? top : bot]);
      return L(x + 11, top - 12 - rnd() * 16, x + 11, bot + 10 + rnd() * 16, up ? C.green : C.blue3, 3, { opacity: 0.8 }) + R(x, top, 22, body, up ? C.green : C.blue, { rx: 4 });
    });
    return card('ink',
      rep(5, (i) => L(60, 120 + i * 80, 760, 120 + i * 80, C.white, 1, { opacity: 0.08 })) + candles +
      S(poly(pts), C.mint, 4) + Ci(pts.at(-1)[0], pts.at(-1)[1], 10, C.green) + Ci(pts.at(-1)[0], pts.at(-1)[1], 26, 'url(#gGlow)') +
      G('translate(120,330)', R(50, -44, 110, 60, 'none', { rx: 18, stroke: C.sand2, stroke_width: 14 }) + R(0, 0, 210, 150, 'url(#gTeal)', { rx: 16, stroke: C.teal3, stroke_width: 2 }) +
        R(0, 56, 210, 8, C.ink, { opacity: 0.35 }) + R(88, 46, 34, 28, C.green, { rx: 5 }), { filter: 'url(#shadow)' }),
      { dots: [560, 440, 200, 130] },
    );
  },

  // ───────────── Leaders ─────────────
  'leaders-csuite': () => {
    const king = (f) => R(-70, -30, 140, 30, f, { rx: 8 }) + R(-58, -50, 116, 22, f, { rx: 6 }) + P('M-45 -48 L-25 -172 L25 -172 L45 -48 Z', f) +
      R(-42, -192, 84, 22, f, { rx: 8 }) + P('M-38 -190 L-50 -242 L50 -242 L38 -190 Z', f) + R(-7, -290, 14, 52, f, { rx: 3 }) + R(-23, -274, 46, 13, f, { rx: 3 });
    const pawn = (f) => R(-55, -26, 110, 26, f, { rx: 8 }) + P('M-35 -26 L-18 -110 L18 -110 L35 -26 Z', f) + R(-30, -124, 60, 16, f, { rx: 6 }) + Ci(0, -152, 32, f);
    return card('dusk',
      El(400, 250, 200, 260, 'url(#gGlowW)', { opacity: 0.35 }) +
      rep(16, (i) => R(i * 50, 470 + (i % 2) * 0, 50, 45, (i % 2) ? C.teal2 : C.teal, {})) + rep(16, (i) => R(i * 50, 515, 50, 85, (i % 2) ? C.teal : C.teal2)) +
      G('translate(400,500) scale(1.3)', king(C.sand), { filter: 'url(#shadow)' }) +
      G('translate(200,500) scale(.95)', pawn(C.green), { filter: 'url(#shadow)' }) + G('translate(600,500) scale(.95)', pawn(C.blue), { filter: 'url(#shadow)' }) +
      G('translate(100,520) scale(.7)', pawn(C.teal3)) + G('translate(700,520) scale(.7)', pawn(C.mint, {})),
    );
  },

  'leaders-influencers': () => {
    const orbit = [[160, 150, C.green], [650, 130, C.mint], [690, 400, C.green], [120, 420, C.blue3], [400, 520, C.mint], [560, 260, C.blue3], [250, 290, C.mint]];
    return card('blue',
      rep(4, (i) => Ci(400, 300, 90 + i * 70, 'none', { stroke: C.mint, stroke_width: 2, opacity: 0.32 - i * 0.06 })) +
      orbit.map(([x, y]) => L(400, 300, x, y, C.mint, 2, { opacity: 0.35, stroke_dasharray: '4 8' })).join('') +
      orbit.map(([x, y, c], i) => G('', Ci(x, y, 30, C.ink) + `<clipPath id="oc${i}"><circle cx="${x}" cy="${y}" r="28"/></clipPath>` +
        G('', Ci(x, y, 28, c, { opacity: 0.35 }) + bust(x, y + 34, 0.38, c, c), { clip_path: `url(#oc${i})` }))).join('') +
      `<clipPath id="mainc"><circle cx="400" cy="300" r="80"/></clipPath>` + Ci(400, 300, 92, C.green) + Ci(400, 300, 80, C.ink) +
      G('', bust(400, 390, 1.0, C.sand, C.green, C.ink, 3), { clip_path: 'url(#mainc)' }) +
      heart(505, 200, 1.3, C.green) + star(300, 190, 18, C.sand) + heart(300, 420, 1, C.mint) + star(520, 410, 14, C.green) +
      G('translate(470,210)', Ci(0, 0, 22, C.white) + S('M-8 4 h6 v-10 l6 -6 v8 h6 l-3 12 h-15 Z', C.blue, 2.5, { fill: C.blue })),
    );
  },

  'leaders-every-project': () => {
    const bars = [[0, 180, C.green], [90, 150, C.blue], [150, 200, C.teal], [60, 120, C.green], [240, 130, C.blue], [200, 160, C.teal3]];
    return card('sand',
      G('', R(110, 100, 580, 400, C.white, { rx: 18 }) + R(110, 100, 580, 56, C.teal, { rx: 18 }) + R(110, 136, 580, 20, C.teal) +
        Ci(142, 128, 8, C.green) + Ci(166, 128, 8, C.mint) + Ci(190, 128, 8, C.blue3) + R(480, 120, 180, 14, C.white, { rx: 7, opacity: 0.3 }), { filter: 'url(#shadow)' }) +
      rep(7, (i) => L(270 + i * 60, 176, 270 + i * 60, 476, C.ink, 1, { opacity: 0.08 })) +
      bars.map(([x, w, c], i) => {
        const y = 186 + i * 48; const done = i < 3;
        return Ci(150, y + 11, 13, done ? C.green : 'none', { stroke: done ? C.green : C.sand2, stroke_width: 3 }) + (done ? checkMark(151, y + 12, 0.6, C.white, 4) : '') +
          R(180, y + 6, 60, 10, C.sand2, { rx: 5 }) + R(270 + x, y, w, 22, c, { rx: 11, opacity: done ? 1 : 0.8 });
      }).join('') +
      L(520, 172, 520, 480, C.green, 3, { stroke_dasharray: '6 6' }) + Ci(520, 170, 8, C.green) +
      G('translate(640,470)', Ci(0, 0, 46, C.green) + checkMark(2, 2, 1.6, C.white, 9), { filter: 'url(#shadow)' }),
    );
  },

  'leaders-business-leaders': () => card('mint',
    rep(5, (i) => R(140 + i * 100, 470 - (i + 1) * 60, 100, (i + 1) * 60 + 30, [C.teal, C.teal2, C.teal3, C.blue, C.green][i], { filter: 'url(#shadow)' })) +
    rep(5, (i) => R(140 + i * 100, 470 - (i + 1) * 60, 100, 8, C.white, { opacity: 0.25 })) +
    L(600, 170, 600, 50, C.ink, 5) + P('M603 52 L680 74 L603 98 Z', C.green) +
    S('M150 380 C 250 300 400 240 560 150', C.ink, 3, { stroke_dasharray: '2 12', opacity: 0.5 }) +
    bust(480, 230, 0.55, C.sand, C.ink, C.teal, 0) +
    R(80, 500, 640, 10, C.teal, { rx: 5, opacity: 0.2 }) + star(690, 170, 14, C.white) + star(120, 220, 10, C.green),
  ),

  'leaders-esg': () => {
    const turbine = (x, y, h, s, rot) => G(`translate(${x},${y})`, P(`M-4 0 L-9 ${h} H9 L4 0 Z`, C.white) +
      G(`rotate(${rot})`, rep(3, (i) => G(`rotate(${i * 120})`, P('M0 0 C 10 -20 8 -70 0 -90 C -6 -60 -8 -20 0 0 Z', C.white, { transform: `scale(${s})` })))) + Ci(0, 0, 7, C.teal));
    return card('mint',
      Ci(560, 230, 150, C.white, { opacity: 0.7 }) +
      P('M0 430 C 150 390 300 400 440 420 C 580 440 690 400 800 410 V600 H0 Z', C.green, { opacity: 0.35 }) +
      P('M0 480 C 200 450 400 470 560 490 C 680 505 740 480 800 470 V600 H0 Z', C.teal, { opacity: 0.85 }) +
      turbine(560, 220, 280, 1.1, 18) + turbine(680, 290, 200, 0.8, 62) +
      G('', P('M220 480 C 160 340 250 200 430 150 C 460 310 380 440 220 480 Z', 'url(#gGreen)') + S('M220 480 Q 320 330 430 150', C.teal, 5) +
        S('M262 400 L 230 340 M 300 340 L 270 270 M 340 280 L 320 220 M 290 380 L 350 360 M 330 310 L 390 290', C.teal, 4, { opacity: 0.6 }), { filter: 'url(#shadow)' }) +
      S('M220 480 Q 205 520 180 540', C.teal, 6),
    );
  },

  // ───────────── Healthcare ─────────────
  'healthcare-professionals': () => card('mint',
    G('', R(250, 120, 300, 380, C.white, { rx: 18 }) + R(335, 100, 130, 46, 'url(#gTeal)', { rx: 12 }) + Ci(400, 112, 8, C.mint), { filter: 'url(#shadow)' }) +
    G('translate(400,205)', R(-12, -34, 24, 68, C.green, { rx: 4 }) + R(-34, -12, 68, 24, C.green, { rx: 4 })) +
    [280, 330, 380, 430].map((y, i) => Ci(296, y + 4, 11, i < 3 ? C.green : 'none', { stroke: C.green, stroke_width: 3 }) + (i < 3 ? checkMark(297, y + 5, 0.45, C.white, 3) : '') + R(322, y - 2, [180, 140, 190, 120][i], 12, C.teal, { rx: 6, opacity: 0.18 })).join('') +
    S('M602 120 Q 596 220 630 268', C.ink, 9) + S('M672 120 Q 678 220 642 268', C.ink, 9) + Ci(602, 116, 9, C.green) + Ci(672, 116, 9, C.green) +
    S('M636 268 C 650 430 560 540 440 520 C 340 500 300 460 290 440', C.teal, 12) +
    G('translate(282,430)', Ci(0, 0, 40, 'url(#gBlue)') + Ci(0, 0, 24, C.mint) + Ci(0, 0, 8, C.blue), { filter: 'url(#shadow)' }),
  ),

  'healthcare-life-sciences': () => {
    const pts = (ph) => Array.from({ length: 61 }, (_, i) => {
      const t = i / 60; const ax = 130 + t * 560, ay = 500 - t * 400; const off = Math.sin(t * Math.PI * 4 + ph) * 70;
      return [ax + off * 0.58, ay + off * 0.81];
    });
    const a = pts(0), b = pts(Math.PI);
    const rungs = rep(20, (k) => { const i = 1 + k * 3; return L(a[i][0], a[i][1], b[i][0], b[i][1], [C.green, C.mint, C.blue3][k % 3], 6, { opacity: 0.85 }); });
    const rnd = rng(5);
    return card('dusk',
      rep(7, () => { const x = rnd() * 800, y = rnd() * 600, r = 30 + rnd() * 60; return Ci(x, y, r, C.teal3, { opacity: 0.35 }) + Ci(x + r * 0.2, y - r * 0.1, r * 0.35, C.green, { opacity: 0.25 }); }) +
      Ci(400, 300, 220, 'url(#gGlow)', { opacity: 0.6 }) + rungs + S(poly(a), C.green, 10) + S(poly(b), C.mint, 10) +
      rep(20, (k) => { const i = 1 + k * 3; return Ci(a[i][0], a[i][1], 7, C.green) + Ci(b[i][0], b[i][1], 7, C.mint); }),
    );
  },

  'healthcare-pharma': () => card('sand',
    rep(3, (r) => rep(4, (c) => S(hex(120 + c * 156 + (r % 2) * 78, 130 + r * 135, 52), C.teal, 3, { opacity: 0.16 }))) +
    S(hex(560, 190, 44), C.green, 5) + S(hex(636, 234, 44), C.green, 5) + S(hex(560, 190, 26), C.green, 3, { opacity: 0.6 }) +
    Ci(604, 190, 8, C.teal) + Ci(680, 234, 8, C.teal) + L(680, 234, 730, 205, C.teal, 4) + Ci(730, 205, 10, C.blue) +
    capsule(300, 300, -30, 1.6, C.green, C.white) + capsule(500, 420, 20, 1.25, C.blue, C.mint) + capsule(170, 470, 60, 1.0, C.teal, C.white) +
    G('', Ci(640, 470, 44, C.white) + L(612, 470, 668, 470, C.sand2, 5) + Ci(330, 150, 30, C.mint) + L(312, 150, 348, 150, C.white, 4) +
      Ci(110, 260, 26, C.green, { opacity: 0.85 }), { filter: 'url(#shadow)' }),
  ),

  // ───────────── Social ─────────────
  'social-general-public': () => {
    const rnd = rng(3);
    const skins = [C.sand, '#d9c7a7', '#b08a64', '#8a6a4f', '#f3dccb'];
    const shirts = [C.green, C.blue, C.teal, C.teal3, C.mint, C.blue3, C.green2];
    const hairs = [C.ink, C.teal, '#5b4636', C.ink2];
    const row = (n, y, s, x0, dx) => rep(n, (i) => bust(x0 + i * dx, y, s, skins[Math.floor(rnd() * 5)], shirts[Math.floor(rnd() * 7)], hairs[Math.floor(rnd() * 4)], Math.floor(rnd() * 4)));
    return card('sand',
      Ci(400, 300, 240, C.mint, { opacity: 0.7 }) +
      row(7, 330, 0.9, 100, 100) + row(6, 450, 1.2, 150, 100) + row(5, 600, 1.6, 80, 160),
      { dots: [560, 30, 220, 110] },
    );
  },

  'social-social-consumer': () => card('mint',
    G('', R(300, 80, 200, 430, C.ink, { rx: 30 }) + R(312, 96, 176, 398, C.white, { rx: 20 }) + R(370, 104, 60, 10, C.ink, { rx: 5 }), { filter: 'url(#shadow)' }) +
    R(326, 130, 148, 110, 'url(#gGreen)', { rx: 12 }) + Ci(360, 170, 18, C.mint) + P('M326 230 L380 190 L420 220 L474 180 V228 a12 12 0 0 1 -12 12 H338 a12 12 0 0 1 -12 -12 Z', C.teal, { opacity: 0.6 }) +
    lines(326, 256, [140, 100], 22, C.teal, 10, { opacity: 0.2 }) +
    R(326, 310, 148, 90, 'url(#gBlue)', { rx: 12 }) + lines(326, 414, [130, 90], 22, C.teal, 10, { opacity: 0.2 }) +
    G('translate(210,190)', Ci(0, 0, 50, C.green) + heart(0, 2, 1.6, C.white), { filter: 'url(#shadow)' }) +
    G('translate(600,170)', R(-80, -34, 160, 68, C.white, { rx: 34 }) + rep(5, (i) => star(-52 + i * 26, 0, 11, i < 4 ? C.green : C.sand2)), { filter: 'url(#shadow)' }) +
    G('translate(620,390)', Ci(0, 0, 56, C.teal) + P('M-22 -10 H22 L26 30 H-26 Z', C.mint) + S('M-10 -10 V-18 A10 10 0 0 1 10 -18 V-10', C.mint, 5), { filter: 'url(#shadow)' }) +
    G('translate(190,420)', R(-56, -30, 112, 60, C.white, { rx: 30 }) + Ci(-24, 0, 7, C.blue) + Ci(0, 0, 7, C.blue) + Ci(24, 0, 7, C.blue), { filter: 'url(#shadow)' }),
  ),

  'social-hobbyists': () => {
    const tile = (x, y, rot, bg, body) => G(`translate(${x},${y}) rotate(${rot})`, R(-125, -100, 250, 200, bg, { rx: 24 }) + body, { filter: 'url(#shadow)' });
    const bike = Ci(-60, 30, 40, 'none', { stroke: C.ink, stroke_width: 8 }) + Ci(60, 30, 40, 'none', { stroke: C.ink, stroke_width: 8 }) +
      S('M-60 30 L-20 -30 L40 -30 L60 30 M-20 -30 L0 30 L40 -30 M0 30 L-60 30 M40 -30 L32 -52 H52 M-20 -30 L-26 -46 M-38 -48 H-12', C.green, 7);
    const palette = P('M-70 10 C -80 -60 40 -80 80 -30 C 100 0 60 10 40 20 C 20 30 50 70 0 74 C -40 76 -64 50 -70 10 Z', C.sand) +
      Ci(-30, -30, 12, C.green) + Ci(10, -44, 12, C.blue) + Ci(48, -26, 12, C.teal) + Ci(-40, 20, 12, C.ink) + Ci(20, 40, 13, C.teal3, { opacity: 0.4 }) +
      G('rotate(-40)', R(-6, 0, 12, 90, C.ink, { rx: 6, transform: 'translate(30,-20)' }) + R(24, -40, 12, 24, C.green, { rx: 6 }));
    const guitar = G('rotate(35)', Ci(0, 40, 46, C.blue) + Ci(0, -10, 34, C.blue) + Ci(0, 30, 14, C.ink) + R(-8, -110, 16, 120, C.ink, { rx: 4 }) + R(-14, -130, 28, 26, C.ink, { rx: 6 }) +
      rep(3, (i) => L(-4 + i * 4, -110, -4 + i * 4, 50, C.mint, 1.5)) + R(-20, 56, 40, 8, C.ink, { rx: 3 }));
    const plant = P('M-40 20 H40 L30 80 H-30 Z', C.teal) + R(-46, 10, 92, 16, C.teal2, { rx: 6 }) +
      P('M0 12 C -50 -10 -70 -60 -50 -80 C -20 -60 -4 -30 0 12 Z', C.green) + P('M0 12 C 40 -20 60 -60 40 -90 C 10 -60 0 -30 0 12 Z', C.green2) + P('M0 12 C 4 -30 0 -70 -6 -96 C 20 -70 16 -30 0 12 Z', '#63dea5');
    return card('sand',
      tile(262, 192, -4, C.mint, bike) + tile(540, 186, 3, C.white, palette) + tile(258, 414, 2, C.white, guitar) + tile(536, 420, -3, '#d9efe4', plant),
      { dots: [20, 480, 180, 110] },
    );
  },

  // ───────────── Media ─────────────
  'media-marketing-agencies': () => card('blue',
    rep(5, (i) => Ci(540, 290, 170 - i * 34, i % 2 ? C.ink : [C.mint, C.green, C.mint][i / 2], { opacity: i % 2 ? 0.9 : 1 })) +
    G('translate(540,290) rotate(-35)', L(0, 0, 230, 0, C.sand, 6) + P('M0 0 L22 -10 L22 10 Z', C.sand) + P('M200 0 L236 -22 L250 -22 L226 0 L250 22 L236 22 Z', C.sand)) +
    G('translate(120,330) rotate(-14)', P('M0 -40 L150 -110 V110 L0 40 Z', 'url(#gGreen)') + R(-40, -44, 52, 88, C.sand, { rx: 10 }) + P('M20 40 L44 40 L56 110 L30 110 Z', C.sand2) + R(146, -116, 18, 232, C.mint, { rx: 9 }), { filter: 'url(#shadow)' }) +
    S('M330 200 q 30 40 0 80', C.mint, 5, { opacity: 0.5 }) + S('M300 170 q 50 70 0 140', C.mint, 5, { opacity: 0.3 }),
  ),

  'media-brands': () => card('sand',
    G('translate(300,300) rotate(-18)', P('M-150 -80 H70 L150 0 L70 80 H-150 a20 20 0 0 1 -20 -20 V-60 a20 20 0 0 1 20 -20 Z', 'url(#gGreen)') + Ci(84, 0, 14, C.sand) +
      R(-120, -34, 140, 20, C.white, { rx: 10, opacity: 0.8 }) + R(-120, 6, 90, 16, C.white, { rx: 8, opacity: 0.5 }), { filter: 'url(#shadow)' }) +
    S('M386 272 C 430 240 460 200 470 150', C.ink, 3) +
    G('translate(580,380)', P('M-40 30 L-60 150 L-20 126 L0 160 L10 40 Z', C.teal) + P('M40 30 L60 150 L20 126 L0 160 L-10 40 Z', C.teal2) +
      star(0, 0, 96, 'url(#gBlue)', 16, 0.86) + Ci(0, 0, 60, C.mint) + star(0, 0, 28, C.blue), { filter: 'url(#shadow)' }) +
    P('M80 540 L125 462 L170 540 Z', C.teal) + R(110, 130, 70, 70, C.blue, { rx: 12, transform: 'rotate(12 145 165)' }) + Ci(650, 140, 36, C.green) + Ci(650, 140, 16, C.sand),
  ),

  'media-publishing': () => card('mint',
    rep(5, (i) => R(190 + i * 4, 400 - i * 16, 420, 40, [C.teal, C.blue, C.green, C.teal3, C.blue2][i], { rx: 6, transform: `rotate(${(i % 2 ? 1.5 : -1.5)} 400 ${420 - i * 16})`, filter: 'url(#shadow)' })) +
    G('', P('M400 320 C 340 290 250 290 170 300 V120 C 250 110 340 112 400 144 Z', C.white) + P('M400 320 C 460 290 550 290 630 300 V120 C 550 110 460 112 400 144 Z', '#f7fbf9') +
      L(400, 144, 400, 320, C.sand2, 3), { filter: 'url(#shadow)' }) +
    rep(6, (i) => S(`M196 ${150 + i * 24} C 270 ${142 + i * 24} 330 ${144 + i * 24} 376 ${160 + i * 24}`, C.teal, 6, { opacity: i === 0 ? 0.7 : 0.18 })) +
    R(430, 146, 150, 60, 'url(#gBlue)', { rx: 8 }) + rep(3, (i) => S(`M430 ${232 + i * 24} C 480 ${222 + i * 24} 540 ${222 + i * 24} 600 ${226 + i * 24}`, C.teal, 6, { opacity: 0.18 })) +
    R(560, 100, 22, 70, C.green, { transform: 'rotate(6 571 135)' }),
  ),

  'media-news-agencies': () => card('ink',
    rep(5, (i) => El(620, 300, 60 + i * 40, 220, 'none', { stroke: C.blue3, stroke_width: 1, opacity: 0.15 })) +
    G('translate(120,110) rotate(-5 200 190)', R(0, 0, 380, 400, C.sand, { rx: 6 }) + R(24, 24, 332, 40, C.ink, { rx: 4 }) + R(24, 78, 332, 6, C.ink, { opacity: 0.25 }) +
      R(24, 100, 200, 130, 'url(#gBlue)', { rx: 4 }) + lines(240, 100, [116, 96, 116, 80, 116], 28, C.ink, 8, { opacity: 0.25 }) +
      lines(24, 250, [150, 130, 150, 110, 150], 26, C.ink, 8, { opacity: 0.25 }) + lines(200, 250, [156, 140, 156, 120, 156], 26, C.ink, 8, { opacity: 0.25 }), { filter: 'url(#shadow)' }) +
    G('translate(620,470)', S('M-60 0 L0 -230 L60 0 M-46 -54 L38 -100 M44 -30 L-40 -76 M-30 -124 L26 -160 M30 -130 L-24 -168', C.mint, 6)) +
    Ci(620, 240, 14, C.green) + rep(3, (i) => S(`M${590 - i * 26} ${210 - i * 26} a ${42 + i * 37} ${42 + i * 37} 0 0 0 0 ${60 + i * 52}`, C.green, 5, { opacity: 0.9 - i * 0.25 })) +
    rep(3, (i) => S(`M${650 + i * 26} ${210 - i * 26} a ${42 + i * 37} ${42 + i * 37} 0 0 1 0 ${60 + i * 52}`, C.green, 5, { opacity: 0.9 - i * 0.25 })),
  ),

  'media-entertainment': () => card('dusk',
    G('translate(400,300) rotate(-16)', R(-460, -70, 920, 140, C.ink) + rep(24, (i) => R(-450 + i * 38, -60, 20, 14, C.sand, { rx: 3, opacity: 0.8 }) + R(-450 + i * 38, 46, 20, 14, C.sand, { rx: 3, opacity: 0.8 })) +
      rep(6, (i) => R(-440 + i * 150, -36, 130, 72, [C.teal3, C.blue, C.green, C.teal2, C.blue2, C.green2][i], { rx: 6, opacity: 0.85 }))) +
    G('translate(210,380)', R(0, 0, 220, 150, C.ink, { rx: 10, stroke: C.teal3, stroke_width: 2 }) + lines(24, 44, [120, 90, 150], 30, C.sand, 8, { opacity: 0.35 }) +
      G('rotate(-16 0 0)', R(0, -40, 220, 36, C.sand, { rx: 6 }) + rep(5, (i) => P(`M${14 + i * 44} -40 h22 l-16 36 h-22 Z`, C.ink))) +
      R(0, -4, 220, 30, C.sand, { rx: 4 }) + rep(5, (i) => P(`M${14 + i * 44} -4 h22 l-16 30 h-22 Z`, C.ink)) + Ci(8, -4, 8, C.green), { filter: 'url(#shadow)' }) +
    G('translate(590,190)', Ci(0, 0, 70, C.green) + P('M-20 -32 L34 0 L-20 32 Z', C.white), { filter: 'url(#shadow)' }) +
    star(650, 420, 16, C.mint, 4, 0.3) + star(120, 120, 12, C.green, 4, 0.3) + star(700, 90, 10, C.white, 4, 0.3),
  ),

  // ───────────── Methods ─────────────
  'methods-online-cawi': () => card('mint',
    G('', R(170, 100, 460, 300, C.ink, { rx: 18 }) + R(186, 116, 428, 268, C.white, { rx: 8 }) + P('M110 400 H690 L720 440 Q 722 452 708 452 H92 Q 78 452 80 440 Z', 'url(#gTeal)') + R(350, 400, 100, 12, C.teal3, { rx: 6 }), { filter: 'url(#shadow)' }) +
    R(216, 140, 368, 10, C.mint, { rx: 5 }) + R(216, 140, 220, 10, C.green, { rx: 5 }) +
    R(216, 172, 260, 14, C.ink, { rx: 7, opacity: 0.75 }) +
    [0, 1, 2, 3].map((i) => Ci(230, 222 + i * 36, 10, 'none', { stroke: i === 1 ? C.green : C.sand2, stroke_width: 3 }) + (i === 1 ? Ci(230, 222 + i * 36, 5, C.green) : '') + R(252, 216 + i * 36, [170, 210, 140, 190][i], 12, C.teal, { rx: 6, opacity: i === 1 ? 0.5 : 0.18 })).join('') +
    R(480, 332, 104, 34, C.green, { rx: 17 }) + P('M520 343 l10 6 l-10 6 Z', C.white) +
    P('M548 356 L548 392 L558 382 L566 400 L574 396 L566 378 L580 378 Z', C.ink, { stroke: C.white, stroke_width: 2 }),
  ),

  'methods-telephone-cati': () => card('sand',
    Ci(330, 300, 200, C.mint) +
    G('translate(330,310) rotate(-38)', S('M-110 -30 Q 0 -120 110 -30', C.teal, 48) +
      G('translate(-118,-8) rotate(38)', R(-40, -26, 80, 60, 'url(#gTeal)', { rx: 24 })) + G('translate(118,-8) rotate(-38)', R(-40, -26, 80, 60, 'url(#gTeal)', { rx: 24 })), { filter: 'url(#shadow)' }) +
    rep(3, (i) => S(`M${560 + i * 34} ${180 - i * 26} a ${70 + i * 40} ${70 + i * 40} 0 0 1 0 ${140 + i * 80}`, C.green, 9, { opacity: 1 - i * 0.28 })) +
    G('translate(620,480)', rep(9, (i) => R(-60 + (i % 3) * 44, -60 + Math.floor(i / 3) * 44, 32, 32, i === 4 ? C.green : C.white, { rx: 10 })), { filter: 'url(#shadow)' }) +
    G('translate(150,140)', rep(7, (i) => R(i * 14, -[14, 30, 48, 26, 40, 18, 10][i] / 2, 8, [14, 30, 48, 26, 40, 18, 10][i], C.teal, { rx: 4, opacity: 0.6 }))),
  ),

  'methods-video-interview': () => {
    const tiles = [[120, 110, C.teal, C.sand, C.green, C.ink, 0], [410, 110, C.blue2, '#b08a64', C.mint, C.ink, 1], [120, 300, C.teal2, '#d9c7a7', C.blue3, '#5b4636', 2], [410, 300, C.ink2, C.sand, C.green2, C.teal, 3]];
    return card('ink',
      R(90, 80, 620, 440, C.ink2, { rx: 22, stroke: C.teal3, stroke_width: 2 }) +
      tiles.map(([x, y, bg, skin, shirt, hair, st], i) => `<clipPath id="vt${i}"><rect x="${x}" y="${y}" width="270" height="170" rx="14"/></clipPath>` +
        G('', R(x, y, 270, 170, bg) + Ci(x + 220, y + 40, 60, C.white, { opacity: 0.05 }) + bust(x + 135, y + 190, 1.15, skin, shirt, hair, st), { clip_path: `url(#vt${i})` }) +
        (i === 1 ? R(x, y, 270, 170, 'none', { rx: 14, stroke: C.green, stroke_width: 5 }) + rep(4, (k) => R(x + 18 + k * 10, y + 150 - [10, 20, 14, 24][k], 6, [10, 20, 14, 24][k], C.green, { rx: 3 })) : '') +
        R(x + 14, y + 14, 70, 16, C.ink, { rx: 8, opacity: 0.45 })).join('') +
      G('translate(400,494)', R(-110, -22, 220, 44, C.ink, { rx: 22 }) + Ci(-70, 0, 14, C.teal3) + Ci(-24, 0, 14, C.teal3) + Ci(24, 0, 14, C.teal3) + R(52, -12, 44, 24, C.green, { rx: 12 })) +
      Ci(676, 100, 8, C.green) + Ci(676, 100, 16, 'url(#gGlow)'),
      { dots: false },
    );
  },

  'methods-social-sampling': () => {
    const nodes = [[400, 300, 60], [210, 160, 34], [600, 150, 38], [650, 380, 34], [180, 420, 40], [400, 500, 28], [300, 80, 22], [720, 250, 22], [90, 290, 24], [530, 480, 24]];
    const edges = [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 6], [2, 7], [3, 7], [4, 8], [1, 8], [5, 9], [3, 9], [2, 6]];
    const cols = [C.green, C.mint, C.blue3, C.green, C.sand, C.mint, C.green, C.blue3, C.sand, C.green];
    return card('blue',
      edges.map(([p, q]) => L(nodes[p][0], nodes[p][1], nodes[q][0], nodes[q][1], C.mint, 3, { opacity: 0.35 })).join('') +
      nodes.map(([x, y, r], i) => `<clipPath id="sn${i}"><circle cx="${x}" cy="${y}" r="${r}"/></clipPath>` + Ci(x, y, r + 5, cols[i]) +
        G('', Ci(x, y, r, C.ink) + bust(x, y + r * 1.15, r / 78, cols[i], cols[i]), { clip_path: `url(#sn${i})` })).join('') +
      G('translate(520,250)', R(0, -24, 84, 44, C.white, { rx: 22 }) + P('M14 18 L6 36 L30 18 Z', C.white) + heart(42, -2, 0.8, C.green)) +
      G('translate(230,260)', R(-84, -24, 84, 44, C.white, { rx: 22 }) + P('M-14 18 L-6 36 L-30 18 Z', C.white) + Ci(-60, -2, 5, C.blue) + Ci(-42, -2, 5, C.blue) + Ci(-24, -2, 5, C.blue)),
    );
  },

  'methods-mixed-methods': () => card('sand',
    G('', Ci(320, 250, 150, C.green, { opacity: 0.75 }) + Ci(480, 250, 150, C.blue, { opacity: 0.7 }) + Ci(400, 385, 150, C.teal3, { opacity: 0.75 }), { filter: 'url(#shadow)' }) +
    G('translate(270,210)', R(-40, -28, 80, 52, C.white, { rx: 6 }) + R(-50, 24, 100, 10, C.white, { rx: 4 }) + R(-28, -14, 40, 8, C.green, { rx: 4 })) +
    G('translate(535,215) rotate(-30)', S('M-30 -6 Q 0 -30 30 -6', C.white, 16) + R(-42, -10, 26, 24, C.white, { rx: 8 }) + R(16, -10, 26, 24, C.white, { rx: 8 })) +
    G('translate(400,470)', bust(0, 0, 0.6, C.white, C.white)) +
    star(400, 290, 24, C.white, 4, 0.35),
  ),

  // ───────────── Extras ─────────────
  'extras-research-data': () => card('ink',
    G('', R(90, 90, 380, 230, C.ink2, { rx: 16, stroke: C.teal3, stroke_width: 2 }) + R(500, 90, 210, 230, C.ink2, { rx: 16, stroke: C.teal3, stroke_width: 2 }) +
      R(90, 350, 620, 170, C.ink2, { rx: 16, stroke: C.teal3, stroke_width: 2 })) +
    rep(8, (i) => { const h = [60, 90, 70, 120, 100, 150, 130, 170][i]; return R(120 + i * 42, 300 - h, 26, h, i === 7 ? C.green : C.blue, { rx: 5, opacity: i === 7 ? 1 : 0.8 }); }) +
    R(120, 110, 120, 12, C.mint, { rx: 6, opacity: 0.4 }) +
    G('translate(605,205) rotate(-90)', Ci(0, 0, 62, 'none', { stroke: C.teal2, stroke_width: 26 }) + Ci(0, 0, 62, 'none', { stroke: C.green, stroke_width: 26, stroke_dasharray: `${(0.68 * 2 * Math.PI * 62).toFixed(1)} 999` })) +
    Ci(605, 205, 22, C.mint, { opacity: 0.3 }) +
    S('M120 480 C 180 470 200 420 260 430 C 320 440 340 390 400 400 C 460 410 480 370 540 380 C 600 390 630 360 680 370', C.green, 5) +
    S('M120 490 C 190 488 230 460 300 466 C 370 472 420 450 480 452 C 560 455 620 430 680 438', C.blue3, 4, { opacity: 0.6 }) +
    Ci(540, 380, 9, C.green) + Ci(540, 380, 24, 'url(#gGlow)') + rep(3, (i) => L(110, 390 + i * 40, 690, 390 + i * 40, C.white, 1, { opacity: 0.07 })),
    { dots: false },
  ),

  'extras-fieldwork-team': () => card('sand',
    G('', P('M120 150 L300 110 L500 150 L680 110 V450 L500 490 L300 450 L120 490 Z', C.mint) + P('M300 110 L500 150 V490 L300 450 Z', '#b6ecd2'), { filter: 'url(#shadow)' }) +
    S('M170 420 C 230 330 320 380 360 300 C 400 220 520 300 600 200', C.teal, 4, { stroke_dasharray: '10 10' }) +
    [[170, 420, C.blue], [360, 300, C.teal], [600, 200, C.green]].map(([x, y, c]) => G(`translate(${x},${y})`, P('M0 0 C -10 -20 -26 -30 -26 -48 A26 26 0 0 1 26 -48 C 26 -30 10 -20 0 0 Z', c) + Ci(0, -48, 10, C.white), { filter: 'url(#shadow)' })).join('') +
    `<clipPath id="fw560"><circle cx="560" cy="420" r="46"/></clipPath>` + G('', Ci(560, 420, 46, C.white) + bust(560, 466, 0.6, '#b08a64', C.green, C.ink, 0), { clip_path: 'url(#fw560)' }) + Ci(560, 420, 46, 'none', { stroke: C.green, stroke_width: 4 }) +
    `<clipPath id="fw660"><circle cx="660" cy="360" r="40"/></clipPath>` + G('', Ci(660, 360, 40, C.white) + bust(660, 400, 0.52, C.sand, C.blue, '#5b4636', 1), { clip_path: 'url(#fw660)' }) + Ci(660, 360, 40, 'none', { stroke: C.blue, stroke_width: 4 }) +
    `<clipPath id="fw250"><circle cx="250" cy="220" r="40"/></clipPath>` + G('', Ci(250, 220, 40, C.white) + bust(250, 260, 0.52, '#d9c7a7', C.teal, C.teal, 2), { clip_path: 'url(#fw250)' }) + Ci(250, 220, 40, 'none', { stroke: C.teal, stroke_width: 4 }),
  ),

  'extras-global-reach': () => {
    const arcs = [[300, 250, 480, 200], [480, 200, 540, 360], [300, 250, 360, 400], [360, 400, 540, 360], [250, 330, 480, 200]];
    return card('dusk',
      Ci(400, 300, 240, 'url(#gGlow)', { opacity: 0.5 }) +
      `<clipPath id="globe"><circle cx="400" cy="300" r="190"/></clipPath>` + Ci(400, 300, 190, 'url(#gTeal)') +
      G('', rep(5, (i) => El(400, 300, 190 * Math.cos((i - 2) * 0.6) * 1, 190, 'none', { stroke: C.mint, stroke_width: 1.5, opacity: 0.25 })) +
        rep(5, (i) => L(200, 300 + (i - 2) * 72, 600, 300 + (i - 2) * 72, C.mint, 1.5, { opacity: 0.25 })) +
        P('M260 200 C 300 170 360 180 370 220 C 380 260 330 270 320 300 C 310 340 260 340 250 300 C 240 260 230 220 260 200 Z', C.green, { opacity: 0.55 }) +
        P('M440 170 C 500 150 560 190 560 230 C 560 270 520 280 500 320 C 480 360 520 400 480 420 C 440 430 430 380 430 340 C 430 290 400 260 420 220 C 425 200 430 180 440 170 Z', C.green, { opacity: 0.55 }), { clip_path: 'url(#globe)' }) +
      Ci(400, 300, 190, 'none', { stroke: C.mint, stroke_width: 2, opacity: 0.5 }) +
      arcs.map(([x1, y1, x2, y2]) => S(`M${x1} ${y1} Q ${(x1 + x2) / 2} ${Math.min(y1, y2) - 90} ${x2} ${y2}`, C.sand, 3, { opacity: 0.85 })).join('') +
      [[300, 250], [480, 200], [540, 360], [360, 400], [250, 330]].map(([x, y]) => Ci(x, y, 18, 'url(#gGlow)') + Ci(x, y, 7, C.white)).join('') +
      El(400, 300, 300, 70, 'none', { stroke: C.green, stroke_width: 2, opacity: 0.5, transform: 'rotate(-18 400 300)', stroke_dasharray: '4 10' }) +
      Ci(680, 230, 10, C.green),
    );
  },

  'extras-quality-check': () => card('mint',
    G('', R(140, 140, 250, 330, C.white, { rx: 18 }) + [0, 1, 2, 3].map((i) => R(170, 186 + i * 64, 34, 34, i < 3 ? C.green : C.mint, { rx: 8 }) + (i < 3 ? checkMark(188, 204 + i * 64, 0.7, C.white, 4) : '') + R(220, 196 + i * 64, [130, 100, 140, 90][i], 12, C.teal, { rx: 6, opacity: 0.2 })).join(''), { filter: 'url(#shadow)' }) +
    G('translate(520,300)', P('M0 -170 L130 -120 V-10 C 130 80 60 140 0 170 C -60 140 -130 80 -130 -10 V-120 Z', 'url(#gTeal)') +
      P('M0 -140 L104 -100 V-10 C 104 64 48 112 0 138 Z', C.white, { opacity: 0.08 }) + checkMark(0, 0, 3.4, C.green, 22), { filter: 'url(#shadow)' }) +
    G('translate(330,430)', Ci(0, 0, 54, C.white, { opacity: 0.6, stroke: C.ink, stroke_width: 12 }) + L(38, 38, 90, 90, C.ink, 18)),
  ),

  'extras-insight': () => card('dusk',
    Ci(400, 250, 220, 'url(#gGlow)') +
    rep(9, (i) => { const ang = Math.PI * (1.05 + i * 0.1125); return L(400 + 150 * Math.cos(ang), 250 + 150 * Math.sin(ang), 400 + 200 * Math.cos(ang), 250 + 200 * Math.sin(ang), i % 2 ? C.mint : C.green, 6, { opacity: 0.8 }); }) +
    G('', P('M400 130 A120 120 0 0 1 470 345 C 455 360 450 375 450 400 H350 C 350 375 345 360 330 345 A120 120 0 0 1 400 130 Z', C.mint) +
      P('M400 146 A104 104 0 0 0 322 318 Q 300 240 400 146 Z', C.white, { opacity: 0.6 }) +
      S('M370 400 V330 L385 300 L400 330 L415 300 L430 330 V400', C.teal, 5) +
      R(350, 404, 100, 20, C.sand, { rx: 6 }) + R(356, 428, 88, 20, C.sand2, { rx: 6 }) + R(370, 452, 60, 18, C.sand, { rx: 8 }), { filter: 'url(#shadow)' }) +
    rep(4, (i) => R(560 + i * 34, 480 - [50, 80, 70, 120][i], 22, [50, 80, 70, 120][i], i === 3 ? C.green : C.blue, { rx: 4, opacity: 0.8 })) +
    S('M120 470 L170 440 L210 455 L260 400', C.green, 5) + Ci(260, 400, 8, C.green) +
    star(610, 150, 14, C.mint, 4, 0.3) + star(180, 180, 10, C.green, 4, 0.3),
  ),
};
