// The end of a match: places by total, each player's wins / 自摸 / 点炮 / best hand (from the room's
// finished hands), "play again with the same seats" and "back to the lobby".
import {h} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';

function signed(n) { return n > 0 ? `+${n}` : String(n); }

/** Per seat: wins, self-draws, deal-ins and the best single-hand gain, from the hand summaries. */
export function matchStats(hands, winsByHand = {}) {
  const stats = [0, 1, 2, 3].map(() => ({wins: 0, selfDraws: 0, dealIns: 0, best: 0}));
  for (const hs of hands || []) {
    const st = hs.settlement || {};
    const winners = st.winners || [];
    if (!winners.length || st.draw) continue;
    for (const w of winners) {
      stats[w].wins++;
      stats[w].best = Math.max(stats[w].best, (st.totals || [])[w] || 0);
    }
    // How each win was made is in the hand's `won` events, which the table saw live (view.wins).
    const seen = new Set();
    for (const win of winsByHand[hs.hand_no] || []) {
      if (win.self_draw) stats[win.seat].selfDraws++;
      else if (win.from_seat !== null && win.from_seat !== undefined && !seen.has(win.from_seat)) {
        seen.add(win.from_seat);
        stats[win.from_seat].dealIns++;
      }
    }
  }
  return stats;
}

/** The wins of each hand of a room, as this browser saw them (kept for the ranking after a reload). */
export function rememberWins(code, handNo, wins) {
  const key = `mj.wins.${code}`;
  let all = {};
  try { all = JSON.parse(localStorage.getItem(key) || '{}'); } catch { all = {}; }
  all[handNo] = wins;
  localStorage.setItem(key, JSON.stringify(all));
}

function recalledWins(code) {
  try { return JSON.parse(localStorage.getItem(`mj.wins.${code}`) || '{}'); } catch { return {}; }
}

/** room: RoomState; end: {totals} from match_end; names: seat -> name; on: {onSettlement, onLobby, onAgain}. */
export function rankingEl(code, room, end, names, on) {
  const totals = (room && room.totals) || (end && end.totals) || [0, 0, 0, 0];
  const order = [0, 1, 2, 3].sort((a, b) => totals[b] - totals[a] || a - b);
  const body = h('tbody', {});
  const fill = (stats) => {
    body.replaceChildren(...order.map((s, i) => {
      const place = 1 + order.findIndex((x) => totals[x] === totals[s]);
      const x = stats ? stats[s] : null;
      return h('tr', {class: place === 1 ? 'winner-row' : '', 'data-seat': s, 'data-place': place},
        h('td', {class: 'place'}, t('place_n', {n: place})),
        h('td', {class: 'who'}, names[s] || `#${s + 1}`),
        h('td', {class: `num delta ${totals[s] > 0 ? 'pos' : totals[s] < 0 ? 'neg' : ''}`}, signed(totals[s])),
        h('td', {class: 'num'}, x ? String(x.wins) : '…'),
        h('td', {class: 'num'}, x ? String(x.selfDraws) : '…'),
        h('td', {class: 'num'}, x ? String(x.dealIns) : '…'),
        h('td', {class: 'num'}, x ? (x.best ? signed(x.best) : '—') : '…'));
    }));
  };
  fill(null);
  api.hands(code).then((r) => fill(matchStats(r.hands, recalledWins(code)))).catch(() => fill(matchStats([])));
  return h('div', {class: 'ranking', 'data-testid': 'ranking'},
    h('h2', {class: 'settle-title'}, t('match_over'), ' · ', t('ranking')),
    h('div', {class: 'totals-wrap'}, h('table', {class: 'ranking-table'},
      h('thead', {}, h('tr', {}, h('th', {}, t('place')), h('th', {}, ''), h('th', {class: 'num'}, t('total')),
        h('th', {class: 'num'}, t('wins')), h('th', {class: 'num'}, t('self_draws')), h('th', {class: 'num'}, t('discards_in')),
        h('th', {class: 'num'}, t('best_hand')))),
      body)),
    h('div', {class: 'buttons'},
      h('button', {type: 'button', class: 'primary big', 'data-testid': 'play-again', onclick: on.onAgain}, t('play_again')),
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'back-lobby', onclick: on.onLobby}, t('back_lobby')),
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'last-settlement', onclick: on.onSettlement}, t('settlement'))));
}
