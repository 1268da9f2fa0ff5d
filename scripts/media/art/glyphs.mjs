// One flat subject glyph per audience page, drawn in a 200x200 box centred on 0,0 (-100..100), for a light
// disc or card behind it. The hero stills and the page-specific section pictures (./subjects.mjs) are built around them.
import { C, R, Ci, El, P, S, L, G, poly, rep } from './lib.mjs';

const range = (n) => Array.from({ length: n }, (_, i) => i);
const star = (x, y, r, f, n = 5, k = 0.45) => P(poly(range(2 * n).map((i) => {
  const ang = Math.PI * i / n - Math.PI / 2; const rr = i % 2 ? r * k : r; return [x + rr * Math.cos(ang), y + rr * Math.sin(ang)];
})) + 'Z', f);
const heart = (x, y, s, f) => G(`translate(${x},${y}) scale(${s})`, P('M0 10 C -24 -8 -14 -30 0 -16 C 14 -30 24 -8 0 10 Z', f));
const head = (x, y, s, skin, shirt) => G(`translate(${x},${y}) scale(${s})`, P('M-40 40 Q -40 4 0 2 Q 40 4 40 40 Z', shirt) + Ci(0, -22, 20, skin));
const wheel = (x, y, r) => Ci(x, y, r, C.ink) + Ci(x, y, r * 0.55, C.mint) + Ci(x, y, r * 0.2, C.ink);

