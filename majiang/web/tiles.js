// SVG tile faces drawn in code: numerals + 万, circles for 筒, bamboo sticks for 条,
// characters for winds and dragons, and a tile back. viewBox 0 0 60 80.
import {h, onPress} from './dom.js';
import {rulesetWord, tileName, t} from './i18n.js';

const NUM_ZH = '一二三四五六七八九';
const HONOR_CH = '东南西北中发';
const INK = '#1d2b64';
const RED = '#c4262e';
const GREEN = '#16794a';
const BLUE = '#1f4fa3';
const FONT = `'Noto Serif CJK SC','Noto Serif SC','Songti SC','SimSun','Noto Sans CJK SC',serif`;

function text(x, y, size, fill, s, weight = 700) {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" font-family="${FONT}" font-weight="${weight}" text-anchor="middle" dominant-baseline="central">${s}</text>`;
}

function circle(x, y, r, color) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.74).toFixed(2)}" fill="#fffdf6"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.52).toFixed(2)}" fill="none" stroke="${color}" stroke-width="${(r * 0.16).toFixed(2)}" stroke-dasharray="${(r * 0.22).toFixed(2)} ${(r * 0.14).toFixed(2)}"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.2).toFixed(2)}" fill="${color}"/>`;
}

const DOTS = {
  1: [[30, 40, 21, RED]],
  2: [[30, 21, 13, GREEN], [30, 59, 13, BLUE]],
  3: [[15, 16, 10, BLUE], [30, 40, 10, RED], [45, 64, 10, GREEN]],
  4: [[18, 22, 11, BLUE], [42, 22, 11, GREEN], [18, 58, 11, GREEN], [42, 58, 11, BLUE]],
  5: [[16, 17, 9.5, BLUE], [44, 17, 9.5, GREEN], [30, 40, 9.5, RED], [16, 63, 9.5, GREEN], [44, 63, 9.5, BLUE]],
  6: [[18, 15, 9, GREEN], [42, 15, 9, GREEN], [18, 44, 9, RED], [42, 44, 9, RED], [18, 65, 9, RED], [42, 65, 9, RED]],
  7: [[14, 12, 7.5, GREEN], [30, 20, 7.5, GREEN], [46, 28, 7.5, GREEN],
      [19, 49, 8, RED], [41, 49, 8, RED], [19, 67, 8, RED], [41, 67, 8, RED]],
  8: [[18, 13, 7.8, BLUE], [42, 13, 7.8, BLUE], [18, 31, 7.8, BLUE], [42, 31, 7.8, BLUE],
      [18, 49, 7.8, BLUE], [42, 49, 7.8, BLUE], [18, 67, 7.8, BLUE], [42, 67, 7.8, BLUE]],
  9: [[13, 16, 8, BLUE], [30, 16, 8, BLUE], [47, 16, 8, BLUE], [13, 40, 8, RED], [30, 40, 8, RED],
      [47, 40, 8, RED], [13, 64, 8, GREEN], [30, 64, 8, GREEN], [47, 64, 8, GREEN]],
};

function stick(x, y, color, w = 7, len = 21) {
  const x0 = x - w / 2, y0 = y - len / 2;
  return `<rect x="${x0}" y="${y0}" width="${w}" height="${len}" rx="${w / 2}" fill="${color}"/>` +
    `<rect x="${x0 + w * 0.3}" y="${y0 + 2}" width="${w * 0.18}" height="${len - 4}" fill="#fffdf6" opacity=".45"/>` +
    `<rect x="${x0 - 0.6}" y="${y - 1}" width="${w + 1.2}" height="2" rx="1" fill="${color}" stroke="#fffdf6" stroke-width=".6"/>`;
}

const STICKS = {
  2: [[30, 22, GREEN], [30, 58, GREEN]],
  3: [[30, 22, GREEN], [19, 58, GREEN], [41, 58, GREEN]],
  4: [[19, 22, GREEN], [41, 22, BLUE], [19, 58, BLUE], [41, 58, GREEN]],
  5: [[15, 22, GREEN], [45, 22, BLUE], [30, 40, RED], [15, 58, BLUE], [45, 58, GREEN]],
  6: [[14, 22, GREEN], [30, 22, GREEN], [46, 22, GREEN], [14, 58, BLUE], [30, 58, BLUE], [46, 58, BLUE]],
  7: [[30, 14, RED], [14, 40, GREEN], [30, 40, GREEN], [46, 40, GREEN], [14, 66, BLUE], [30, 66, BLUE], [46, 66, BLUE]],
  8: [[12, 22, GREEN], [24, 22, GREEN], [36, 22, GREEN], [48, 22, GREEN],
      [12, 58, BLUE], [24, 58, BLUE], [36, 58, BLUE], [48, 58, BLUE]],
  9: [[14, 14, GREEN], [30, 14, RED], [46, 14, BLUE], [14, 40, GREEN], [30, 40, RED], [46, 40, BLUE],
      [14, 66, GREEN], [30, 66, RED], [46, 66, BLUE]],
};

function bird() {
  // 一条: a small bird on a bamboo stem.
  return `<rect x="27" y="36" width="6" height="34" rx="3" fill="${GREEN}"/>` +
    `<rect x="25.5" y="52" width="9" height="2" rx="1" fill="${GREEN}"/>` +
    `<ellipse cx="30" cy="29" rx="13" ry="10" fill="${GREEN}"/>` +
    `<circle cx="38" cy="20" r="6.5" fill="${RED}"/>` +
    `<path d="M43 19 l7 2 l-7 2 z" fill="#d9a21b"/>` +
    `<circle cx="39.5" cy="18.5" r="1.4" fill="#fffdf6"/>` +
    `<path d="M18 27 q-8 -10 -4 -18 q5 8 10 12 z" fill="${BLUE}"/>` +
    `<path d="M22 32 q6 4 14 1" stroke="#fffdf6" stroke-width="1.4" fill="none"/>`;
}

