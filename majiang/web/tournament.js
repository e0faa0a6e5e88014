// The tournament pages: #/tournaments (the events this player may see) and #/tournament/<tid> (register,
// check in, your table, the standings with their tie-breaks, each round's tables and its walls'
// commitment, the seeds once the round is over). docs/tournaments.md. On #/tournaments a club's owner or
// admin (for one of their clubs) and an operator-role account also find the form that creates one.
import {h, mount, toast} from './dom.js';
import {dateText, getLang, rulesetName, t} from './i18n.js';
import {api, session} from './api.js';
import {errorText} from './screens/account.js';
import {medalEl} from './screens/ranking.js';

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

// The operator role rides in the account's token (majiang/server/auth.py `issue`: claim "r").
function isOperator() {
  try {
    const body = (session.token || '').split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(body + '='.repeat((4 - body.length % 4) % 4))).r === 'operator';
  } catch { return false; }
}

// The server's refusals (majiang/server/tournament_routes.py `create`) name the field first: say it in
// the page's language; anything else through the shared error words.
const ERR_FIELDS = ['name', 'ruleset', 'options', 'rounds', 'hands', 'capacity', 'start_at', 'settings'];
function createError(e) {
  if (e.code === 'bad_request') {
    const field = ERR_FIELDS.find((f) => (e.message || '').startsWith(`${f} `) || (e.message || '').startsWith(`${f}:`));
    if (field) return t(`t_err_${field}`);
  }
  if (e.code === 'forbidden') return t('t_err_forbidden');
  if (e.code === 'draining') return t('t_err_draining');
  return errorText(e);
}

const inLang = (text) => (text ? (text[getLang()] || text.zh || text.en) : null);

function createForm(clubs, operator, info, done, clubId) {
  const num = (id, value, lo, hi) => h('input', {id, type: 'number', min: lo, max: hi, step: 1, value, required: true, inputmode: 'numeric'});
  const field = (id, label, input) => h('label', {class: 'field', for: id}, h('span', {}, label), input);
  const club = h('select', {id: 'tc-club', 'data-testid': 'tc-club'},
    clubs.map((c) => h('option', {value: c.club_id}, c.name)),
    operator ? h('option', {value: ''}, t('t_no_club')) : null);
  if (clubs.some((c) => c.club_id === clubId)) club.value = clubId;  // #/tournaments/<club>: the club page's link
  const name = h('input', {id: 'tc-name', 'data-testid': 'tc-name', maxlength: 64, required: true});
  const ruleset = h('select', {id: 'tc-ruleset', 'data-testid': 'tc-ruleset'},
    info.rulesets.map((r) => h('option', {value: r.name}, rulesetName(r.name, r.title))));
  const modeBox = h('div', {class: 't-mode'});
  let modeKey = null, modeSel = null;
  function renderMode() {
    const rs = info.rulesets.find((r) => r.name === ruleset.value);
    const inf = rs && (rs.option_info || []).find((o) => (o.key === 'mode' || o.key === 'room') && o.choices);
    modeKey = inf ? inf.key : null;
    modeSel = inf ? h('select', {id: 'tc-mode', 'data-testid': 'tc-mode'}, Object.keys(inf.choices).map((c) =>
      h('option', {value: c, selected: rs.options && rs.options[inf.key] === c ? true : undefined}, inLang(inf.choices[c]) || c))) : null;
    mount(modeBox, modeSel ? field('tc-mode', inLang(inf.label) || t('t_mode'), modeSel)
      : h('p', {class: 'muted'}, t('t_one_mode')));
  }
  ruleset.addEventListener('change', renderMode);
  renderMode();
  const rounds = num('tc-rounds', 3, 1, 16), hands = num('tc-hands', 4, 1, 16), capacity = num('tc-capacity', 16, 2, 256);
  const full = h('input', {type: 'radio', name: 'tc-start', value: 'full', checked: true, 'data-testid': 'tc-when-full'});
  const timed = h('input', {type: 'radio', name: 'tc-start', value: 'at', 'data-testid': 'tc-timed'});
  const when = h('input', {type: 'datetime-local', id: 'tc-when', 'data-testid': 'tc-when', 'aria-label': t('t_start_time')});
  const err = h('p', {class: 't-error', 'data-testid': 'tc-error', role: 'alert'});
  async function submit(ev) {
    ev.preventDefault();
    mount(err);
    let startAt = null;
    if (timed.checked) {
      const ms = when.value ? new Date(when.value).getTime() : NaN;
      if (!Number.isFinite(ms)) { mount(err, t('t_err_start_at')); return; }
      startAt = Math.round(ms / 1000);
    }
    const whole = (el) => (/^\d+$/.test(el.value.trim()) ? Number(el.value) : el.value);
    const body = {name: name.value, ruleset: ruleset.value, options: modeKey ? {[modeKey]: modeSel.value} : {},
      rounds: whole(rounds), hands: whole(hands), capacity: whole(capacity), start_at: startAt};
    if (club.value) body.club_id = club.value;
    try {
      const out = await api.createTournament(body);
      toast(() => t('t_created'));
      done(out.tid);
    } catch (e) { mount(err, createError(e)); }
  }
  return h('form', {class: 'card t-create', novalidate: true, onsubmit: submit, 'data-testid': 't-create'},
    h('h2', {}, t('t_create')),
    h('div', {class: 't-grid'},
      field('tc-club', t('t_club'), club), field('tc-name', t('t_name'), name),
      field('tc-ruleset', t('ruleset'), ruleset), modeBox,
      field('tc-rounds', t('t_rounds_field'), rounds), field('tc-hands', t('t_hands_field'), hands),
      field('tc-capacity', t('t_capacity'), capacity)),
    h('fieldset', {class: 't-start'}, h('legend', {}, t('t_start')),
      h('label', {class: 'check'}, full, ' ', t('t_when_full')),
      h('label', {class: 'check'}, timed, ' ', t('t_start_time'), ' ', when)),
    err,
    h('button', {type: 'submit', class: 'primary', 'data-testid': 'tc-go'}, t('t_create_go')));
}

