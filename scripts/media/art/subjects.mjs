// Pictures made for one page each: every audience page's hero still (1280x720, shown before and under its hub's
// looping video) and the section pictures that used to be shared by three to five pages (800x600).
// Both are built around the page's subject glyph (./glyphs.mjs) in the section illustrations' visual language.
import { C, R, Ci, El, P, S, L, G, rep, rng, card, bust } from './lib.mjs';
import { glyphs, hubGlyphs } from './glyphs.mjs';
import { videos } from './videos.mjs';

const range = (n) => Array.from({ length: n }, (_, i) => i);
const checkMark = (x, y, s, col, w = 6) => S(`M${x - 10 * s} ${y} l ${7 * s} ${8 * s} l ${14 * s} ${-16 * s}`, col, w);
const lines = (x, y, widths, gap, col, h = 10, o = {}) => widths.map((w, i) => R(x, y + i * gap, w, h, col, { rx: h / 2, ...o })).join('');
const glyph = (name, x, y, s) => G(`translate(${x},${y}) scale(${s})`, glyphs[name]());
// The glyph on a white disc with a coloured rim: the subject's "badge".
const badge = (name, x, y, r, rim = C.green) =>
  G('', Ci(x, y, r + 8, rim) + Ci(x, y, r, 'url(#gMint)'), { filter: 'url(#shadow)' }) + glyph(name, x, y, (r * 0.82) / 100);

// ───────────── Hero stills ─────────────
// The hub's own video frame (same palette and texture, so the switch to the video is gentle), calmed, with the
// page's subject in a lit disc right of the headline, and two small floating data chips placed per page.
const HW = 960, HH = 540;
function heroStill(hub, name, seed) {
  return () => {
    const r = rng(seed);
    const phase = r();
    // Top, right of centre: clear of the headline (lower left) on desktop, and still mostly in the centre
    // strip (x 307-653 of 960) that a 375 px phone's cover crop keeps.
    const cx = 572 + Math.round(r() * 20), cy = 165 + Math.round(r() * 10);
    const ringR = 132 + Math.round(r() * 10);
    const bars = range(5).map(() => 10 + Math.round(r() * 26));
    const chipA = [cx + 175 + Math.round(r() * 25), cy - 70 + Math.round(r() * 30)];
    const chipB = [cx + 200 + Math.round(r() * 30), cy + 150 + Math.round(r() * 20)];
    const orbit = range(3).map(() => r() * Math.PI * 2);
    const frame = videos[hub](phase, HW, HH);
    const chip = ([x, y], body) => G(`translate(${x},${y})`, R(-62, -30, 124, 60, C.white, { rx: 16, opacity: 0.94 }) + body, { filter: 'url(#shadow)' });
    const body = frame + R(0, 0, HW, HH, C.ink, { opacity: 0.28 }) +
      Ci(cx, cy, 250, 'url(#hGlow)') +
      Ci(cx, cy, ringR, 'none', { stroke: C.mint, stroke_width: 1.5, opacity: 0.35, stroke_dasharray: '3 9' }) +
      Ci(cx, cy, ringR + 40, 'none', { stroke: C.mint, stroke_width: 1, opacity: 0.14 }) +
      orbit.map((a, i) => Ci(cx + ringR * Math.cos(a), cy + ringR * Math.sin(a), [7, 5, 4][i], [C.green, C.mint, C.blue3][i])).join('') +
      G('', Ci(cx, cy, 106, C.green, { opacity: 0.9 }) + Ci(cx, cy, 99, 'url(#gMint)'), { filter: 'url(#shadow)' }) +
      glyph(name, cx, cy, 0.8) +
      chip(chipA, bars.map((h, i) => R(-46 + i * 20, 18 - h, 12, h, i === 4 ? C.green : C.teal3, { rx: 3 })).join('')) +
      chip(chipB, Ci(-36, 0, 15, C.green) + checkMark(-36, 1, 0.7, C.white, 4) + lines(-12, -11, [60, 40], 16, C.teal, 7, { opacity: 0.45 }));
    return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 ${HW} ${HH}"><defs>` +
      `<radialGradient id="hGlow"><stop offset="0" stop-color="${C.green}" stop-opacity=".32"/><stop offset="1" stop-color="${C.green}" stop-opacity="0"/></radialGradient></defs>${body}</svg>`;
  };
}