const cache = new Map();

export function tileFaceSVG(id) {
  if (cache.has(id)) return cache.get(id);
  let body = '';
  if (id === null || id === undefined || id < 0) {
    body = '';
  } else if (id < 9) {
    body = text(30, 23, 27, INK, NUM_ZH[id]) + text(30, 57, 30, RED, '万');
  } else if (id < 18) {
    body = DOTS[id - 8].map(([x, y, r, c]) => circle(x, y, r, c)).join('');
  } else if (id < 27) {
    const n = id - 17;
    body = n === 1 ? bird() : STICKS[n].map(([x, y, c]) => stick(x, y, c)).join('');
  } else if (id < 33) {
    const ch = HONOR_CH[id - 27];
    const color = id === 31 ? RED : id === 32 ? GREEN : INK;
    body = text(30, 41, 40, color, ch, 900);
  } else if (id >= 34) {  // flowers 春夏秋冬 (green) and 梅兰竹菊 (red), with their number 1-4
    const color = id < 38 ? GREEN : RED;
    body = text(30, 45, 34, color, '春夏秋冬梅兰竹菊'[id - 34], 900) + text(48, 72, 14, BLUE, String((id - 34) % 4 + 1));
  } else {
    body = `<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="${BLUE}" stroke-width="3.2"/>` +
      `<rect x="17" y="19" width="26" height="42" rx="2" fill="none" stroke="${BLUE}" stroke-width="1.2"/>`;
  }
  const svg = `<svg viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">${body}</svg>`;
  cache.set(id, svg);
  return svg;
}

/**
 * A tile element. opts: {size: 'hand'|'river'|'meld'|'mini', back: bool, view (for wild marks),
 * onClick, selectable, highlight, sideways, extraClass, label, badge (a corner note), badgeClass, badgeTitle (what
 * the note means: the badge's tooltip, and said after the tile's name)}
 */
export function tileEl(id, opts = {}) {
  const back = opts.back || id === null || id === undefined;
  const cls = ['tile', `tile-${opts.size || 'hand'}`];
  if (back) cls.push('back');
  const marks = [];
  const v = opts.view;
  if (!back && v && opts.plain) { cls.push('is-plain'); marks.push(t('mark_plain')); }  // the indicator's own tile
  else if (!back && v) {
    if ((v.wild !== null && v.wild !== undefined && id === v.wild) || (v.wilds && v.wilds.includes(id))) { cls.push('is-wild'); marks.push(rulesetWord('mark_wild', v.ruleset)); }
    else if (v.stand_in !== null && v.stand_in !== undefined && id === v.stand_in) { cls.push('is-standin'); marks.push(t('mark_standin')); }
    else if (opts.markGangpai && v.gangpai && v.gangpai.includes(id)) { cls.push('is-gangpai'); marks.push(t('mark_gangpai')); }
  }
  if (opts.highlight) cls.push('hl');
  if (opts.sideways) cls.push('sideways');
  if (opts.dim) cls.push('dim');
  if (opts.extraClass) cls.push(opts.extraClass);
  let label = back ? tileName(null) : tileName(id);
  if (cls.includes('is-plain')) label += ` (${t('plain_indicator')})`;
  else if (cls.includes('is-wild')) label += ` (${rulesetWord('wild', v && v.ruleset)})`;
  else if (cls.includes('is-standin')) label += ` (${t('stand_in_long')})`;
  else if (cls.includes('is-gangpai')) label += ` (${t('gangpai')})`;
  if (opts.label) label = opts.label;
  if (opts.badge && opts.badgeTitle) label += ` · ${opts.badgeTitle}`;
  const clickable = typeof opts.onClick === 'function';
  const el = h(clickable ? 'button' : 'span', {
    class: cls.join(' '),
    'data-tile': back ? undefined : id,
    'aria-label': label,
    role: clickable ? undefined : 'img',
    title: back ? undefined : label,
    type: clickable ? 'button' : undefined,
    // (on the press, not the click: a redraw between press and release would lose the click, dom.js onPress)
    ...(clickable ? onPress(opts.onClick) : {}),
    html: back ? '' : tileFaceSVG(id),
  });
  if (marks.length) el.appendChild(h('span', {class: 'mark', 'aria-hidden': 'true'}, marks[0]));
  if (opts.badge) el.appendChild(h('span', {class: `badge ${opts.badgeClass || ''}`, 'aria-hidden': 'true', title: opts.badgeTitle}, opts.badge));
  return el;
}

/** 百搭: which of the own hand's tiles is the indicator's own, plain tile (the view says the seat holds
 * it, and whether it is the drawn one): {plainAt: its index in `tiles` (-1: none), plainDrawn}. */
export function plainTile(view, tiles, drawn) {
  const plainDrawn = !!(view.plain_indicator_held && view.drawn_plain && drawn !== null && drawn !== undefined);
  const plainAt = view.plain_indicator_held && !plainDrawn ? tiles.indexOf(view.indicator) : -1;
  return {plainAt, plainDrawn};
}

export function tileRow(ids, opts = {}) {
  return h('span', {class: `tile-row ${opts.rowClass || ''}`}, ids.map((id) => tileEl(id, opts)));
}
