// The 听 hint: which tiles would complete this seat's hand, and how many of each it cannot see.
//
// A small win-checker over 34 counts: regular hands (n sets + a pair) by recursion at the lowest held
// kind, seven pairs (14-tile concealed part, no melds), with `jokers` wilds that may stand for anything.
// Anqing: tiles equal to view.wild are jokers; the 红中 stand-in plays as the wild's face; a held 杠牌
// rules the hand out (mode B with keep_gangpai: an ordinary honor); mode B: naturals of all three suits
// do not win. Hefei: 2–8 only (no honors in the set) and a win needs one suit of 8+ tiles (concealed
// kongs included). The wild itself is never listed as a wait (drawing it is a joker).

const memo = new Map();

// Fewest jokers to turn a suit/honor group into sets only (pair=false) or sets + one pair (pair=true).
function need(counts, start, end, honors, pair) {
  const key = counts.slice(start, end).join('') + (pair ? 'p' : 's') + (honors ? 'h' : '');
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let i = start;
  while (i < end && counts[i] === 0) i++;
  let best;
  if (i === end) {
    best = pair ? 2 : 0;
  } else {
    best = Infinity;
    const c = counts[i];
    // pung (with jokers filling)
    for (const take of [3, 2, 1]) {
      if (c >= take) {
        counts[i] -= take;
        best = Math.min(best, (3 - take) + need(counts, start, end, honors, pair));
        counts[i] += take;
      }
    }
    if (pair) {
      for (const take of [2, 1]) {
        if (c >= take) {
          counts[i] -= take;
          best = Math.min(best, (2 - take) + need(counts, start, end, honors, false));
          counts[i] += take;
        }
      }
    }
    if (!honors) {
      // chows starting at i (i is the lowest held kind): i, i+1, i+2 with jokers for missing ones
      const pos = i - start;
      if (pos <= 6) {
        const a = counts[i + 1] > 0, b = counts[i + 2] > 0;
        counts[i] -= 1;
        if (a) counts[i + 1] -= 1;
        if (b) counts[i + 2] -= 1;
        best = Math.min(best, (a ? 0 : 1) + (b ? 0 : 1) + need(counts, start, end, honors, pair));
        counts[i] += 1;
        if (a) counts[i + 1] += 1;
        if (b) counts[i + 2] += 1;
      }
      // chows where i is the middle or top and the lower tiles are jokers
      if (pos >= 1 && pos <= 7) {
        const b = counts[i + 1] > 0;
        counts[i] -= 1;
        if (b) counts[i + 1] -= 1;
        best = Math.min(best, 1 + (b ? 0 : 1) + need(counts, start, end, honors, pair));
        counts[i] += 1;
        if (b) counts[i + 1] += 1;
      }
      if (pos >= 2) {
        counts[i] -= 1;
        best = Math.min(best, 2 + need(counts, start, end, honors, pair));
        counts[i] += 1;
      }
    }
  }
  memo.set(key, best);
  return best;
}

const GROUPS = [[0, 9, false], [9, 18, false], [18, 27, false], [27, 34, true]];

export function isWinShape(counts, jokers, melds) {
  const total = counts.reduce((a, b) => a + b, 0) + jokers;
  if (total % 3 !== 2) return false;
  // regular: sum of set-needs + the cheapest group to also hold the pair
  const c = counts.slice();
  const s = GROUPS.map(([a, b, hon]) => need(c, a, b, hon, false));
  const p = GROUPS.map(([a, b, hon]) => need(c, a, b, hon, true));
  const base = s.reduce((x, y) => x + y, 0);
  let regular = Infinity;
  for (let g = 0; g < 4; g++) regular = Math.min(regular, base - s[g] + p[g]);
  if (regular <= jokers) return true;
  if (melds === 0 && total === 14) {
    let odd = 0;
    for (const x of counts) if (x % 2) odd++;
    if (odd <= jokers) return true;
  }
  return false;
}