export const glyphs = {
  // ── B2B
  tradespeople: () =>
    G('rotate(38)', R(-9, -20, 18, 120, C.teal, { rx: 9 }) + R(-46, -62, 92, 40, C.ink, { rx: 8 }) + R(30, -62, 20, 40, C.teal2, { rx: 5 })) +
    G('rotate(-38)', R(-11, -10, 22, 110, C.green, { rx: 11 }) + P('M-12 -62 A34 34 0 1 0 12 -62 L12 -36 L-12 -36 Z', C.green2) + Ci(0, 88, 5, C.mint)),
  retail: () =>
    P('M-64 -30 H64 L74 86 H-74 Z', 'url(#gGreen)') + P('M-64 -30 H-40 L-44 86 H-74 Z', C.white, { opacity: 0.15 }) +
    S('M-34 -24 V-50 A34 34 0 0 1 34 -50 V-24', C.ink, 10) + Ci(-34, -18, 6, C.ink) + Ci(34, -18, 6, C.ink) +
    G('translate(30,44) rotate(-14)', R(-20, -14, 48, 30, C.white, { rx: 6 }) + Ci(-10, 1, 4, C.ink) + R(2, -3, 18, 6, C.teal, { rx: 3 })),
  construction: () =>
    R(-96, 56, 192, 22, C.teal, { rx: 6 }) + rep(5, (i) => R(-80 + i * 36, 62, 20, 10, C.green, { rx: 3 })) +
    P('M-76 46 A76 76 0 0 1 76 46 Z', C.green) + P('M-76 46 A76 76 0 0 1 -30 -24 L-22 46 Z', C.green2, { opacity: 0.6 }) +
    R(-92, 40, 184, 18, C.green2, { rx: 9 }) + R(-14, -34, 28, 76, C.white, { rx: 8, opacity: 0.75 }),
  smes: () =>
    R(-80, -10, 160, 100, C.white, { stroke: C.teal, stroke_width: 6, rx: 6 }) +
    rep(6, (i) => P(`M${-86 + i * 28.7} -34 h28.7 v26 a14.35 14.35 0 0 1 -28.7 0 Z`, i % 2 ? C.white : C.green, { stroke: C.teal, stroke_width: 3 })) +
    R(-90, -54, 180, 22, C.ink, { rx: 6 }) + R(-62, 20, 56, 44, C.mint, { rx: 4 }) + R(16, 16, 44, 74, C.teal, { rx: 4 }) + Ci(50, 54, 4, C.green) +
    R(-40, -84, 80, 24, C.blue, { rx: 12 }) + rep(3, (i) => Ci(-20 + i * 20, -72, 4, C.white)),
  agriculture: () =>
    R(-90, 76, 180, 8, C.teal, { rx: 4, opacity: 0.4 }) +
    P('M-70 30 V-6 H10 L20 -60 H66 L78 30 Z', 'url(#gGreen)') + R(28, -50, 30, 34, C.mint, { rx: 4 }) + R(-60, 4, 70, 8, C.green2) +
    R(-40, -44, 10, 40, C.ink, { rx: 4 }) + wheel(44, 40, 44) + wheel(-52, 56, 26),
  automotive: () =>
    P('M-96 40 L-92 6 Q -88 -8 -64 -12 L-30 -16 L0 -48 Q 8 -56 24 -56 L58 -56 Q 74 -56 84 -42 L98 -16 Q 100 20 98 40 Z', 'url(#gBlue)') +
    P('M-20 -16 L6 -42 Q 10 -46 18 -46 L36 -46 V-16 Z', C.mint, { opacity: 0.8 }) + P('M46 -46 L58 -46 Q 68 -46 74 -38 L86 -16 L46 -16 Z', C.mint, { opacity: 0.8 }) +
    R(86, -8, 12, 10, C.white, { rx: 4 }) + L(-70, 10, 80, 10, C.blue2, 3) + wheel(-52, 42, 26) + wheel(56, 42, 26),
  technology: () =>
    R(-84, -66, 168, 112, C.ink, { rx: 10 }) + R(-74, -56, 148, 92, C.teal, { rx: 4 }) +
    P('M-100 50 H100 L92 68 H-92 Z', C.teal2) + R(-20, 50, 40, 6, C.mint, { rx: 3 }) +
    R(-24, -34, 48, 48, C.green, { rx: 8 }) + rep(3, (i) => L(-32, -22 + i * 12, -50, -22 + i * 12, C.mint, 3) + L(32, -22 + i * 12, 50, -22 + i * 12, C.mint, 3)) +
    R(-10, -20, 20, 20, C.ink, { rx: 4 }),
  // ── Investor
  corporateBanking: () =>
    P('M-92 -40 L0 -90 L92 -40 Z', C.teal) + Ci(0, -58, 10, C.green) + R(-92, -40, 184, 12, C.teal2) +
    rep(4, (i) => R(-74 + i * 44, -24, 24, 88, C.white, { stroke: C.teal, stroke_width: 5 })) +
    R(-98, 64, 196, 14, C.teal2, { rx: 3 }) + R(-86, 80, 172, 10, C.teal, { rx: 3 }),
  financialDecisionMakers: () =>
    Ci(-18, 0, 70, C.blue) + P('M-18 0 L-18 -70 A70 70 0 0 1 52 0 Z', C.green, { transform: 'translate(12,-10)' }) + Ci(-18, 0, 26, C.white, { opacity: 0.35 }) +
    rep(4, (i) => El(64, 78 - i * 15, 30, 9, i % 2 ? C.sand : C.sand2, { stroke: C.teal, stroke_width: 3 })) + El(64, 33, 30, 9, C.sand, { stroke: C.teal, stroke_width: 3 }),
  reachB2b: () =>
    R(-88, -40, 176, 120, 'url(#gTeal)', { rx: 14 }) + S('M-30 -40 V-62 Q -30 -70 -22 -70 H22 Q 30 -70 30 -62 V-40', C.ink, 10) +
    R(-88, 2, 176, 10, C.ink, { opacity: 0.3 }) + R(-14, -6, 28, 24, C.green, { rx: 5 }) +
    S('M-56 46 L-10 60 L40 38 L66 56', C.mint, 3) + [[-56, 46], [-10, 60], [40, 38], [66, 56]].map(([x, y]) => Ci(x, y, 6, C.mint)).join(''),
  // ── Leaders
  businessLeaders: () =>
    R(-90, 30, 60, 56, C.teal2, { rx: 4 }) + R(-30, -10, 60, 96, C.teal, { rx: 4 }) + R(30, 50, 60, 36, C.teal3, { rx: 4 }) +
    L(0, -10, 0, -92, C.ink, 5) + P('M0 -92 L52 -78 L0 -62 Z', C.green) + S('M-60 -30 L-30 -48', C.green, 6, { opacity: 0 }) +
    R(-14, 10, 28, 6, C.mint, { rx: 3 }) + Ci(-60, 16, 10, C.blue),
  csuite: () =>
    R(-60, 70, 120, 20, C.ink, { rx: 6 }) + P('M-46 70 L-34 10 H34 L46 70 Z', C.teal) + R(-44, 0, 88, 16, C.ink, { rx: 6 }) +
    P('M-30 0 Q -50 -40 -20 -56 H20 Q 50 -40 30 0 Z', C.teal2) + R(-8, -96, 16, 44, C.green, { rx: 3 }) + R(-22, -84, 44, 16, C.green, { rx: 3 }),
  esg: () =>
    Ci(0, 0, 84, 'none', { stroke: C.teal, stroke_width: 10, stroke_dasharray: '150 26' }) + P('M62 -66 l18 20 l-26 4 Z', C.teal) +
    P('M0 56 C -60 20 -44 -50 30 -58 C 40 0 30 40 0 56 Z', 'url(#gGreen)') + S('M0 56 C 4 20 12 -10 24 -40', C.white, 5, { opacity: 0.8 }),
  everyProject: () =>
    R(-76, -80, 152, 172, C.white, { rx: 12, stroke: C.teal, stroke_width: 5 }) + R(-30, -94, 60, 26, C.ink, { rx: 8 }) +
    rep(3, (c) => rep(3 - (c === 2 ? 1 : 0), (r) => R(-62 + c * 44, -54 + r * 40, 36, 30, [C.green, C.blue3, C.mint][c], { rx: 6 }))) +
    S('M20 66 l10 10 l22 -22', C.green, 6),
  influencers: () =>
    R(-54, -92, 108, 184, C.ink, { rx: 18 }) + R(-46, -78, 92, 150, C.mint, { rx: 8 }) + Ci(0, 82, 5, C.teal3) +
    `<clipPath id="gl-inf"><rect x="-46" y="-78" width="92" height="150" rx="8"/></clipPath>` +
    G('', head(0, 10, 1.1, '#b08a64', C.green), { clip_path: 'url(#gl-inf)' }) +
    star(62, -60, 22, C.green) + heart(-66, -30, 1.1, C.blue) + Ci(70, 20, 9, C.blue3),
  // ── Healthcare
  lifeSciences: () => {
    const pts = (ph) => range(25).map((i) => { const y = -92 + i * 7.7; return [44 * Math.sin(y / 30 + ph), y]; });
    const a = pts(0), b = pts(Math.PI);
    return range(12).map((i) => L(a[i * 2 + 1][0], a[i * 2 + 1][1], b[i * 2 + 1][0], b[i * 2 + 1][1], i % 2 ? C.blue3 : C.teal3, 5)).join('') +
      S(poly(a), C.green, 10) + S(poly(b), C.teal, 10);
  },
  pharma: () =>
    R(-86, -46, 84, 128, C.white, { rx: 12, stroke: C.teal, stroke_width: 5 }) + R(-92, -72, 96, 28, C.teal, { rx: 6 }) + R(-72, -4, 56, 40, C.mint, { rx: 4 }) + L(-44, 2, -44, 30, C.green, 6) + L(-58, 16, -30, 16, C.green, 6) +
    G('translate(46,20) rotate(-40)', P('M0 -22 H-34 A22 22 0 0 0 -34 22 H0 Z', C.green) + P('M0 -22 H34 A22 22 0 0 1 34 22 H0 Z', C.blue)) +
    Ci(40, -56, 16, C.green2) + L(28, -56, 52, -56, C.white, 3),
  professionals: () =>
    S('M-44 -80 V-20 A44 44 0 0 0 44 -20 V-80', C.teal, 10) + Ci(-44, -84, 8, C.ink) + Ci(44, -84, 8, C.ink) +
    S('M0 24 V46 A36 36 0 0 0 72 46 V20', C.teal, 10) + Ci(72, 10, 20, C.green) + Ci(72, 10, 9, C.white) +
    R(-96, 40, 60, 44, C.white, { rx: 8, stroke: C.blue, stroke_width: 4 }) + S('M-90 64 H-78 L-72 52 L-62 76 L-56 64 H-44', C.blue, 4),
  // ── Media
  brands: () =>
    G('rotate(-24)', P('M-70 -48 H40 L84 0 L40 48 H-70 Q -80 48 -80 38 V-38 Q -80 -48 -70 -48 Z', 'url(#gGreen)') + Ci(42, 0, 10, C.white) + star(-20, 0, 30, C.white)) +
    S('M52 -10 Q 90 -60 60 -92', C.ink, 4),
  entertainment: () =>
    R(-84, -28, 168, 110, C.ink, { rx: 8 }) + rep(4, (i) => R(-72 + i * 42, 0, 30, 10, C.white, { opacity: 0.6, rx: 2 })) +
    G('rotate(-14 -84 -28)', R(-84, -62, 168, 30, C.white, { stroke: C.ink, stroke_width: 5 }) + rep(5, (i) => P(`M${-74 + i * 34} -62 h16 l-14 30 h-16 Z`, C.ink))) +
    P('M-14 26 L22 46 L-14 66 Z', C.green),
  marketingAgencies: () =>
    P('M-56 -24 L40 -72 V72 L-56 24 Z', 'url(#gBlue)') + R(-84, -28, 34, 56, C.teal, { rx: 6 }) + P('M-60 24 L-40 24 L-26 80 H-48 Z', C.teal2) +
    R(36, -80, 16, 160, C.ink, { rx: 8 }) + rep(3, (i) => S(`M${66 + i * 14} ${-34 - i * 10} q ${16 + i * 6} ${34 + i * 10} 0 ${68 + i * 20}`, C.green, 6, { opacity: 1 - i * 0.25 })),
  newsAgencies: () =>
    R(-80, -76, 160, 156, C.white, { rx: 8, stroke: C.teal, stroke_width: 5 }) + R(-64, -60, 128, 22, C.ink, { rx: 3 }) +
    R(-64, -26, 60, 52, C.blue3, { rx: 4 }) + Ci(-34, -8, 10, C.white, { opacity: 0.8 }) + rep(4, (i) => R(6, -26 + i * 14, 58, 7, C.teal, { rx: 3, opacity: 0.5 })) +
    rep(3, (i) => R(-64, 38 + i * 12, 128, 7, C.teal, { rx: 3, opacity: 0.35 })) + R(60, -96, 40, 22, C.green, { rx: 11 }),
  publishing: () =>
    P('M0 -50 C -30 -68 -70 -66 -96 -54 V64 C -70 52 -30 50 0 68 Z', C.white, { stroke: C.teal, stroke_width: 5 }) +
    P('M0 -50 C 30 -68 70 -66 96 -54 V64 C 70 52 30 50 0 68 Z', C.mint, { stroke: C.teal, stroke_width: 5 }) + L(0, -50, 0, 68, C.teal, 5) +
    rep(4, (i) => S(`M-80 ${-30 + i * 18} Q -46 ${-42 + i * 18} -14 ${-30 + i * 18}`, C.teal, 4, { opacity: 0.35 })) +
    R(30, -84, 16, 54, C.green) + P('M30 -30 L38 -40 L46 -30 Z', C.mint),
  // ── Social
  generalPublic: () =>
    head(-50, 20, 1, '#d9c7a7', C.blue) + head(50, 20, 1, '#8a6a4f', C.teal) + head(0, 40, 1.25, '#f3dccb', C.green) + R(-96, 88, 192, 6, C.teal, { rx: 3, opacity: 0.3 }),
  hobbyists: () =>
    P('M-10 -80 C 60 -84 100 -30 86 22 C 76 60 30 48 20 70 C 8 96 -70 90 -88 30 C -104 -26 -66 -78 -10 -80 Z', C.sand, { stroke: C.teal, stroke_width: 5 }) +
    Ci(-50, -24, 14, C.green) + Ci(-10, -50, 14, C.blue) + Ci(36, -40, 14, C.teal3) + Ci(-56, 26, 14, C.ink) + Ci(32, 20, 16, C.white, { stroke: C.teal, stroke_width: 4 }) +
    G('rotate(40 0 0)', R(-6, -110, 12, 90, C.teal2, { rx: 6, transform: 'translate(90 10)' }) + P('M84 -22 h12 l-2 30 q -4 10 -8 0 Z', C.green, {})),
  // a second hobby, so a hobbyists page need not repeat the palette
  guitar: () =>
    G('rotate(35)', R(-7, -100, 14, 96, C.teal2, { rx: 4 }) + R(-13, -112, 26, 24, C.ink, { rx: 6 }) +
      Ci(0, 22, 46, C.blue) + Ci(0, 58, 54, C.blue) + Ci(0, 22, 34, C.blue3, { opacity: 0.35 }) + Ci(0, 30, 16, C.ink) +
      R(-20, 68, 40, 10, C.ink, { rx: 4 }) + rep(3, (i) => L(-5 + i * 5, -96, -5 + i * 5, 72, C.mint, 1.5))) +
    P('M-74 -52 C -92 -70 -70 -92 -56 -72 Z', C.green) + L(-56, -72, -52, -100, C.green, 5) + Ci(70, 50, 10, C.green) + L(78, 50, 80, 14, C.green, 5),
  socialConsumer: () =>
    R(-60, -94, 120, 188, C.ink, { rx: 18 }) + R(-52, -80, 104, 156, C.white, { rx: 8 }) +
    R(-42, -70, 84, 50, C.mint, { rx: 6 }) + heart(0, -40, 1.2, C.green) + R(-42, -10, 60, 8, C.teal, { rx: 4, opacity: 0.4 }) + R(-42, 6, 84, 8, C.teal, { rx: 4, opacity: 0.25 }) +
    G('translate(-10,40)', P('M-26 -12 H30 L22 18 H-18 Z', C.blue) + Ci(-12, 28, 6, C.ink) + Ci(14, 28, 6, C.ink)) +
    G('translate(70,-40)', R(-26, -18, 52, 34, C.green, { rx: 17 }) + P('M-8 14 L-16 28 L4 14 Z', C.green) + star(0, -1, 10, C.white)),
  // ── Home
  home: () =>
    S('M-54 -40 L54 -40 L0 56 Z', C.teal3, 5, { stroke_dasharray: '10 8' }) +
    [[-54, -40, C.blue, '#d9c7a7'], [54, -40, C.green, '#8a6a4f'], [0, 56, C.teal, '#f3dccb']].map(([x, y, c, skin], i) =>
      `<clipPath id="gl-home${i}"><circle cx="${x}" cy="${y}" r="38"/></clipPath>` + Ci(x, y, 42, c) + G('', Ci(x, y, 38, C.mint) + head(x, y + 14, 0.9, skin, c), { clip_path: `url(#gl-home${i})` })).join(''),
};

export const hubGlyphs = {
  b2b: ['tradespeople', 'retail', 'technology'],
  investor: ['corporateBanking', 'financialDecisionMakers', 'reachB2b'],
  leaders: ['csuite', 'businessLeaders', 'esg'],
  healthcare: ['professionals', 'pharma', 'lifeSciences'],
  social: ['generalPublic', 'socialConsumer', 'hobbyists'],
  media: ['marketingAgencies', 'newsAgencies', 'entertainment'],
};
