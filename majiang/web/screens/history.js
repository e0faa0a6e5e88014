// Match history: my rooms (GET /api/players/{me}); a room's finished hands with their settlements
// and links to the replay viewer.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {settlementEl} from './settlement.js';

function signed(n) { return n > 0 ? `+${n}` : String(n); }

export function historyScreen({app, go}, code) {
  const root = h('section', {class: 'screen history', 'data-testid': 'history'});
  mount(app, root);
  let disposed = false;

  async function showMine() {
    try {
      const me = await api.player(session.playerId);
      if (disposed) return;
      mount(root, h('div', {class: 'card'},
        h('h2', {}, t('history'), ' · ', me.name),
        h('p', {class: 'muted'}, `${t('hands_n', {n: me.hands})} · ${t('wins_n', {n: me.wins})} · ${t('total')} ${signed(me.total)}`),
        me.rooms && me.rooms.length ? h('table', {class: 'list rooms', 'data-testid': 'rooms'},
          h('tbody', {}, me.rooms.map((r) => h('tr', {},
            h('td', {}, h('a', {href: `#/history/${r.code}`, class: 'code'}, r.code)),
            h('td', {}, rulesetName(r.ruleset)),
            h('td', {class: 'muted'}, dateText(r.updated_at || r.created_at)),
            h('td', {}, t(`status_${r.status}`)),
            h('td', {}, r.wins !== undefined ? t('wins_n', {n: r.wins}) : ''),
            h('td', {class: `num ${r.total > 0 ? 'pos' : r.total < 0 ? 'neg' : ''}`}, signed(r.total)),
            h('td', {}, r.status === 'waiting' || r.status === 'playing'
              ? h('a', {href: `#/room/${r.code}`}, t('open')) : h('a', {href: `#/history/${r.code}`}, t('open')))))))
          : h('p', {class: 'muted'}, t('no_history'))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
  }

  async function showRoom() {
    try {
      const [{room}, data] = await Promise.all([api.room(code), api.hands(code)]);
      if (disposed) return;
      // A room no longer in the server's memory may come back without seats: fall back to seat numbers.
      const names = [0, 1, 2, 3].map((i) => (room.seats && room.seats[i] && room.seats[i].name) || `#${i + 1}`);
      const detail = h('div', {class: 'detail'});
      mount(root, h('div', {class: 'card'},
        h('div', {class: 'card-head'}, h('h2', {}, `${rulesetName(room.ruleset, room.title)} · ${room.code}`), h('a', {href: '#/history'}, t('back'))),
        h('p', {class: 'room-totals'}, `${t('running')}${t('colon')}`, data.totals.map((x, i) => `${names[i]} ${signed(x)}`).join(t('list_sep')),
          ' ', h('a', {href: `#/match/${room.code}`, 'data-testid': 'match-link'}, t('match_summary_link'))),
        data.hands.length ? h('table', {class: 'list', 'data-testid': 'hands'},
          h('thead', {}, h('tr', {}, h('th', {}, t('hand')), h('th', {}, t('outcome')), names.map((n) => h('th', {class: 'num'}, n)), h('th', {}, ''))),
          h('tbody', {}, data.hands.map((hs) => h('tr', {},
            h('td', {}, `#${hs.hand_no}`, h('span', {class: 'muted'}, ` ${dateText(hs.finished_at)}`)),
            h('td', {}, hs.draw || !(hs.settlement && hs.settlement.winners && hs.settlement.winners.length) ? t('draw_game')
              : t('won_by', {who: hs.settlement.winners.map((w) => names[w]).join(t('list_sep'))})),
            hs.totals.map((x, i) => h('td', {class: `num seat-total ${x > 0 ? 'pos' : x < 0 ? 'neg' : ''}`, 'data-label': names[i]}, signed(x))),
            h('td', {class: 'hand-actions'},
              h('button', {type: 'button', class: 'ghost', 'data-testid': `view-settlement-${hs.hand_no}`, onclick: () => {
                mount(detail, settlementEl({...hs, ruleset: room.ruleset}, names));
                detail.scrollIntoView({behavior: 'smooth'});
              }}, t('view_settlement')),
              h('a', {class: 'button ghost', href: `#/replay/${room.code}/${hs.hand_no}`, 'data-testid': `replay-${hs.hand_no}`}, t('replay')),
              h('a', {class: 'button ghost', href: api.replayUrl(room.code, hs.hand_no), download: `${room.code}-${hs.hand_no}.json`,
                title: t('download_replay'), 'aria-label': t('download_replay')}, '⤓'))))))
          : h('p', {class: 'muted'}, t('no_history')),
        detail));
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error'); go('#/history'); }
  }

  if (code) showRoom(); else showMine();
  return {dispose() { disposed = true; }, relabel() { if (code) showRoom(); else showMine(); }};
}