// hub -> [page slug as in pages/<folder>/<slug>.yaml, file name part]
export const heroPages = {
  b2b: [['tradespeople'], ['retail'], ['construction'], ['smes'], ['agriculture'], ['automotive'], ['technology']],
  investor: [['corporateBanking', 'corporate-banking'], ['financialDecisionMakers', 'financial-decision-makers'], ['reachB2b', 'reach-b2b']],
  leaders: [['businessLeaders', 'business-leaders'], ['csuite'], ['esg'], ['everyProject', 'every-project'], ['influencers']],
  healthcare: [['lifeSciences', 'life-sciences'], ['pharma'], ['professionals']],
  media: [['brands'], ['entertainment'], ['marketingAgencies', 'marketing-agencies'], ['newsAgencies', 'news-agencies'], ['publishing']],
  social: [['generalPublic', 'general-public'], ['hobbyists'], ['socialConsumer', 'social-consumer']],
};

export const heroStills = {
  'hero-home': heroStill('b2b', 'home', 900),
  ...Object.fromEntries(Object.entries(heroPages).flatMap(([hub, list]) =>
    list.map(([slug, file = slug], i) => [`hero-${hub}-${file}`, heroStill(hub, slug, 100 + i * 17 + hub.length * 131)]))),
};

// ───────────── Section pictures (800x600) ─────────────
const kinds = {
  // a ticked checklist beside the subject
  check: (g, theme) => card(theme,
    G('', R(120, 120, 270, 360, C.white, { rx: 18 }) + R(200, 100, 110, 40, C.ink, { rx: 12 }) +
      range(4).map((i) => R(152, 176 + i * 70, 36, 36, i < 3 ? C.green : C.mint, { rx: 9 }) + (i < 3 ? checkMark(170, 194 + i * 70, 0.75, C.white, 4) : '') +
        R(204, 186 + i * 70, [140, 110, 150, 96][i], 13, C.teal, { rx: 6, opacity: 0.22 })).join(''), { filter: 'url(#shadow)' }) +
    S('M390 300 C 440 300 460 300 500 300', C.teal, 4, { stroke_dasharray: '8 10' }) + badge(g, 580, 300, 120)),

  // a dashboard of bars, donut and trend, the subject pinned to its corner
  data: (g, theme) => card(theme,
    G('', R(80, 150, 440, 330, C.ink2, { rx: 18, stroke: C.teal3, stroke_width: 2 }) +
      range(7).map((i) => { const h = [70, 110, 90, 150, 120, 190, 170][i]; return R(112 + i * 50, 440 - h, 30, h, i === 6 ? C.green : C.blue, { rx: 6, opacity: i === 6 ? 1 : 0.8 }); }).join('') +
      S('M112 300 L162 270 L212 285 L262 230 L312 245 L362 190 L412 200 L470 150', C.mint, 4) + Ci(470, 150, 8, C.mint) +
      R(112, 176, 120, 12, C.mint, { rx: 6, opacity: 0.4 })) +
    G('translate(620,430) rotate(-90)', Ci(0, 0, 58, 'none', { stroke: C.teal2, stroke_width: 24 }) + Ci(0, 0, 58, 'none', { stroke: C.green, stroke_width: 24, stroke_dasharray: `${(0.62 * 2 * Math.PI * 58).toFixed(1)} 999` })) +
    badge(g, 600, 200, 110), { dots: [560, 40, 200, 100] }),

  // the subject under a magnifying lens, with a spark of insight
  insight: (g, theme) => card(theme,
    Ci(360, 280, 230, 'url(#gGlow)', { opacity: 0.6 }) +
    G('', L(470, 390, 600, 520, C.ink, 34) + L(470, 390, 600, 520, C.teal3, 20) + Ci(360, 280, 160, C.teal, { opacity: 0.9 }) + Ci(360, 280, 140, 'url(#gMint)'), { filter: 'url(#shadow)' }) +
    glyph(g, 360, 280, 1.05) + P('M292 190 A110 110 0 0 0 262 250', 'none', { stroke: C.white, stroke_width: 10, stroke_linecap: 'round', opacity: 0.8 }) +
    rep(7, (i) => { const a = -Math.PI * (0.2 + i * 0.09); return L(620 + 50 * Math.cos(a), 190 + 50 * Math.sin(a), 620 + 86 * Math.cos(a), 190 + 86 * Math.sin(a), i % 2 ? C.mint : C.green, 6); }) +
    Ci(620, 190, 26, C.green) + lines(600, 300, [120, 90, 110], 26, C.mint, 12, { opacity: 0.55 })),

  // a globe with routes that end at the subject
  reach: (g, theme) => card(theme,
    `<clipPath id="rg"><circle cx="300" cy="310" r="170"/></clipPath>` + Ci(300, 310, 220, 'url(#gGlow)', { opacity: 0.5 }) + Ci(300, 310, 170, 'url(#gTeal)') +
    G('', rep(5, (i) => El(300, 310, 170 * Math.cos((i - 2) * 0.6), 170, 'none', { stroke: C.mint, stroke_width: 1.5, opacity: 0.25 })) +
      rep(5, (i) => L(130, 310 + (i - 2) * 64, 470, 310 + (i - 2) * 64, C.mint, 1.5, { opacity: 0.25 })) +
      P('M180 230 C 220 200 280 210 290 250 C 300 290 250 300 240 330 C 230 370 180 370 170 330 C 160 290 150 250 180 230 Z', C.green, { opacity: 0.55 }) +
      P('M330 200 C 390 180 430 220 430 260 C 430 300 390 310 370 350 C 350 390 380 420 350 440 C 310 450 310 400 310 360 C 310 310 290 280 310 240 Z', C.green, { opacity: 0.55 }), { clip_path: 'url(#rg)' }) +
    [[220, 260], [380, 250], [260, 400]].map(([x, y]) => S(`M${x} ${y} Q ${(x + 600) / 2} ${Math.min(y, 230) - 120} 600 230`, C.sand, 3, { stroke_dasharray: '2 8', opacity: 0.9 }) + Ci(x, y, 8, C.white)).join('') +
    badge(g, 600, 230, 105)),

  // a handset with sound waves reaching the subject
  phone: (g, theme) => card(theme,
    Ci(250, 330, 170, C.mint, { opacity: 0.8 }) +
    G('translate(250,340) rotate(-38)', S('M-96 -26 Q 0 -104 96 -26', C.teal, 42) +
      G('translate(-102,-6) rotate(38)', R(-36, -24, 72, 54, 'url(#gTeal)', { rx: 22 })) + G('translate(102,-6) rotate(-38)', R(-36, -24, 72, 54, 'url(#gTeal)', { rx: 22 })), { filter: 'url(#shadow)' }) +
    rep(3, (i) => S(`M${400 + i * 30} ${250 - i * 22} a ${60 + i * 34} ${60 + i * 34} 0 0 1 0 ${120 + i * 68}`, C.green, 8, { opacity: 1 - i * 0.28 })) +
    badge(g, 610, 300, 110) + G('translate(140,130)', rep(7, (i) => R(i * 14, -[12, 26, 42, 22, 36, 16, 10][i] / 2, 8, [12, 26, 42, 22, 36, 16, 10][i], C.teal, { rx: 4, opacity: 0.6 })))),

  // a video call: three people and the subject on the fourth tile
  video: (g, theme) => {
    const tiles = [[110, 100, C.teal, '#d9c7a7', C.green, C.ink, 0], [410, 100, C.blue2, '#8a6a4f', C.mint, C.ink2, 1], [110, 290, C.teal2, '#f3dccb', C.blue3, '#5b4636', 3]];
    return card(theme,
      R(84, 74, 632, 420, C.ink2, { rx: 22, stroke: C.teal3, stroke_width: 2 }) +
      tiles.map(([x, y, bg, skin, shirt, hair, st], i) => `<clipPath id="vv${i}"><rect x="${x}" y="${y}" width="280" height="170" rx="14"/></clipPath>` +
        G('', R(x, y, 280, 170, bg) + bust(x + 140, y + 192, 1.15, skin, shirt, hair, st), { clip_path: `url(#vv${i})` })).join('') +
      R(410, 290, 280, 170, 'url(#gMint)', { rx: 14 }) + R(410, 290, 280, 170, 'none', { rx: 14, stroke: C.green, stroke_width: 5 }) + glyph(g, 550, 375, 0.72) +
      G('translate(400,500)', R(-100, -22, 200, 44, C.ink, { rx: 22 }) + Ci(-60, 0, 13, C.teal3) + Ci(-16, 0, 13, C.teal3) + R(22, -12, 50, 24, C.green, { rx: 12 })),
      { dots: false });
  },

  // an online questionnaire about the subject
  online: (g, theme) => card(theme,
    G('', R(130, 90, 540, 390, C.white, { rx: 16 }) + R(130, 90, 540, 46, C.ink, { rx: 16 }) + R(130, 120, 540, 16, C.ink) +
      rep(3, (i) => Ci(160 + i * 24, 113, 7, [C.green, C.mint, C.blue3][i])), { filter: 'url(#shadow)' }) +
    R(170, 166, 300, 10, C.mint, { rx: 5 }) + R(170, 166, 190, 10, C.green, { rx: 5 }) + R(170, 198, 240, 14, C.ink, { rx: 7, opacity: 0.75 }) +
    range(4).map((i) => Ci(184, 252 + i * 44, 11, 'none', { stroke: i === 2 ? C.green : C.sand2, stroke_width: 3 }) + (i === 2 ? Ci(184, 252 + i * 44, 5, C.green) : '') +
      R(206, 246 + i * 44, [160, 200, 130, 180][i], 12, C.teal, { rx: 6, opacity: i === 2 ? 0.5 : 0.18 })).join('') +
    R(520, 410, 110, 38, C.green, { rx: 19 }) + badge(g, 560, 270, 92)),

  // a phone feed of posts about the subject
  sampling: (g, theme) => card(theme,
    G('', R(270, 60, 260, 480, C.ink, { rx: 34 }) + R(284, 92, 232, 420, C.white, { rx: 14 }), { filter: 'url(#shadow)' }) +
    R(300, 108, 200, 170, 'url(#gMint)', { rx: 10 }) + glyph(g, 400, 193, 0.72) +
    Ci(318, 306, 14, C.blue3) + lines(342, 298, [120, 80], 18, C.teal, 8, { opacity: 0.35 }) +
    R(300, 350, 200, 120, C.mint, { rx: 10, opacity: 0.6 }) + lines(316, 368, [150, 110, 130], 24, C.teal, 10, { opacity: 0.3 }) +
    G('translate(600,210)', R(-50, -28, 100, 56, C.white, { rx: 28 }) + P('M-22 24 L-32 46 L-2 24 Z', C.white) + P('M0 10 C -24 -8 -14 -30 0 -16 C 14 -30 24 -8 0 10 Z', C.green), { filter: 'url(#shadow)' }) +
    G('translate(190,380)', R(-56, -28, 112, 56, C.white, { rx: 28 }) + P('M22 24 L32 46 L2 24 Z', C.white) + rep(3, (i) => Ci(-24 + i * 24, 0, 7, C.blue)), { filter: 'url(#shadow)' })),

  // three methods overlapping around the subject
  mixed: (g, theme) => card(theme,
    G('', Ci(320, 240, 150, C.green, { opacity: 0.75 }) + Ci(480, 240, 150, C.blue, { opacity: 0.7 }) + Ci(400, 380, 150, C.teal3, { opacity: 0.75 }), { filter: 'url(#shadow)' }) +
    G('translate(250,190)', R(-36, -26, 72, 48, C.white, { rx: 6 }) + R(-26, -12, 36, 8, C.green, { rx: 4 })) +
    G('translate(560,190) rotate(-30)', S('M-26 -4 Q 0 -26 26 -4', C.white, 14) + R(-38, -8, 22, 20, C.white, { rx: 7 }) + R(16, -8, 22, 20, C.white, { rx: 7 })) +
    G('translate(400,490)', bust(0, 0, 0.55, C.white, C.white)) + badge(g, 400, 290, 78)),

  // the fieldwork team around the subject
  team: (g, theme) => {
    const people = [[190, 200, '#b08a64', C.green, C.ink, 0], [610, 200, C.sand, C.blue, '#5b4636', 1], [190, 430, '#d9c7a7', C.teal, C.teal, 2], [610, 430, '#8a6a4f', C.blue3, C.ink2, 3]];
    return card(theme,
      people.map(([x, y]) => S(`M${x} ${y} L400 315`, C.teal, 4, { stroke_dasharray: '8 10', opacity: 0.6 })).join('') +
      people.map(([x, y, skin, shirt, hair, st], i) => `<clipPath id="tm${i}"><circle cx="${x}" cy="${y}" r="62"/></clipPath>` +
        G('', Ci(x, y, 62, C.white) + bust(x, y + 72, 0.85, skin, shirt, hair, st), { clip_path: `url(#tm${i})` }) + Ci(x, y, 62, 'none', { stroke: shirt, stroke_width: 6 })).join('') +
      badge(g, 400, 315, 110));
  },

  // an audience watching the subject on screen
  crowd: (g, theme) => {
    const r = rng(77);
    const skins = ['#d9c7a7', '#8a6a4f', '#f3dccb', '#b08a64'];
    const shirts = [C.green, C.blue, C.teal3, C.mint, C.blue3];
    return card(theme,
      R(180, 70, 440, 260, C.ink, { rx: 14, stroke: C.teal3, stroke_width: 3 }) + R(196, 86, 408, 228, 'url(#gMint)', { rx: 8 }) + glyph(g, 400, 200, 0.95) +
      El(400, 330, 300, 60, C.green, { opacity: 0.12, filter: 'url(#blur8)' }) +
      [[430, 7, 0.7], [500, 6, 0.85]].map(([y, n, s], row) => rep(n, (i) => {
        const x = 400 + (i - (n - 1) / 2) * (row ? 118 : 104);
        return bust(x, y + 90, s, skins[Math.floor(r() * 4)], shirts[(i + row) % 5], C.ink, Math.floor(r() * 4));
      })).join(''),
      { dots: false });
  },

  // a hub's three best-known audiences (home page overview cards)
  hub: (list, theme) => card(theme,
    S('M210 360 Q 400 180 590 360', C.teal3, 4, { stroke_dasharray: '8 10', opacity: 0.7 }) +
    badge(list[0], 210, 360, 100, C.green) + badge(list[1], 400, 250, 118, C.blue) + badge(list[2], 590, 360, 100, C.teal3)),
};

