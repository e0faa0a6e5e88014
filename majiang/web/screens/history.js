// Match history: my rooms (GET /api/players/{me}); a room's finished hands with their settlements
// and links to the replay viewer.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {settlementEl} from './settlement.js';
import {reducedMotion} from '../settings.js';
import {namesText, rw} from '../review_words.js';
import {medalEl} from './ranking.js';

function signed(n) { return n > 0 ? `+${n}` : String(n); }
const tone = (x) => (x > 0 ? 'pos' : x < 0 ? 'neg' : '');

export function historyScreen({app, go}, code) {
  const root = h('section', {class: 'screen history', 'data-testid': 'history'});
  mount(app, root);
  let disposed = false;

  // My matches as a game's record list: three figures (hands, wins, total) on a head bar, then a card per
  // room — its ruleset, when, the code, my place as a medal and my points large in colour, the opponents —
  // that opens in place to its hands, each with its outcome, my points and ▶ 回放 (打开 › goes to the
  // room's page with every seat's points and the settlements). Two columns of cards on a wide screen.
  async function showMine() {
    try {
      const [me, rec] = await Promise.all([api.player(session.playerId),
        api.records({period: 'all', limit: 100}).catch(() => ({matches: []}))]);
      if (disposed) return;
      const byCode = new Map((rec.matches || []).map((m) => [m.room_code, m]));
      const stat = (value, label, cls = '') => h('div', {class: `h-stat ${cls}`}, h('strong', {}, value), h('small', {}, label));
      mount(root, h('div', {class: 'history-page'},
        h('div', {class: 'card history-head'},
          h('h2', {}, t('history'), h('span', {class: 'muted'}, ` · ${me.name}`)),
          h('div', {class: 'h-stats', 'data-testid': 'history-stats'},
            stat(String(me.hands), t('h_stat_hands')), stat(String(me.wins), t('h_stat_wins')),
            stat(signed(me.total), t('total'), tone(me.total)))),
        me.rooms && me.rooms.length ? h('ol', {class: 'mcards', 'data-testid': 'rooms'}, me.rooms.map((r) => roomCard(r, byCode.get(r.code))))
          : h('div', {class: 'card'}, h('p', {class: 'muted'}, t('no_history')))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
  }

  /** A room of mine as a card; ``m`` its record (players, places) once the match is recorded. */
  function roomCard(r, m) {
    const live = r.status === 'waiting' || r.status === 'playing';
    const mine = m ? m.players.find((p) => p.seat === r.seat) : null;
    const others = m ? m.players.filter((p) => p.seat !== r.seat) : [];
    const detail = h('div', {class: 'mcard-detail', hidden: true, id: `hands-of-${r.code}`});
    let loaded = false;
    const toggle = h('button', {type: 'button', class: 'ghost mcard-toggle', 'aria-expanded': 'false', 'aria-controls': detail.id,
      'data-testid': `room-hands-${r.code}`, onclick: async () => {
        const open = detail.hidden;
        detail.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
        if (open && !loaded) {
          loaded = true;
          mount(detail, h('p', {class: 'muted'}, '…'));
          try { mount(detail, handList(r, m, await api.hands(r.code))); } catch (e) { loaded = false; mount(detail, h('p', {}, e.message)); }
        }
      }}, rw('h_hands'), h('span', {class: 'chev', 'aria-hidden': 'true'}));
    return h('li', {class: `mcard status-${r.status}${mine && mine.place === 1 ? ' first' : ''}`, 'data-testid': `room-${r.code}`},
      h('div', {class: 'mcard-main'},
        h('div', {class: 'mcard-badge'}, mine && r.status === 'finished' ? medalEl(mine.place)
          : h('span', {class: `chip status-chip ${r.status}`}, t(`status_${r.status}`))),
        h('div', {class: 'mcard-what'},
          h('strong', {class: 'mcard-rule'}, rulesetName(r.ruleset)),
          h('small', {class: 'muted'}, dateText(r.updated_at || r.created_at), ' · ', h('span', {class: 'code'}, r.code)),
          others.length ? h('small', {class: 'mcard-opp'}, rw('h_vs'), ' ', others.map((p) => p.name).join(rw('h_sep'))) : null),
        h('div', {class: 'mcard-score'},
          h('strong', {class: `mcard-total num ${tone(r.total)}`}, signed(r.total)),
          h('small', {class: 'muted'}, r.wins !== undefined ? t('wins_n', {n: r.wins}) : ''))),
      h('div', {class: 'mcard-actions'},
        live ? null : toggle,
        h('a', {class: `button ${live ? 'primary' : 'ghost'}`, href: live ? `#/room/${r.code}` : `#/history/${r.code}`}, t('open'), ' ›')),
      detail);
  }

  /** A room's hands inside its card: number, outcome, my points, ▶ 回放. */
  function handList(r, m, data) {
    const names = [0, 1, 2, 3].map((i) => (m && (m.players.find((p) => p.seat === i) || {}).name) || `#${i + 1}`);
    if (!data.hands.length) return h('p', {class: 'muted'}, t('no_history'));
    return h('ol', {class: 'mhands'}, data.hands.map((hs) => {
      const drawn = hs.draw || !(hs.settlement && hs.settlement.winners && hs.settlement.winners.length);
      const x = hs.totals[r.seat] ?? 0;
      return h('li', {},
        h('strong', {class: 'mh-no'}, `#${hs.hand_no}`),
        h('span', {class: `chip outcome ${drawn ? 'draw' : 'won'}`}, drawn ? t('draw_game')
          : t('won_by', {who: namesText(hs.settlement.winners.map((w) => names[w]))})),
        h('span', {class: `mh-pts num ${tone(x)}`}, signed(x)),
        h('a', {class: 'button primary mh-replay', href: `#/replay/${r.code}/${hs.hand_no}`, 'data-testid': `room-replay-${r.code}-${hs.hand_no}`},
          '▶ ', t('replay')));
    }));
  }

  async function showRoom() {
    try {
      const [{room}, data] = await Promise.all([api.room(code), api.hands(code)]);
      if (disposed) return;
      // A room no longer in the server's memory may come back without seats: fall back to seat numbers.
      const names = [0, 1, 2, 3].map((i) => (room.seats && room.seats[i] && room.seats[i].name) || `#${i + 1}`);
      const detail = h('div', {class: 'detail history-detail'});
      // The match's standing as four seat chips (name over total), then a card per hand: its number and
      // time, who won, each seat's points under its name, and 结算 / 回放 / ⤓.
      mount(root, h('div', {class: 'card history-card'},
        h('div', {class: 'card-head'}, h('h2', {}, `${rulesetName(room.ruleset, room.title)} · ${room.code}`),
          h('a', {class: 'button ghost h-back', href: '#/history'}, '‹ ', t('back'))),
        h('div', {class: 'room-totals', 'data-testid': 'room-totals', 'aria-label': t('running')},
          data.totals.map((x, i) => h('div', {class: `seat-chip ${tone(x)}`}, h('small', {}, names[i]), h('strong', {}, signed(x)))),
          h('a', {class: 'button ghost', href: `#/match/${room.code}`, 'data-testid': 'match-link'}, t('match_summary_link'), ' ›')),
        data.hands.length ? h('table', {class: 'list hand-cards', 'data-testid': 'hands'},
          h('thead', {}, h('tr', {}, h('th', {}, t('hand')), h('th', {}, t('outcome')), names.map((n) => h('th', {class: 'num'}, n)), h('th', {}, ''))),
          h('tbody', {}, data.hands.map((hs) => {
            const drawn = hs.draw || !(hs.settlement && hs.settlement.winners && hs.settlement.winners.length);
            return h('tr', {},
              h('td', {class: 'h-no'}, h('strong', {}, `#${hs.hand_no}`), h('span', {class: 'muted'}, ` ${dateText(hs.finished_at)}`)),
              h('td', {class: 'hand-outcome'}, h('span', {class: `chip outcome ${drawn ? 'draw' : 'won'}`}, drawn ? t('draw_game')
                : t('won_by', {who: namesText(hs.settlement.winners.map((w) => names[w]))}))),
              hs.totals.map((x, i) => h('td', {class: `num seat-total ${tone(x)}`, 'data-label': names[i]}, signed(x))),
              h('td', {class: 'hand-actions'},
                h('button', {type: 'button', class: 'ghost', 'data-testid': `view-settlement-${hs.hand_no}`, onclick: () => {
                  mount(detail, settlementEl({...hs, ruleset: room.ruleset}, names));
                  detail.scrollIntoView({behavior: reducedMotion() ? 'auto' : 'smooth'});
                }}, t('view_settlement')),
                h('a', {class: 'button primary', href: `#/replay/${room.code}/${hs.hand_no}`, 'data-testid': `replay-${hs.hand_no}`}, '▶ ', t('replay')),
                h('a', {class: 'button ghost', href: api.replayUrl(room.code, hs.hand_no), download: `${room.code}-${hs.hand_no}.json`,
                  title: t('download_replay'), 'aria-label': t('download_replay')}, '⤓')));
          })))
          : h('p', {class: 'muted'}, t('no_history')),
        detail));
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error'); go('#/history'); }
  }

  if (code) showRoom(); else showMine();
  return {dispose() { disposed = true; }, relabel() { if (code) showRoom(); else showMine(); }};
}