/** The waits of a 3n+1 concealed part (tile ids as held), given the view's rules. */
export function waitsFor(view, tiles, meldCount, concealedKongTiles = []) {
  const ruleset = view.ruleset;
  const opts = view.options || {};
  const wild = view.wild, standIn = view.stand_in;
  const gangpai = new Set(view.gangpai || []);
  const modeB = ruleset === 'anqing' && opts.mode === 'B';
  const keepGangpai = modeB && opts.keep_gangpai !== false;
  const kinds = ruleset === 'hefei'
    ? [...Array(27).keys()].filter((k) => k % 9 >= 1 && k % 9 <= 7)
    : [...Array(34).keys()];
  const out = [];
  for (const k of kinds) {
    if (wild !== null && wild !== undefined && k === wild) continue;
    const hand = tiles.concat([k]);
    if (checkWin(hand, meldCount)) out.push(k);
  }
  return out;

  function checkWin(hand, melds) {
    const counts = new Array(34).fill(0);
    let jokers = 0;
    for (const t of hand) {
      if (ruleset === 'anqing') {
        if (t === wild) { jokers++; continue; }
        if (gangpai.has(t) && !keepGangpai) return false;
        if (t === standIn && wild !== null) { counts[wild]++; continue; }
      }
      counts[t]++;
    }
    if (modeB) {
      const suits = new Set();
      for (let t = 0; t < 27; t++) if (counts[t]) suits.add(Math.floor(t / 9));
      for (const m of view.seats[view.seat].melds) for (const t of m.tiles) if (t < 27 && t !== wild) suits.add(Math.floor(t / 9));
      if (suits.size >= 3) return false;
    }
    if (ruleset === 'hefei') {
      const bySuit = [0, 0, 0];
      for (let t = 0; t < 27; t++) bySuit[Math.floor(t / 9)] += counts[t];
      for (const k of concealedKongTiles) bySuit[Math.floor(k / 9)] += 4;
      if (Math.max(...bySuit) < 8) return false;
    }
    return isWinShape(counts, jokers, melds);
  }
}

/** How many of each kind this seat cannot see (4 − seen), from its view alone. */
export function unseenCounts(view) {
  const seen = new Array(34).fill(0);
  for (const t of view.hand) seen[t]++;
  for (const s of view.seats) {
    for (const m of s.melds) for (const t of m.tiles) seen[t]++;
    for (const t of s.exposed) seen[t]++;
    for (const r of s.river) if (!r.claimed) seen[r.tile]++;
  }
  if (view.indicator !== null && view.indicator !== undefined && view.indicator_in_wall) seen[view.indicator]++;
  return seen.map((c) => Math.max(0, 4 - c));
}

function meldInfo(view) {
  const me = view.seats[view.seat];
  const melds = me.melds.filter((m) => m.kind !== 'wildkong').length;
  const ckongs = me.melds.filter((m) => m.kind === 'kong_concealed' && m.tiles.length).map((m) => m.tiles[0]);
  const wildkong = me.melds.some((m) => m.kind === 'wildkong');
  return {melds, ckongs, wildkong};
}

/**
 * The hint for the current view: {waits: [{tile, unseen}], byDiscard: Map(tile -> waits)}.
 * 3n+1 hands: the waits now. 3n+2 hands (own turn): for each distinct tile, the waits after discarding it.
 */
export function hintFor(view) {
  if (!view || view.seat === null || view.seat === undefined || !view.hand || view.phase === 'over') return null;
  const {melds, ckongs, wildkong} = meldInfo(view);
  const unseen = unseenCounts(view);
  const size = view.hand.length + (wildkong ? 1 : 0); // a 直叫 wildkong leaves one joker's partner in play
  const extraJoker = wildkong && view.wild !== null ? [view.wild] : [];
  const wrap = (ws) => ws.map((tile) => ({tile, unseen: unseen[tile]}));
  if (size % 3 === 1) {
    const ws = waitsFor(view, view.hand.concat(extraJoker), melds, ckongs);
    return {waits: wrap(ws), byDiscard: new Map()};
  }
  if (size % 3 === 2) {
    const byDiscard = new Map();
    for (const t of new Set(view.hand)) {
      const rest = view.hand.slice();
      rest.splice(rest.indexOf(t), 1);
      const ws = waitsFor(view, rest.concat(extraJoker), melds, ckongs);
      if (ws.length) byDiscard.set(t, wrap(ws));
    }
    return {waits: [], byDiscard};
  }
  return null;
}
