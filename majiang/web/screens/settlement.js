// The settlement of one hand, as a table shows it: how it was won (自摸 / 点炮 by whom / every winner),
// the winner's hand laid out (melds, the winning tile apart, wilds marked with what they stood for),
// every item by its table name, the payments (breakdown on hover or tap), this hand's and the running
// totals (counting up), every revealed hand, and the fairness check (the seed against its hash).
import {h} from '../dom.js';
import {has, rulesetWord, t, tileName, windName} from '../i18n.js';
import {sha256} from '../sha256.js';
import {tileEl} from '../tiles.js';
import {reducedMotion} from '../settings.js';
import {arrangeHand, meldsEl, seatWind, wildKinds} from '../board.js';
import {breakdownText, itemName, itemNote, parseGroup, parseTiles, paymentNote} from '../phrases.js';
import {itemsTitle, namesText, rw} from '../review_words.js';

function signed(n) { return n > 0 ? `+${n}` : String(n); }

/** The title: 荒庄, or each win in words ("阿明 自摸", "阿明 胡 · 小李 点炮"). */
function titleText(data, st, nm) {
  if (st.draw || data.draw || !(st.winners && st.winners.length)) return t('draw_game');
  if (multiOnOne(data, st)) {
    return rw('multi_win', {who: namesText(data.wins.map((w) => nm(w.seat))), from: nm(data.wins[0].from_seat)});
  }
  if (data.wins && data.wins.length) {
    return data.wins.map((w) => (w.self_draw ? t('win_self', {who: nm(w.seat)})
      : robbed(st, w.seat) ? t('rob_from', {who: nm(w.seat), from: nm(w.from_seat)})
        : t('win_discard', {who: nm(w.seat), from: nm(w.from_seat)}))).join(t('wins_sep'));  // ('；' / '; ')
  }
  return t('won_by', {who: st.winners.map(nm).join(t('list_sep'))});  // a history summary: who won
}

/** 一炮多响: several winners on one seat's discard (not a robbed kong), said in one line. */
function multiOnOne(data, st) {
  const wins = data.wins || [];
  return wins.length > 1 && wins.every((w) => !w.self_draw && w.from_seat === wins[0].from_seat && !robbed(st, w.seat));
}

/** Whether this winner robbed a kong (抢杠: the 抢杠 item among its items), not won on a discard. */
function robbed(st, seat) {
  const items = (st.per_winner && (st.per_winner[seat] || st.per_winner[String(seat)])) || st.items || [];
  return items.some((it) => it.key === 'qianggang' || it.key === 'robbing_the_kong');
}

/** The raw decomposition of one winner (the settlement keeps one per winner on a 一炮多响). */
function rawGroups(st, seat) {
  const per = st.extra && st.extra.decompositions ? st.extra.decompositions[seat] || st.extra.decompositions[String(seat)] : null;
  return per || (st.winners && st.winners.length === 1 ? st.decomposition : []) || [];
}

/**
 * What each 百搭 stood for, in 百搭麻将's reading ("*678s": a group a 百搭 helps fill, melds last): the
 * tiles of the starred groups that the natural tiles of the hand do not cover, in order.
 */
function starredWildAs(st, seat, natural, meldCount) {
  const raw = rawGroups(st, seat);
  const concealedGroups = raw.slice(0, Math.max(0, raw.length - meldCount));
  if (!concealedGroups.some((g) => String(g).startsWith('*'))) return [];
  const left = new Map();
  for (const id of natural) left.set(id, (left.get(id) || 0) + 1);
  const take = (id) => { const n = left.get(id) || 0; if (n > 0) { left.set(id, n - 1); return true; } return false; };
  const plain = concealedGroups.filter((g) => !String(g).startsWith('*'));
  const starred = concealedGroups.filter((g) => String(g).startsWith('*'));
  for (const g of plain) parseTiles(g).forEach(take);
  const out = [];
  for (const g of starred) for (const id of parseTiles(String(g).slice(1))) if (!take(id)) out.push(id);
  return out;
}

/** The groups of a winner's decomposition (parsed), for the wild marks. */
function groupsOf(st, seat) {
  const per = st.extra && st.extra.decompositions ? st.extra.decompositions[seat] || st.extra.decompositions[String(seat)] : null;
  const raw = per || (st.winners && st.winners.length === 1 ? st.decomposition : []) || [];
  return raw.map(parseGroup).filter(Boolean);
}

