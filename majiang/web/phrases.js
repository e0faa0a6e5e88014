// The settlement's engine phrases in the player's language. The engine names each item by a stable key
// and explains it with a short note meant for logs ("卡: chow 345s", "777z exposed, 1 each"); players
// must see table words in their own language, so every item name comes from i18n.js by key and every
// note is re-read here from its known shape. A note whose shape is unknown is left out rather than
// shown raw.
import {getLang, has, t, tileName, windName} from './i18n.js';

const SUIT_BASE = {m: 0, p: 9, s: 18, z: 27};

/** Tile notation ("456m", "67z", "123m456p", flowers "f2f6") → tile ids (flowers f1–f8 are 34–41). */
export function parseTiles(text) {
  const out = [];
  for (const [, digits, suit, flower] of String(text).matchAll(/(\d+)([mpsz])|f([1-8])/g)) {
    if (flower) { out.push(33 + Number(flower)); continue; }
    for (const d of digits) out.push(SUIT_BASE[suit] + Number(d) - 1);
  }
  return out;
}

/**
 * One decomposition group as the engine writes it: "chow 456m (W as 5m)", "pair 44s", "chi 123m from
 * seat 1", "gangpai 7z", or the Hefei reading "234m". → {kind, tiles, wildAs, from}
 */
export function parseGroup(text) {
  const m = /^(?:([a-z_]+) )?([0-9mpsz]+)(?: from seat (\d))?(?: \(W as ([0-9mpsz]+)\))?$/.exec(String(text).trim());
  if (!m) return null;
  const tiles = parseTiles(m[2]);
  let kind = m[1] || null;
  if (!kind) kind = tiles.length === 2 ? 'pair' : tiles.length >= 3 && tiles[0] === tiles[1] ? 'pung' : 'chow';
  return {kind, tiles, wildAs: m[4] ? parseTiles(m[4]) : [], from: m[3] !== undefined ? Number(m[3]) : null};
}

export function groupKindName(kind) {
  return t(`group_${kind}`) === `group_${kind}` ? '' : t(`group_${kind}`);
}

/** The table name of a settlement item (never its key): the ruleset's own word for the engine's name of
 * it (百搭麻将 names one key several ways: 边/卡/单吊), then the ruleset's word for the key, then the
 * shared word for the key, then the engine's Chinese name. */
export function itemName(item, ruleset) {
  if (ruleset === 'guobiao') {
    // The fan's English name is the item's note ("Mixed Double Chow × 2": counted twice).
    const m = /^(.*?)(?: × (\d+))?$/.exec(item.note || '');
    const name = getLang() === 'zh' || !m || !m[1] ? item.name : m[1];
    return m && m[2] ? `${name} ×${m[2]}` : name;
  }
  if (ruleset) {
    for (const rk of [`item_${ruleset}_${item.key}_${item.name}`, `item_${ruleset}_${item.key}`]) if (has(rk)) return t(rk);
  }
  const k = `item_${item.key}`;
  const s = t(k);
  if (s !== k) return s;
  return getLang() === 'zh' ? item.name : item.name; // the engine's Chinese name is a table name in both
}

const tilesText = (ids) => ids.map(tileName).join(getLang() === 'zh' ? '' : ', ');
const ZH_TILE = new Map();
function tileFromZh(name) {
  if (!ZH_TILE.size) {
    const nums = '一二三四五六七八九', suits = '万筒条';
    for (let s = 0; s < 3; s++) for (let r = 0; r < 9; r++) ZH_TILE.set(nums[r] + suits[s], s * 9 + r);
    '东风 南风 西风 北风 红中 发财 白板'.split(' ').forEach((n, i) => ZH_TILE.set(n, 27 + i));
  }
  return ZH_TILE.get(name);
}
const HEFEI_SUIT = {万: 0, 饼: 1, 筒: 1, 条: 2};
const suitName = (zh) => t(`suit_${HEFEI_SUIT[zh] ?? 0}`);

/**
 * The note of an item in the player's language, as {text, tiles?}: the words and, where the note names
 * a group of tiles, those tiles (drawn as tile faces next to the words). null when the note says
 * nothing a player needs or its shape is unknown.
 */
