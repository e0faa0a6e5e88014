// The end of a match: places by total, each player's wins / 自摸 / 点炮 / best hand (computed by the
// server from the room's stored hands, so every browser shows the same), "play again with the same
// seats" (POST /api/rooms/{code}/rematch) with the offer another player made, and "back to the lobby".
import {h} from '../dom.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {reducedMotion} from '../settings.js';

/** A place as a medal (ranking.css): gold, silver, bronze on a ribbon, the fourth and after a plain disc;
 *  its words for a screen reader. */
export function medalEl(place) {
  const n = Math.min(place, 4);
  return h('span', {class: `gm-medal m${n}`, role: 'img', 'aria-label': t('place_n', {n: place}), title: t('place_n', {n: place})},
    h('span', {class: 'gm-medal-face'}, String(place)));
}

function signed(n) { return n > 0 ? `+${n}` : String(n); }

/** The server's per-seat figures (GET /api/rooms/{code}/hands → stats), in the names this screen uses. */
export function statsFromServer(stats) {
  return [0, 1, 2, 3].map((s) => {
    const x = (stats || [])[s] || {};
    return {wins: x.wins || 0, selfDraws: x.self_draws || 0, dealIns: x.deal_ins || 0, best: x.best || 0};
  });
}

// A finished match's figures never change: the ranking is drawn again on every room update (an offer,
// a seat leaving), and each drawing shows the figures it already has rather than "…" until a refetch.
const known = new Map();

// The winner's celebration: a burst of confetti over the title and a gold sweep over the first's card,
// within 400 ms, once per match (the ranking is drawn again on every room update: later drawings
// keep the pieces still and unseen). Never under reduced motion or the settings' animations off; it
// catches no pointer, so nothing waits for it.
const celebrated = new Set();
const CONFETTI = ['#f6d36b', '#ff6b6b', '#6bd3ff', '#8ef0a8', '#ffffff', '#c38bff'];

function celebration(code) {
  if (reducedMotion()) return null;
  const first = !celebrated.has(code);
  celebrated.add(code);
  return h('span', {class: `celebrate${first ? '' : ' still'}`, 'data-testid': 'celebration', 'aria-hidden': 'true'},
    Array.from({length: 28}, (_, i) => h('i', {style: `--a:${i * 13 + (i % 2) * 6}deg;--d:${90 + (i % 5) * 34}px;`
      + `--c:${CONFETTI[i % CONFETTI.length]};--r:${(i % 2 ? 1 : -1) * (120 + i * 9)}deg`})));
}

/** The seated player's own place, in large words: what a player looks for first at a match's end. */
function rankYou(place, totals, seat) {
  return h('p', {class: `rank-you${place === 1 ? ' first' : ''}`, 'data-testid': 'rank-you', 'data-place': place},
    place === 1 ? t('rank_you_first') : t('rank_you', {n: place}),
    h('span', {class: `delta ${totals[seat] > 0 ? 'pos' : totals[seat] < 0 ? 'neg' : ''}`}, ` ${signed(totals[seat])}`));
}

/** room: RoomState; end: {totals} from match_end; names: seat -> name;
 *  on: {onSettlement, onLobby, onAgain, seat (mine, null when watching)}. */
export function rankingEl(code, room, end, names, on) {
  const totals = (room && room.totals) || (end && end.totals) || [0, 0, 0, 0];
  const order = [0, 1, 2, 3].sort((a, b) => totals[b] - totals[a] || a - b);
  // a seat's place: one more than the seats ahead of it (equal totals share a place)
  const placeOf = (s) => 1 + order.findIndex((x) => totals[x] === totals[s]);
  const body = h('tbody', {});
  const fill = (stats) => {
    body.replaceChildren(...order.map((s, i) => {
      const place = placeOf(s);
      const x = stats ? stats[s] : null;
      const cls = [place === 1 ? 'winner-row' : '', s === on.seat ? 'mine' : ''].filter(Boolean).join(' ');
      // the place as a medal (gold, silver, bronze; the fourth plain), its words for a screen reader
      // Each line is a player's card (ranking.css): the medal, the name, the total large, and the figures
      // under it, each with its word (data-label), since the table's head is not shown on cards.
      return h('tr', {class: cls, 'data-seat': s, 'data-place': place},
        h('td', {class: 'place'}, medalEl(place)),
        h('td', {class: 'who'}, names[s] || `#${s + 1}`, s === on.seat ? h('span', {class: 'me-tag'}, t('me')) : null),
        h('td', {class: `num total delta ${totals[s] > 0 ? 'pos' : totals[s] < 0 ? 'neg' : ''}`}, signed(totals[s])),
        h('td', {class: 'num stat', 'data-label': t('wins')}, x ? String(x.wins) : '…'),
        h('td', {class: 'num stat', 'data-label': t('self_draws')}, x ? String(x.selfDraws) : '…'),
        h('td', {class: 'num stat', 'data-label': t('discards_in')}, x ? String(x.dealIns) : '…'),
        h('td', {class: 'num stat best', 'data-label': t('best_hand')}, x ? (x.best ? signed(x.best) : '—') : '…'));
    }));
  };
  fill(known.get(code) || null);
  if (!known.has(code)) {
    api.hands(code).then((r) => { known.set(code, statsFromServer(r.stats)); fill(known.get(code)); })
      .catch(() => fill(statsFromServer([])));
  }
  // Someone else already asked for the rematch: say who, and joining takes this player to their seat.
  const offer = room && room.rematch;
  const seated = on.seat !== null && on.seat !== undefined;
  const offerEl = offer && offer.by !== on.seat ? h('div', {class: 'banner rematch-offer', 'data-testid': 'rematch-offer'},
    t('rematch_offer', {who: names[offer.by] || `#${offer.by + 1}`})) : null;
  // One button: it opens the rematch, or (once asked for) goes to its room, where this player's seat waits.
  const again = !offer ? t('play_again') : offer.by === on.seat ? t('rematch_go', {code: offer.code})
    : t('rematch_join', {code: offer.code});
  const burst = celebration(code);
  return h('div', {class: `ranking${burst && !burst.classList.contains('still') ? ' celebrating' : ''}`, 'data-testid': 'ranking'},
    burst,
    h('h2', {class: 'settle-title'}, t('match_over'), ' · ', t('ranking')),
    seated ? rankYou(placeOf(on.seat), totals, on.seat) : null,
    h('div', {class: 'totals-wrap'}, h('table', {class: 'ranking-table ranking-cards'},
      h('thead', {}, h('tr', {}, h('th', {}, t('place')), h('th', {}, ''), h('th', {class: 'num'}, t('total')),
        h('th', {class: 'num'}, t('wins')), h('th', {class: 'num'}, t('self_draws')), h('th', {class: 'num'}, t('discards_in')),
        h('th', {class: 'num'}, t('best_hand')))),
      body)),
    offerEl,
    h('div', {class: 'buttons'},
      seated ? h('button', {type: 'button', class: 'primary big', 'data-testid': 'play-again', onclick: on.onAgain},
        again) : null,
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'back-lobby', onclick: on.onLobby}, t('back_lobby')),
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'last-settlement', onclick: on.onSettlement}, t('settlement'))));
}