export function tournamentsScreen({app}, clubId) {
  let disposed = false;
  let fresh = null;  // the event just created: marked in the list
  const root = h('section', {class: 'screen tourney', 'data-testid': 'tournaments'});
  mount(app, root);
  async function creator() {
    // who may create: an admin of a club (for that club), an operator-role account (for no club)
    if (!session.token) return null;
    const operator = isOperator();
    let clubs = [];
    try { clubs = ((await api.clubs()).clubs || []).filter((c) => c.role === 'owner' || c.role === 'admin'); } catch { clubs = []; }
    if (!clubs.length && !operator) return null;
    let info;
    try { info = await api.rulesets(); } catch { return null; }
    return createForm(clubs, operator, info, (tid) => { fresh = tid; show(); }, clubId);
  }
  async function show() {
    try {
      const [{tournaments}, form] = await Promise.all([api.tournaments(), creator()]);
      if (disposed) return;
      mount(root, form, h('div', {class: 'card'}, h('h2', {}, t('tournaments')),
        tournaments.length ? h('div', {class: 't-list'}, tournaments.map((x) =>
          h('a', {class: `t-item${x.tid === fresh ? ' fresh' : ''}`, href: `#/tournament/${x.tid}`, 'data-testid': `t-item-${x.tid}`},
            h('strong', {}, x.name), facts(x))))
          : h('p', {class: 'muted'}, t('no_tournaments'))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
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
    catch (e) { mount(root.querySelector('[data-testid=t-error]') || root, `${t('error')}${t('colon')}${e.message}`); }
  }

  function myTable(d) {
    const rnd = d.rounds[d.rounds.length - 1];
    if (!rnd || d.status !== 'running') return null;
    const mine = rnd.tables.find((x) => !x.finished && x.seats.some((s) => s.player_id === session.playerId));
    if (!mine) return null;
    return h('div', {class: 't-actions', 'data-testid': 't-my-table'},
      h('span', {}, t('t_my_table', {r: rnd.round, n: mine.table + 1})),
      // the server gives a table's code once its room is open (null for a moment after seating)
      h('button', {type: 'button', class: 'primary', disabled: !mine.room, onclick: () => go(`#/room/${mine.room}`)},
        t('t_go_table')));
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

  // The standings as cards: a medal for the first three (a plain disc after), the name, the points large,
  // the tie-breaks (firsts, opponents' points, best round) on a line under the name; my card gold-edged.
  function standings(d) {
    // (until a table has finished everyone stands at 0: medals then would be handed out for nothing)
    if (!d.standings.length || !d.rounds.some((r) => r.tables.some((x) => x.finished))) return null;
    const fig = (label, v) => h('span', {class: 'ts-fig'}, h('span', {class: 'muted'}, label), ' ', h('b', {}, v));
    return h('section', {class: 'card t-standings-card'}, h('h2', {}, t('t_standings')),
      h('ol', {class: 't-standings', 'data-testid': 't-standings'}, d.standings.map((s) => h('li', {
        class: `t-stand p${Math.min(s.place, 4)}${s.player_id === session.playerId ? ' mine' : ''}`, 'data-testid': `t-place-${s.place}`},
        medalEl(s.place),
        h('div', {class: 'ts-who'},
          h('strong', {class: 'ts-name'}, s.name, s.rounds.some((r) => r.marked)
            ? h('span', {class: 'chip warn', title: t('t_marked_title')}, t('t_marked')) : null),
          h('small', {class: 'ts-figs'}, fig(t('t_firsts'), String(s.firsts)), fig(t('t_opponents'), String(s.opponents)),
            s.best === null ? null : fig(t('t_best'), String(s.best)))),
        h('div', {class: 'ts-points'}, h('strong', {}, String(s.points)), h('small', {}, t('t_points')))))),
      h('p', {class: 'muted'}, t('t_tiebreaks')));
  }

  function rounds(d) {
    return [...d.rounds].reverse().map((r) => h('section', {class: 'card t-round', 'data-testid': `t-round-${r.round}`},
      h('h2', {}, t('t_round', {n: r.round})),
      h('div', {class: 't-tables'}, r.tables.map((x) => h('div', {class: 't-table', 'data-testid': `t-table-${r.round}-${x.table}`},
        h('div', {class: 't-table-head'},
          x.room ? h('a', {href: `#/match/${x.room}`}, t('t_table', {n: x.table + 1})) : h('span', {}, t('t_table', {n: x.table + 1})),
          h('span', {class: `chip ${x.finished ? '' : 'ok'}`}, x.finished ? t('t_done') : t('t_playing'))),
        h('ol', {}, x.seats.map((s, i) => h('li', {},
          h('span', {class: 't-seat-name'}, s.bot ? h('span', {class: 'chip'}, t('t_bot')) : s.name,
            x.tuoguan && x.tuoguan[i] > 0.5 && !s.bot ? h('span', {class: 'chip warn', title: t('t_marked_title')}, t('t_marked')) : null),
          x.totals ? h('span', {class: `t-seat-total ${x.totals[i] > 0 ? 'pos' : x.totals[i] < 0 ? 'neg' : ''}`},
            `${x.totals[i] > 0 ? '+' : ''}${x.totals[i]}`) : null)))))),
      h('p', {class: 'muted'}, r.revealed ? t('t_seeds') : t('t_commit')),
      h('div', {class: 't-hash', 'data-testid': `t-hashes-${r.round}`},
        (r.revealed ? [...r.seeds, r.match_seed] : r.hashes).map((v) => h('div', {}, v))),
      r.revealed ? null : h('p', {class: 'muted'}, t('t_sealed'))));
  }

  // The standings (or, before the start, who registered) and the rounds: side by side on a wide screen,
  // one column on a narrow one, one centred column when there is only one of them.
  function columns(d) {
    const left = [standings(d), d.status === 'registering' ? h('section', {class: 'card t-registered'}, h('h2', {}, t('t_registered_list')),
      h('ol', {class: 't-players'}, d.players.map((p) => h('li', {}, h('span', {class: 't-seat-name'}, p.name),
        p.checked_in ? h('span', {class: 'chip ok'}, t('t_checked_in')) : null)))) : null].filter(Boolean);
    const right = rounds(d);
    const two = left.length && right.length;
    return [left.length ? h('div', {class: `t-col${two ? '' : ' alone'}`}, left) : null,
      right.length ? h('div', {class: `t-col${two ? '' : ' alone'}`}, right) : null];
  }

  function render() {
    const d = last;
    if (!d) return;
    mount(root, h('div', {class: 't-layout'},
      h('div', {class: 'card t-head-card'},
        h('div', {class: 'card-head t-head'}, h('h2', {}, d.name)),
        facts(d),
        h('p', {class: 'muted'}, t('t_duplicate')),
        entry(d), myTable(d),
        h('p', {class: 't-verify'}, h('a', {href: `/api/tournaments/${d.tid}/verify`, target: '_blank', rel: 'noopener'}, t('t_verify')))),
      ...columns(d)));
  }

  async function load() {
    try {
      last = await api.tournament(tid);
      if (disposed) return;
      render();
    } catch (e) { if (!disposed) mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
    if (!disposed && last && (last.status === 'running' || last.status === 'registering')) timer = setTimeout(load, REFRESH_MS);
  }
  load();
  return {dispose() { disposed = true; clearTimeout(timer); }, relabel: render};
}