export function itemNote(item, ruleset) {
  if (ruleset === 'baida') return baidaNote(item);
  if (ruleset === 'guobiao') return null;  // (the name says it all; its English name is the note)
  const note = item.note || '';
  let m;
  switch (item.key) {
    case 'paofeng': {
      if ((m = /^(.+?): (.+)$/.exec(note)) && !/no W/.test(note)) {
        const g = parseGroup(m[2]);
        const shape = t(`shape_${m[1]}`) === `shape_${m[1]}` ? m[1] : t(`shape_${m[1]}`);
        if (g) return {text: shape, tiles: g.tiles, wildAs: g.wildAs};
      }
      return {text: t('note_paofeng_hard')};
    }
    case 'gangpai':
      if ((m = /^([0-9z]+) exposed/.exec(note))) { const ids = parseTiles(m[1]); return {text: t('note_gangpai', {n: ids.length}), tiles: ids}; }
      return null;
    case 'feng':
      if ((m = /^wind triplets (.+)$/.exec(note))) {
        const ids = m[1].match(/.风/g)?.map(tileFromZh).filter((x) => x !== undefined) || [];
        return {text: t('note_feng', {tiles: tilesText(ids)})};
      }
      return null;
    case 'jiagang': case 'minggang': case 'angang':
      if ((m = /^(\S+) (明杠|暗杠) (\d+)( \+ wind 1)?$/.exec(note))) {
        const id = tileFromZh(m[1]);
        return {text: t(m[4] ? 'note_kong_wind' : 'note_kong', {tile: id !== undefined ? tileName(id) : '', n: m[3]})};
      }
      return null;
    case 'gangkai':
      if ((m = /^(\d+) kong/.exec(note))) return {text: t('note_gangkai', {n: m[1]})};
      return null;
    case 'zuangang':
      if ((m = /W-kong ([0-9mpsz]+)/.exec(note))) return {text: t('note_zuangang'), tiles: parseTiles(m[1])};
      return null;
    case 'yilong':
      return {text: t('note_yilong')};
    case 'couyise': case 'qingyise':
      return {text: t(`note_${item.key}`)};
    case 'base':
      return {text: note.includes('不报听') ? t('room_bubaoting') : t('room_baoting')};
    case 'zhi': {
      const parts = [...note.matchAll(/([万饼筒条])(\d+)张/g)].map(([, s, n]) => t('note_zhi', {suit: suitName(s), n}));
      return parts.length ? {text: parts.join(getLang() === 'zh' ? '，' : ', ')} : null;
    }
    case 'queyimen': {
      const parts = [...note.matchAll(/([万饼筒条])/g)].map(([, s]) => suitName(s));
      return parts.length ? {text: t('note_queyimen', {suits: parts.join('、')})} : null;
    }
    case 'tong': {
      const parts = [...note.matchAll(/(\d+)张(\d)/g)].map(([, n, r]) => t('note_tong', {n, r}));
      return parts.length ? {text: parts.join(getLang() === 'zh' ? '，' : ', ')} : null;
    }
    case 'kan': case 'huo': case 'gang': case 'shuangpuzi': {
      const ids = parseTiles(note);
      return ids.length ? {text: t(`note_${item.key}`), tiles: ids} : null;
    }
    case 'ka':
      if ((m = /^(\S+) ([0-9mpsz]+)$/.exec(note))) return {text: t(`shape_${m[1]}`) === `shape_${m[1]}` ? m[1] : t(`shape_${m[1]}`), tiles: parseTiles(m[2])};
      return null;
    default: {
      const k = `note_${item.key}`;
      return t(k) === k ? null : {text: t(k)};
    }
  }
}

const WIND_ZH = '东南西北';
const DRAGON_ZH = {中: 31, 发: 32, 白: 33};

/** A 百搭麻将 item's note (the engine writes them for logs, in English): the table's words, and the tiles
 * it is about where the note names some. Keys sharing a name with another ruleset's item (平胡, 地胡)
 * mean something else here, hence notes of its own. */
function baidaNote(item) {
  const note = item.note || '';
  const own = (k, vars) => (has(`note_baida_${k}`) ? {text: t(`note_baida_${k}`, vars)} : null);
  let m;
  switch (item.key) {
    case 'hua':
      if ((m = /of (\S)$/.exec(note)) && WIND_ZH.includes(m[1])) {
        const w = WIND_ZH.indexOf(m[1]);
        return {text: t('note_baida_hua', {w: windName(w)}), tiles: [34 + w, 38 + w]};
      }
      return null;
    case 'hua_set':
      return {text: t('note_baida_hua_set'), tiles: note.startsWith('梅') ? [38, 39, 40, 41] : [34, 35, 36, 37]};
    case 'sanbaida':
      return (m = /^(\d+)/.exec(note)) ? own('sanbaida', {n: m[1]}) : null;
    case 'zhuang':
      return (m = /kept (\d+)/.exec(note)) ? {text: t('note_baida_zhuang_kept', {n: m[1]})} : own('zhuang');
    case 'jian': {
      const id = DRAGON_ZH[(item.name || '')[0]];
      return id !== undefined ? {text: t('note_baida_jian'), tiles: [id, id, id]} : own('jian');
    }
    case 'weifeng': case 'quanfeng': {
      const w = WIND_ZH.indexOf(note[0]);
      return w >= 0 ? {text: t(`note_baida_${item.key}`), tiles: [27 + w, 27 + w, 27 + w]} : own(item.key);
    }
    default:
      return own(item.key);
  }
}

