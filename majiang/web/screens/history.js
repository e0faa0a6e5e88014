// Match history: my rooms (GET /api/players/{me}); a room's finished hands with their settlements
// and links to the replay viewer.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {settlementEl} from './settlement.js';
import {reducedMotion} from '../settings.js';
import {namesText} from '../review_words.js';

function signed(n) { return n > 0 ? `+${n}` : String(n); }

export function historyScreen({app, go}, code) {
  const root = h('section', {class: 'screen history', 'data-testid': 'history'});
  mount(app, root);
  let disposed = false;

  async function showMine() {
    try {
      const me = await api.player(session.playerId);
      if (disposed) return;
      // A player's record as a game shows it: three figures (hands, wins, total) over a card per room —
      // the ruleset, the code, when, its state, my wins and my total large (it was a table of seven columns).
      const stat = (value, label, cls = '') => h('div', {class: `h-stat ${cls}`}, h('strong', {}, value), h('small', {}, label));
      mount(root, h('div', {class: 'card history-card'},
        h('div', {class: 'card-head'}, h('h2', {}, t('history'), h('span', {class: 'muted'}, ` · ${me.name}`))),
        h('div', {class: 'h-stats', 'data-testid': 'history-stats'},
          stat(String(me.hands), t('h_stat_hands')), stat(String(me.wins), t('h_stat_wins')),
          stat(signed(me.total), t('total'), me.total > 0 ? 'pos' : me.total < 0 ? 'neg' : '')),
        me.rooms && me.rooms.length ? h('table', {class: 'list rooms room-cards', 'data-testid': 'rooms'},
          h('tbody', {}, me.rooms.map((r) => {
            const live = r.status === 'waiting' || r.status === 'playing';
            return h('tr', {class: `status-${r.status}`},
              h('td', {class: 'r-code'}, h('a', {href: `#/history/${r.code}`, class: 'code'}, r.code)),
              h('td', {class: 'r-rule'}, rulesetName(r.ruleset)),
              h('td', {class: 'r-date muted'}, dateText(r.updated_at || r.created_at)),
              h('td', {class: 'r-status'}, h('span', {class: `chip status-chip ${r.status}`}, t(`status_${r.status}`))),
              h('td', {class: 'r-wins muted'}, r.wins !== undefined ? t('wins_n', {n: r.wins}) : ''),
              h('td', {class: `r-total num ${r.total > 0 ? 'pos' : r.total < 0 ? 'neg' : ''}`}, signed(r.total)),
              h('td', {class: 'r-open'}, h('a', {class: 'button ghost', href: live ? `#/room/${r.code}` : `#/history/${r.code}`}, t('open'), ' ›')));
          })))
          : h('p', {class: 'muted'}, t('no_history'))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
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
      const tone = (x) => (x > 0 ? 'pos' : x < 0 ? 'neg' : '');
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