/**
 * A winner's hand as at the table: melds (called tile turned, 暗杠 face down at the ends), the concealed
 * tiles sorted, the winning tile set apart and marked, each wild marked with what it stood for.
 */
function winnerHandEl(data, st, win) {
  const seat = win.seat;
  const concealed = data.revealed ? data.revealed[seat].slice() : [];
  // The revealed hand holds the winning tile when it was drawn (3n+2 tiles), not when it was claimed.
  if (concealed.length % 3 === 2) {
    const i = concealed.lastIndexOf(win.tile);
    if (i >= 0) concealed.splice(i, 1);
  }
  const wilds = wildKinds(data);
  let wildAs = groupsOf(st, seat).flatMap((g) => g.wildAs);
  if (!wildAs.length) {
    const natural = [...concealed, win.tile].filter((id) => !wilds.includes(id));
    // A 百搭 won on a discard plays as its own face: it is natural then.
    if (!win.self_draw && wilds.includes(win.tile)) natural.push(win.tile);
    const melds = data.seats && data.seats[seat] ? data.seats[seat].melds.length : 0;
    wildAs = starredWildAs(st, seat, natural, melds);
  }
  const wildMark = (id) => {
    if (!wilds.includes(id) || !wildAs.length) return null;
    const as = wildAs.shift();
    return as === id ? null : as;
  };
  const tileWithAs = (id, extra = {}) => {
    const as = wildMark(id);
    const el = tileEl(id, {size: 'meld', view: data, ...extra});
    if (as !== null && as !== undefined) {
      el.classList.add('wild-as');
      el.setAttribute('title', `${tileName(id)} · ${rulesetWord('wild_as', data.ruleset, {tile: tileName(as)})}`);
      // (what it stood for drawn as a small tile under it: a picture reads in both languages, "3C" did not)
      el.appendChild(h('span', {class: 'as', 'data-as': as, 'aria-hidden': 'true'}, tileEl(as, {size: 'mini'})));
    }
    return el;
  };
  const tiles = arrangeHand(data, concealed).map((id) => tileWithAs(id));
  const winEl = tileWithAs(win.tile, {extraClass: 'winning-tile'});
  winEl.dataset.testid = 'winning-tile';
  winEl.setAttribute('data-testid', 'winning-tile');
  return h('div', {class: 'win-hand', 'data-testid': `win-hand-${seat}`},
    data.seats ? meldsEl(data, seat) : null,
    h('span', {class: 'tile-row concealed'}, tiles),
    h('span', {class: 'win-apart'}, winEl, h('small', {class: 'muted'}, t('winning_tile'))));
}

/** 国标: the 8-fan check (the fans counted toward the minimum, flowers left out). */
function minimumEl(st) {
  const x = st.extra || {};
  if (x.fans_counted === undefined) return null;
  const flowers = (x.fan || 0) - x.fans_counted;
  return h('p', {class: 'gb-minimum', 'data-testid': 'gb-minimum'},
    t('gb_min_check', {min: x.min_fan, n: x.fans_counted, f: flowers}),
    x.fans_counted >= x.min_fan ? h('span', {class: 'ok'}, ` ✓ ${t('gb_min_ok')}`) : null);
}

/** "1 pt", "3 pts" (fan and tai have no plural). */
function amount(n, unit) { return `${n} ${unit === 'pts' && Math.abs(n) === 1 ? 'pt' : unit}`; }

function itemTable(items, unit, ruleset) {
  return h('table', {class: 'items', 'data-testid': 'items'},
    h('tbody', {}, items.map((it) => {
      const note = itemNote(it, ruleset);
      return h('tr', {'data-key': it.key},
        h('td', {class: 'item-name'}, itemName(it, ruleset)),
        h('td', {class: 'num'}, amount(it.value, unit)),
        h('td', {class: 'muted item-note'}, note ? [note.text, note.tiles && note.tiles.length
          ? h('span', {class: 'tile-row note-tiles'}, note.tiles.map((id) => tileEl(id, {size: 'mini'}))) : null] : null));
    })));
}