const BREAKDOWN_ORDER = ['base', 'di', 'tai', 'fan', 'points', 'lianzhuang', 'zhuangfen', 'zhuang', 'multiplier', 'base_silver'];
const rank = (k) => (BREAKDOWN_ORDER.includes(k) ? BREAKDOWN_ORDER.indexOf(k) : 1.5); // items after the base

/** A payment's breakdown as words: "底 8 · 番 6 · 连庄 0 · ×包 1 · 基础银子 1". */
export function breakdownText(b, ruleset) {
  const keys = Object.keys(b || {}).sort((x, y) => rank(x) - rank(y));
  return keys.map((k) => {
    // Hefei's breakdown names its items by key (zhi, kan…): those read as the items' table names.
    const label = ruleset && has(`bd_${ruleset}_${k}`) ? t(`bd_${ruleset}_${k}`)
      : t(`bd_${k}`) !== `bd_${k}` ? t(`bd_${k}`) : t(`item_${k}`) !== `item_${k}` ? t(`item_${k}`) : '';
    return k === 'multiplier' ? `${label} ×${b[k]}` : `${label} ${b[k]}`;
  }).join(' · ');
}

/** A payment's note (顺包/反包, the Hefei sum) in the player's language; seat numbers become names. */
export function paymentNote(note, nameOf) {
  if (!note) return '';
  return note.split('; ').map((part) => {
    let m;
    if ((m = /^(顺包|反包) ×(\d+) \((\d+) 口 from seat (\d) to the winner\)$/.exec(part))) {
      return t('note_shunbao', {x: m[2], k: m[3], who: nameOf(Number(m[4]))});
    }
    if ((m = /^(顺包|反包) ×(\d+) \((\d+) 口 from the winner to seat (\d)\)$/.exec(part))) {
      return t('note_fanbao', {x: m[2], k: m[3], who: nameOf(Number(m[4]))});
    }
    // 百搭麻将: "自摸: 底 1 × 3 台", "放冲 pays double: 2 × 底 1 × 2^(5−1) (封顶 5)".
    if ((m = /^(自摸|放冲|抢杠)(?::| pays double: 2 ×) 底 (\d+) × (?:(\d+) 台|2\^\((\d+)−1\))(?: \(封顶 (\d+)\))?$/.exec(part))) {
      const dbl = m[4] !== undefined;
      const vars = {di: m[2], tai: dbl ? m[4] : m[3], why: t(m[1] === '抢杠' ? 'why_qianggang' : 'why_fangchong')};
      const key = m[1] === '自摸' ? 'pay_baida_self' : 'pay_baida_double';
      return t(dbl ? `${key}_dbl` : key, vars) + (m[5] ? t('pay_baida_cap', {cap: m[5]}) : '');
    }
    // 国标麻将: "自摸: 底分 + 番", "放炮: 底分 + 番", "被抢杠: 底分 + 番", "底分".
    if ((m = /^(自摸|放炮|被抢杠): 底分 \+ 番$/.exec(part))) {
      return t('pay_gb_full', {how: t({自摸: 'why_gb_self', 放炮: 'why_gb_discard', 被抢杠: 'why_gb_rob'}[m[1]])});
    }
    if (part === '底分') return t('pay_gb_base');
    if ((m = /^(点炮|自摸) (\d+)(?: \+ 庄分 (\d+)×连庄(\d+) = (\d+))?$/.exec(part))) {
      const how = m[1] === '自摸' ? t('self_draw') : t('discard_win');
      return m[3] ? t('note_hefei_pay_zhuang', {how, p: m[2], z: m[3], s: m[4], total: m[5]}) : t('note_hefei_pay', {how, p: m[2]});
    }
    return getLang() === 'zh' && !/[a-z]{3,}/i.test(part) ? part : '';
  }).filter(Boolean).join('；');
}