const section = (kind, subject, theme) => () => kinds[kind](subject, theme);

export const sectionPictures = {
  'b2b-tradespeople-phone': section('phone', 'tradespeople', 'sand'),
  'b2b-smes-check': section('check', 'smes', 'mint'),
  'investor-financial-decision-makers-phone': section('phone', 'financialDecisionMakers', 'mint'),
  'investor-corporate-banking-data': section('data', 'corporateBanking', 'ink'),
  'leaders-csuite-check': section('check', 'csuite', 'sand'),
  'leaders-business-leaders-insight': section('insight', 'businessLeaders', 'dusk'),
  'leaders-influencers-reach': section('reach', 'influencers', 'dusk'),
  'leaders-esg-mixed': section('mixed', 'esg', 'sand'),
  'healthcare-life-sciences-check': section('check', 'lifeSciences', 'white'),
  'healthcare-professionals-online': section('online', 'professionals', 'mint'),
  'healthcare-pharma-team': section('team', 'pharma', 'mint'),
  'media-marketing-agencies-data': section('data', 'marketingAgencies', 'teal'),
  'media-news-agencies-data': section('data', 'newsAgencies', 'blue'),
  'media-publishing-reach': section('reach', 'publishing', 'teal'),
  'media-entertainment-crowd': section('crowd', 'entertainment', 'ink'),
  'social-general-public-phone': section('phone', 'generalPublic', 'white'),
  'social-general-public-insight': section('insight', 'generalPublic', 'teal'),
  'social-hobbyists-insight': section('insight', 'guitar', 'blue'),
  'social-hobbyists-video': section('video', 'hobbyists', 'ink'),
  'social-social-consumer-sampling': section('sampling', 'retail', 'blue'),
  'social-sampling-public': section('team', 'generalPublic', 'sand'),
  'social-sampling-consumers': section('crowd', 'socialConsumer', 'dusk'),
  'social-sampling-hobbyists': section('sampling', 'hobbyists', 'mint'),
  ...Object.fromEntries(Object.entries(hubGlyphs).map(([hub, list], i) =>
    [`home-hub-${hub}`, () => kinds.hub(list, ['sand', 'teal', 'mint', 'white', 'blue', 'dusk'][i])])),
};