/** The foot of a card of items, as a bill's: 合计 / Total and the Σ. */
function itemsSum(sum) {
  return h('p', {class: 'items-sum', 'data-testid': 'items-sum'}, h('span', {}, rw('items_sum')), h('strong', {}, sum));
}

function paymentsTable(st, nm, ruleset) {
  const rows = [];
  st.payments.forEach((p, i) => {
    const how = breakdownText(p.breakdown, ruleset);
    const note = paymentNote(p.note, nm, ruleset);
    const detail = h('tr', {class: 'pay-detail', hidden: true, 'data-testid': `pay-detail-${i}`},
      h('td', {colspan: 4}, how, note ? ` · ${note}` : ''));
    const row = h('tr', {class: 'pay-row', tabindex: 0, title: [how, note].filter(Boolean).join(' · '),
      'aria-expanded': 'false', 'data-testid': `pay-${i}`,
      onclick: () => toggle(), onkeydown: (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); toggle(); } }},
    h('td', {}, nm(p.payer)), h('td', {'aria-hidden': 'true'}, '→'), h('td', {}, nm(p.payee)),
    h('td', {class: 'num neg-pay'}, String(p.amount)));
    function toggle() {
      detail.hidden = !detail.hidden;
      row.setAttribute('aria-expanded', detail.hidden ? 'false' : 'true');
    }
    rows.push(row, detail);
  });
  return h('table', {class: 'payments', 'data-testid': 'payments'},
    h('thead', {}, h('tr', {}, h('th', {}, t('payer')), h('th', {}, ''), h('th', {}, t('payee')),
      h('th', {class: 'num'}, t('amount')))),
    h('tbody', {}, rows),
    h('caption', {class: 'muted'}, t('hover_breakdown')));
}

/** Counts a number element up from 0 to its value (a short animation; instant with reduced motion). */
export function countUp(el, value, ms = 700) {
  if (!value || reducedMotion()) { el.textContent = signed(value); return; }
  const t0 = performance.now();
  const step = (now) => {
    const k = Math.min(1, (now - t0) / ms);
    el.textContent = signed(Math.round(value * k));
    if (k < 1) requestAnimationFrame(step);
  };
  el.textContent = '0';
  requestAnimationFrame(step);
}

/**
 * The fairness chip and its panel: the seed hashed here (SHA-256) against the hash the server published
 * before the deal. The chip says ✓ 公平发牌 / Fair deal when they agree, ✘ when not (that one stays red and
 * loud); the panel (one tap) says what it means and shows the seed and the hash.
 */
const fairOpen = new Set();  // (the hands whose panel is open: the table redraws its dialog on each room update)

function fairnessEls(data) {
  const key = data.seed_hash || '';
  const panel = h('div', {class: 'fair-panel', id: `fair-${Math.random().toString(36).slice(2, 9)}`, hidden: !fairOpen.has(key),
    'data-testid': 'fair-panel'},
    h('p', {class: 'fair-what'}, t('fair_explain')),
    h('div', {class: 'fair-row'}, h('span', {class: 'fair-label'}, t('seed')), h('code', {'data-testid': 'seed'}, data.seed || '—')),
    h('div', {class: 'fair-row'}, h('span', {class: 'fair-label'}, t('seed_hash')), h('code', {'data-testid': 'seed-hash'}, data.seed_hash || '—')));
  const result = h('p', {class: 'fair-result muted'}, t('fair_checking'));
  panel.appendChild(result);
  const mark = h('span', {class: 'fair-mark', 'aria-hidden': 'true'}, '…');
  const word = h('span', {class: 'fair-word'}, t('fair_deal'));
  const chip = h('button', {type: 'button', class: 'fair-chip pending', 'data-testid': 'hash-check',
    'aria-expanded': panel.hidden ? 'false' : 'true', 'aria-controls': panel.id, title: t('fair_what'), onclick: () => {
      panel.hidden = !panel.hidden;
      if (panel.hidden) fairOpen.delete(key); else fairOpen.add(key);
      chip.setAttribute('aria-expanded', panel.hidden ? 'false' : 'true');
    }}, mark, word, h('span', {class: 'fair-more', 'aria-hidden': 'true'}, 'ⓘ'));
  if (data.seed && data.seed_hash) {
    sha256(data.seed).then((hex) => {
      const ok = hex === data.seed_hash;
      mark.textContent = ok ? '✓' : '✘';
      if (!ok) word.textContent = t('fair_bad');
      result.textContent = ok ? t('hash_ok') : `${t('hash_bad')} (${hex.slice(0, 16)}…)`;
      result.className = `fair-result ${ok ? 'ok' : 'bad'}`;
      chip.className = `fair-chip ${ok ? 'ok' : 'bad'}`;
      chip.dataset.ok = ok ? 'true' : 'false';
    });
  } else {
    mark.textContent = '—';
    result.textContent = t('fair_unknown');
    chip.className = 'fair-chip unknown';
    chip.dataset.ok = 'unknown';
  }
  return {chip, panel};
}

