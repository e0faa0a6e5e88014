// The tournament pages: #/tournaments (the events this player may see) and #/tournament/<tid> (register,
// check in, your table, the standings with their tie-breaks, each round's tables and its walls'
// commitment, the seeds once the round is over). docs/tournaments.md.
import {h, mount} from './dom.js';
import {dateText, rulesetName, t} from './i18n.js';
import {api, session} from './api.js';

const REFRESH_MS = 3000;  // a running event moves on by itself: the page reads it again this often

function facts(x) {
  return h('div', {class: 't-facts'},
    h('span', {class: `chip ${x.status === 'running' ? 'ok' : ''}`, 'data-testid': 't-status'}, t(`t_status_${x.status}`)),
    h('span', {class: 'chip'}, rulesetName(x.ruleset)),
    h('span', {class: 'chip'}, t('t_rounds', {n: x.rounds_total})),
    h('span', {class: 'chip'}, t('t_hands', {n: x.hands})),
    x.registered !== undefined || x.players ? h('span', {class: 'chip'},
      t('t_players', {n: x.registered ?? x.players.length, cap: x.capacity})) : null,
    h('span', {class: 'chip'}, x.start_at ? t('t_start_at', {when: dateText(x.start_at)}) : t('t_when_full')));
}

export function tournamentsScreen({app}) {
  let disposed = false;
  const root = h('section', {class: 'screen tourney', 'data-testid': 'tournaments'});
  mount(app, root);
  async function show() {
    try {
      const {tournaments} = await api.tournaments();
      if (disposed) return;
      mount(root, h('div', {class: 'card'}, h('h2', {}, t('tournaments')),
        tournaments.length ? h('div', {class: 't-list'}, tournaments.map((x) =>
          h('a', {class: 't-item', href: `#/tournament/${x.tid}`, 'data-testid': `t-item-${x.tid}`},
            h('strong', {}, x.name), facts(x))))
          : h('p', {class: 'muted'}, t('no_tournaments'))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}: ${e.message}`)); }
  }
  show();
  return {dispose() { disposed = true; }, relabel: show};
}

export function tournamentScreen({app, go}, tid) {
  let disposed = false;
  let timer = null;
  let last = null;
  const root = h('section', {class: 'screen tourney', 'data-testid': 'tournament'});
  mount(app, root);

  async function act(what) {
    try { last = await api.tournamentAct(tid, what); render(); }
    catch (e) { mount(root.querySelector('[data-testid=t-error]') || root, `${t('error')}: ${e.message}`); }
  }

  function myTable(d) {
    const rnd = d.rounds[d.rounds.length - 1];
    if (!rnd || d.status !== 'running') return null;
    const mine = rnd.tables.find((x) => !x.finished && x.seats.some((s) => s.player_id === session.playerId));
    if (!mine) return null;
    return h('div', {class: 't-actions', 'data-testid': 't-my-table'},
      h('span', {}, t('t_my_table', {r: rnd.round, n: mine.table + 1})),
      h('button', {type: 'button', class: 'primary', onclick: () => go(`#/room/${mine.room}`)}, t('t_go_table')));
  }

  function entry(d) {
    if (d.status !== 'registering' || !session.token) return null;
    const me = d.players.find((p) => p.player_id === session.playerId);
    return h('div', {class: 't-actions', 'data-testid': 't-entry'},
      !me ? h('button', {type: 'button', class: 'primary', 'data-testid': 't-register', onclick: () => act('register')}, t('t_register')) : null,
      me && !me.checked_in ? h('span', {class: 'muted'}, t('t_registered')) : null,
      me && !me.checked_in ? h('button', {type: 'button', class: 'primary', 'data-testid': 't-checkin', onclick: () => act('checkin')}, t('t_checkin')) : null,
      me && me.checked_in ? h('span', {class: 'chip ok'}, t('t_checked_in')) : null,
      me ? h('button', {type: 'button', 'data-testid': 't-unregister', onclick: () => act('unregister')}, t('t_unregister')) : null,
      h('span', {'data-testid': 't-error', class: 'muted'}));
  }

  function standings(d) {
    if (!d.standings.length) return null;
    return h('div', {class: 't-round'}, h('h3', {}, t('t_standings')),
      h('div', {class: 't-scroll'}, h('table', {class: 'list', 'data-testid': 't-standings'},
        h('thead', {}, h('tr', {}, h('th', {class: 'num'}, t('place')), h('th', {}, t('lb_player')),
          h('th', {class: 'num'}, t('t_points')), h('th', {class: 'num'}, t('t_firsts')),
          h('th', {class: 'num'}, t('t_opponents')), h('th', {class: 'num'}, t('t_best')))),
        h('tbody', {}, d.standings.map((s) => h('tr', {class: s.player_id === session.playerId ? 'mine' : '', 'data-testid': `t-place-${s.place}`},
          h('td', {class: 'num'}, String(s.place)),
          h('td', {class: 't-name'}, s.name, s.rounds.some((r) => r.marked)
            ? h('span', {class: 'chip warn', title: t('t_marked_title')}, t('t_marked')) : null),
          h('td', {class: 'num'}, String(s.points)), h('td', {class: 'num'}, String(s.firsts)),
          h('td', {class: 'num'}, String(s.opponents)), h('td', {class: 'num'}, s.best === null ? '' : String(s.best))))))),
      h('p', {class: 'muted'}, t('t_tiebreaks')));
  }

  function rounds(d) {
    return [...d.rounds].reverse().map((r) => h('div', {class: 't-round', 'data-testid': `t-round-${r.round}`},
      h('h3', {}, t('t_round', {n: r.round})),
      h('div', {class: 't-tables'}, r.tables.map((x) => h('div', {class: 't-table', 'data-testid': `t-table-${r.round}-${x.table}`},
        h('a', {href: `#/match/${x.room}`}, t('t_table', {n: x.table + 1})), ' ',
        h('span', {class: `chip ${x.finished ? '' : 'ok'}`}, x.finished ? t('t_done') : t('t_playing')),
        h('ol', {}, x.seats.map((s, i) => h('li', {},
          s.bot ? h('span', {class: 'chip'}, t('t_bot')) : s.name,
          x.totals ? ` ${x.totals[i] > 0 ? '+' : ''}${x.totals[i]}` : '',
          x.tuoguan && x.tuoguan[i] > 0.5 && !s.bot ? h('span', {class: 'chip warn', title: t('t_marked_title')}, t('t_marked')) : null)))))),
      h('p', {class: 'muted'}, r.revealed ? t('t_seeds') : t('t_commit')),
      h('div', {class: 't-hash', 'data-testid': `t-hashes-${r.round}`},
        (r.revealed ? [...r.seeds, r.match_seed] : r.hashes).map((v) => h('div', {}, v))),
      r.revealed ? null : h('p', {class: 'muted'}, t('t_sealed'))));
  }

  function render() {
    const d = last;
    if (!d) return;
    mount(root, h('div', {class: 'card'},
      h('div', {class: 't-head'}, h('h2', {}, d.name)),
      facts(d),
      h('p', {class: 'muted'}, t('t_duplicate')),
      entry(d), myTable(d), standings(d),
      d.status === 'registering' ? h('div', {class: 't-round'}, h('h3', {}, t('t_registered_list')),
        h('ol', {}, d.players.map((p) => h('li', {}, p.name, ' ', p.checked_in ? h('span', {class: 'chip ok'}, t('t_checked_in')) : null))))
        : null,
      ...rounds(d),
      h('p', {}, h('a', {href: `/api/tournaments/${d.tid}/verify`, target: '_blank', rel: 'noopener'}, t('t_verify')))));
  }

  async function load() {
    try {
      last = await api.tournament(tid);
      if (disposed) return;
      render();
    } catch (e) { if (!disposed) mount(root, h('div', {class: 'card'}, `${t('error')}: ${e.message}`)); }
    if (!disposed && last && (last.status === 'running' || last.status === 'registering')) timer = setTimeout(load, REFRESH_MS);
  }
  load();
  return {dispose() { disposed = true; clearTimeout(timer); }, relabel: render};
}