/**
 * data: a view at the end of a hand (settlement, seed, seed_hash, revealed, wins, seats, dealer, wild…)
 * or a history HandSummary; names: seat -> name. Returns an element; the hash check fills in later.
 */
export function settlementEl(data, names, opts = {}) {
  const st = data.settlement || {};
  const nm = (s) => (s === null || s === undefined ? '?' : (names && names[s]) || `#${Number(s) + 1}`);
  const rs = data.ruleset;
  const unit = has(`unit_${rs}`) ? t(`unit_${rs}`) : t('points');
  const blocks = [];
  const draw = st.draw || data.draw || !(st.winners && st.winners.length);

  const wins = data.wins && data.wins.length ? data.wins : [];
  const totals = st.totals || data.totals || [0, 0, 0, 0];
  // The head of the finish screen, as a table game shows it: a stamped seal (自摸 / 胡 / 荒庄), who won
  // from whom, and, at a seat, what this hand did to the player in large figures.
  const seal = draw ? t('seal_draw') : wins.length === 1 && wins[0].self_draw ? t('seal_self')
    : multiOnOne(data, st) ? rw('seal_multi') : t('seal_win');
  const mine = opts.seat !== undefined && opts.seat !== null ? totals[opts.seat] : null;
  // The fairness proof as a player expects it: a small "✓ 公平发牌 / Fair deal" chip under the title
  // (checked here: the seed hashed again must give the hash published before the deal); one tap opens
  // what it means with the seed and its hash. (The hash was a line of hex in the list, read as debug text.)
  const fair = fairnessEls(data);
  blocks.push(h('div', {class: `settle-hero ${draw ? 'draw' : 'won'} ${mine > 0 ? 'gain' : mine < 0 ? 'loss' : ''}`, 'data-testid': 'settle-hero'},
    // (stamped once, when the hand's settlement first shows: a re-render, a room update or a language
    // switch, draws it still)
    h('span', {class: `seal${[...seal].length > 2 ? ' seal-long' : ''}${opts.animate ? ' stamp' : ''}`, 'data-testid': 'seal',
      'aria-hidden': 'true'}, seal),
    h('div', {class: 'hero-text'},
      h('h2', {class: `settle-title ${draw ? 'draw' : 'won'}`, 'data-testid': 'settle-title'}, titleText(data, st, nm),
        // (the hand's number: after a dot on a wide screen, a small line of its own on an upright phone,
        // where "老王 wins, self-drawn · Hand 1" ran to three lines)
        data.hand_no ? h('span', {class: 'muted settle-hand-no', 'data-testid': 'settle-hand-no'},
          h('span', {class: 'settle-hand-no-sep'}, ' · '), t('hand_no', {n: data.hand_no})) : null),
      fair.chip),
    mine !== null && mine !== undefined ? h('div', {class: 'hero-mine', 'data-testid': 'hero-mine'},
      h('small', {}, t('hero_you')), h('strong', {}, signed(mine))) : null));
  blocks.push(fair.panel);

  if (!st.valid && st.reason && !draw) blocks.push(h('p', {class: 'warn'}, t('not_a_win')));

  // The first screen, as a table game's finish screen: the head, each winner's hand, every seat's points
  // for the hand (and the button row, the dialog's footer). The details scroll under them: the items,
  // the payments, every revealed hand (on a laptop and a phone they were over half the list, and the
  // points lay under the buttons).
  const per = st.per_winner && Object.keys(st.per_winner).length ? st.per_winner : null;
  const top = [];
  const details = [];
  for (const win of wins) {
    const items = per ? per[win.seat] || per[String(win.seat)] || [] : st.items || [];
    const total = items.reduce((a, it) => a + it.value, 0);
    // Hefei's dealer points (庄分) are paid on top of the items: their own line, and in the Σ, so the Σ
    // is what the payment shows (点炮 13 + 庄分 3 = 16).
    const zhuang = Math.max(0, ...(st.payments || []).filter((p) => p.payee === win.seat)
      .map((p) => (p.breakdown && p.breakdown.zhuangfen) || 0));
    const zhuangRow = zhuang ? h('tr', {'data-key': 'zhuangfen', 'data-testid': 'zhuangfen'},
      h('td', {class: 'item-name'}, t('bd_zhuangfen_item')), h('td', {class: 'num'}, amount(zhuang, unit)),
      h('td', {class: 'muted item-note'}, t('note_zhuangfen'))) : null;
    const table = items.length ? itemTable(items, unit, rs) : null;
    if (table && zhuangRow) table.querySelector('tbody').appendChild(zhuangRow);
    const sum = `Σ ${amount(total + zhuang, unit)}`;
    const sigma = items.length ? h('span', {class: 'fan-total', 'data-testid': 'fan-total'}, ` ${sum}`) : null;
    top.push(h('section', {class: 'winner-block', 'data-seat': win.seat},
      h('h3', {}, wins.length > 1 ? nm(win.seat) : t('your_hand'), sigma),
      data.revealed ? winnerHandEl(data, st, win) : null));
    if (table) {
      // (the card's sum at its foot, as a bill's: a short list beside the payments ends on its total)
      details.push(h('section', {class: 'detail-card items-card', 'data-seat': win.seat},
        h('h3', {}, wins.length > 1 ? `${itemsTitle(rs)} · ${nm(win.seat)}` : itemsTitle(rs)),
        table, rs === 'guobiao' ? minimumEl(st) : null, itemsSum(sum)));
    }
  }
  if (!wins.length && !draw) {
    // A history summary has no wins list: the items alone.
    const card = (title, items) => h('section', {class: 'detail-card items-card'}, h('h3', {}, title), itemTable(items, unit, rs),
      itemsSum(`Σ ${amount(items.reduce((a, it) => a + it.value, 0), unit)}`));
    if (per) for (const [w, items] of Object.entries(per)) details.push(card(`${itemsTitle(rs)} · ${nm(w)}`, items));
    else if (st.items && st.items.length) details.push(card(itemsTitle(rs), st.items));
  }
  if (st.payments && st.payments.length) {
    details.push(h('section', {class: 'detail-card pay-block'}, h('h3', {}, t('payments')), paymentsTable(st, nm, rs)));
  }

  // Every seat's points for the hand, one card each in a row (a strip, on the first screen at every size):
  // the wind and the name, the points large in their colour, the running total; the winner and the seat
  // that dealt in marked.
  const fromSeats = new Set(wins.filter((w) => !w.self_draw).map((w) => w.from_seat));
  const rows = totals.map((v, s) => {
    const num = h('td', {class: `num delta ${v > 0 ? 'pos' : v < 0 ? 'neg' : ''}`, 'data-delta': v}, signed(v));
    if (opts.animate) countUp(num, v);
    const won = wins.find((w) => w.seat === s) || (!wins.length && st.winners && st.winners.includes(s));
    const tag = won ? h('span', {class: 'seat-tag win'}, won.self_draw ? t('seal_self') : t('seal_win'))
      : fromSeats.has(s) ? h('span', {class: 'seat-tag dealt-in'}, t('discards_in')) : null;
    const cls = [won ? 'winner-row' : '', s === opts.seat ? 'mine' : ''].filter(Boolean).join(' ');
    return h('tr', {class: cls, 'data-seat': s},
      h('td', {class: 'who'}, data.dealer !== undefined ? h('span', {class: 'wind'}, windName(seatWind(data, s))) : null,
        h('span', {class: 'who-name'}, nm(s)), tag),
      num,
      opts.running ? h('td', {class: 'num run muted'}, `${t('running')} ${signed(opts.running[s])}`) : null);
  });
  top.push(h('section', {class: 'score-block'},
    h('table', {class: 'totals score-strip', 'data-testid': 'totals', 'aria-label': t('totals')}, h('tbody', {}, rows))));

  blocks.push(h('div', {class: 'settle-top'}, top));
  if (details.length) blocks.push(h('div', {class: `settle-details n${details.length}`}, details));
  if (data.revealed) {
    // every hand laid open, its melds and its concealed tiles at one size
    const hands = data.revealed.map((tiles, s) => h('tr', {class: st.winners && st.winners.includes(s) ? 'winner-row' : '', 'data-seat': s},
      h('td', {class: 'who'}, data.dealer !== undefined ? h('span', {class: 'wind'}, windName(seatWind(data, s))) : null, ' ', nm(s)),
      h('td', {class: 'revealed'},
        data.seats && data.seats[s] && data.seats[s].melds.length ? meldsEl(data, s) : null,
        h('span', {class: 'tile-row'}, arrangeHand(data, tiles).map((id) => tileEl(id, {size: 'mini', view: data}))))));
    blocks.push(h('section', {class: 'hands-block'}, h('h3', {}, t('hands_revealed')),
      h('div', {class: 'totals-wrap'}, h('table', {class: 'hands-revealed', 'data-testid': 'hands-revealed'}, h('tbody', {}, hands)))));
  }

  const kind = wins.length > 1 ? ' multi-win' : '';
  // (with a button row, as the table's dialog: the list scrolls in a box of its own above the row, so no
  // line of it ever lies under the buttons; styles.css .settle-scroll)
  const out = h('div', {class: `settlement${kind}`, 'data-testid': 'settlement'},
    opts.footer ? [h('div', {class: 'settle-scroll', 'data-testid': 'settle-scroll'}, blocks), opts.footer] : blocks);
  if (opts.animate && st.payments && st.payments.length) flyPoints(out, st.payments);
  return out;
}

/**
 * The score transfer: each payment's points fly from the payer's line of the totals to the payee's
 * (380 ms, the payments a moment apart; drawn over everything, taking no clicks; none with reduced
 * motion or animations switched off). Runs once the settlement is on the page.
 */
function flyPoints(root, payments) {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    // (a table re-rendered in between has drawn the same settlement anew: its lines are the ones to use)
    const scope = root.isConnected ? root : document.querySelector('[data-testid=settlement]');
    if (!scope || reducedMotion()) return;
    const cell = (seat) => scope.querySelector(`[data-testid=totals] tr[data-seat="${seat}"] td.delta`);
    // one flight per payer and payee (a 一炮多响 or a 自摸's three payers each have their own)
    const pairs = new Map();
    for (const p of payments) {
      if (!p.amount || p.payer === p.payee) continue;
      const key = `${p.payer}>${p.payee}`;
      pairs.set(key, {payer: p.payer, payee: p.payee, amount: (pairs.get(key)?.amount || 0) + p.amount});
    }
    [...pairs.values()].forEach((p, i) => {
      const from = cell(p.payer), to = cell(p.payee);
      if (!from || !to) return;
      const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
      // Only between lines in sight: a line scrolled under the dialog's button row (a long settlement on
      // a short screen) would have its chip fly out over the buttons.
      const box = (scope.closest('.modal') || document.documentElement).getBoundingClientRect();
      const foot = scope.querySelector('.settle-buttons');
      const bottom = foot ? Math.min(box.bottom, foot.getBoundingClientRect().top) : box.bottom;
      if ([a, b].some((r) => r.top < box.top || r.bottom > bottom)) return;
      const chip = h('span', {class: 'score-fly', 'data-testid': 'score-fly', 'data-from': p.payer, 'data-to': p.payee,
        'aria-hidden': 'true', style: {left: `${a.left + a.width / 2}px`, top: `${a.top + a.height / 2}px`}}, `+${p.amount}`);
      document.body.appendChild(chip);
      const dx = b.left + b.width / 2 - (a.left + a.width / 2), dy = b.top + b.height / 2 - (a.top + a.height / 2);
      const run = chip.animate([
        {transform: 'translate(-50%, -50%) scale(.8)', opacity: 0.2},
        {transform: 'translate(-50%, -50%) scale(1.15)', opacity: 1, offset: 0.25},
        {transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(1)`, opacity: 0.9},
      ], {duration: 380, delay: i * 70, easing: 'ease-in-out', fill: 'backwards'});
      run.finished.then(() => chip.remove(), () => chip.remove());
    });
  }));
}
