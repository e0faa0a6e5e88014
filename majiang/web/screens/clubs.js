// 亲友圈 clubs: my clubs, create one, join by invite code (#/clubs); an invite link (#/join/CODE); a club's
// page (#/club/ID): its invite, rooms (open a table from the house rules), members and requests, the
// board over a period (sortable, CSV) and its matches.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {avatarEl} from '../avatars.js';
import {errorText} from './account.js';
import {formatCode} from './match.js';
import {sameAddressSelect} from './friends.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const inviteLink = (code) => `${location.origin}${location.pathname}#/join/${code}`;

export function clubsScreen({app, go}) {
  const root = h('section', {class: 'screen clubs', 'data-testid': 'clubs'});
  mount(app, root);
  let disposed = false;

  function joinForm() {
    const input = h('input', {id: 'invite-code', placeholder: t('code_hint'), maxlength: 12, autocomplete: 'off',
      'aria-label': t('invite_code')});
    return h('form', {class: 'card', 'data-testid': 'join-club', onsubmit: (ev) => {
      ev.preventDefault();
      const code = input.value.replace(/[\s-]/g, '').toUpperCase();
      if (code) go(`#/join/${code}`);
    }}, h('h2', {}, t('join_club')), h('div', {class: 'inline'}, input,
      h('button', {class: 'primary', type: 'submit', 'data-testid': 'join-club-go'}, t('join'))));
  }

  function createForm() {
    const name = h('input', {id: 'club-name', maxlength: 32, required: true});
    const desc = h('textarea', {id: 'club-desc', maxlength: 500, rows: 2});
    const ruleset = h('select', {id: 'club-ruleset'}, ['anqing', 'hefei', 'baida', 'guobiao'].map((r) => h('option', {value: r}, rulesetName(r))));
    const hands = h('input', {id: 'club-hands', type: 'number', min: 1, max: 64, value: 8});
    // a switch as the settings panel's (a real checkbox, role=switch, drawn by settings.css's input.switch)
    const own = h('input', {id: 'club-own', type: 'checkbox', role: 'switch', class: 'switch'});
    const same = sameAddressSelect('club-same-address');
    return h('form', {class: 'card narrow-form', 'data-testid': 'create-club', onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const club = await api.createClub({name: name.value, description: desc.value, own_options: own.checked,
          preset: {ruleset: ruleset.value, hands: Number(hands.value), same_address: same.value}});
        go(`#/club/${club.club_id}`);
      } catch (e) { toast(errorText(e), 'error', 5000); }
    }}, h('h2', {}, t('create_club')),
    h('label', {for: 'club-name'}, t('club_name')), name, h('label', {for: 'club-desc'}, t('club_desc')), desc,
    h('div', {class: 'opts club-opts'}, h('label', {class: 'field wide'}, h('span', {}, t('ruleset')), ruleset),
      h('label', {class: 'field'}, h('span', {}, t('hands')), hands),
      h('label', {class: 'field'}, h('span', {}, t('same_address')), same)),
    h('label', {class: 'switch-row', for: 'club-own'}, h('span', {}, t('allow_own')), own),
    h('button', {class: 'primary', type: 'submit', 'data-testid': 'create-club-go'}, t('create')));
  }

  async function show() {
    let mine = {clubs: [], pending: []};
    try { mine = await api.clubs(); } catch (e) { toast(errorText(e), 'error'); }
    if (disposed) return;
    const list = h('section', {class: 'card', 'data-testid': 'my-clubs'}, h('h2', {}, t('my_clubs')),
      mine.clubs.length ? h('ul', {class: 'matches'}, mine.clubs.map((c) => h('li', {},
        h('a', {href: `#/club/${c.club_id}`, class: 'club-row', 'data-testid': `club-${c.club_id}`},
          h('span', {class: 'pname'}, c.name), h('span', {class: 'muted'}, t(`role_${c.role}`))))))
        : h('p', {class: 'muted'}, t('no_clubs')),
      mine.pending.length ? h('p', {class: 'muted'}, `${t('pending_clubs')}${t('colon')}`, mine.pending.map((c) => c.name).join('、')) : null);
    mount(root, h('div', {class: 'account-grid'}, list, joinForm(), createForm()));
  }
  show();
  return {dispose() { disposed = true; }, relabel: show};
}

export function joinClubScreen({app, go}, code) {
  const root = h('section', {class: 'screen clubs', 'data-testid': 'join-screen'});
  mount(app, root);
  (async () => {
    let club;
    try { club = await api.clubInvite(code); } catch (e) { toast(errorText(e), 'error', 5000); go('#/clubs'); return; }
    mount(root, h('div', {class: 'card narrow'},
      h('h2', {}, club.name), club.description ? h('p', {}, club.description) : null,
      h('p', {class: 'muted'}, `${rulesetName(club.ruleset)} · ${t('members')} ${club.members}`),
      h('div', {class: 'ask'}, h('button', {class: 'primary', type: 'button', 'data-testid': 'ask-join', onclick: async (ev) => {
        const box = ev.currentTarget.parentNode;  // (currentTarget is gone once the handler awaits)
        try {
          await api.joinClub(code);
          mount(box, h('p', {'data-testid': 'asked'}, t('asked')));
        } catch (e) { toast(errorText(e), 'error', 5000); }
      }}, t('ask_join')))));
  })();
  return {};
}

export function clubScreen({app, go}, clubId) {
  const root = h('section', {class: 'screen club', 'data-testid': 'club'});
  mount(app, root);
  let disposed = false;
  let board = {period: 'all', sort: 'points'};

  async function act(fn) {
    try { await fn(); show(); } catch (e) { toast(errorText(e), 'error', 5000); }
  }

  function memberRow(club, m, kind, myTable) {
    const manage = club.role === 'owner' || club.role === 'admin';
    const mine = m.player_id === session.playerId;
    const buttons = [];
    if (kind === 'member' && myTable && !mine) {  // my open club table: invite a member (pushed to them)
      buttons.push(h('button', {type: 'button', 'data-testid': `club-invite-${m.player_id}`, onclick: async (ev) => {
        const btn = ev.currentTarget;
        try { await api.invite(myTable, m.player_id); btn.disabled = true; btn.textContent = t('invited'); } catch (e) { toast(errorText(e), 'error', 5000); }
      }}, t('invite')));
    }
    if (kind === 'request') {
      buttons.push(h('button', {type: 'button', class: 'primary', 'data-testid': `approve-${m.player_id}`,
        onclick: () => act(() => api.answerRequest(clubId, m.player_id, true))}, t('approve')),
      h('button', {type: 'button', onclick: () => act(() => api.answerRequest(clubId, m.player_id, false))}, t('refuse')));
    } else if (kind === 'banned') {
      buttons.push(h('button', {type: 'button', onclick: () => act(() => api.clubAct(clubId, m.player_id, 'unban'))}, t('unban')));
    } else if (manage && !mine && m.role !== 'owner' && (club.role === 'owner' || m.role === 'member')) {
      buttons.push(h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.clubAct(clubId, m.player_id, 'kick'))}, t('kick')),
        h('button', {type: 'button', class: 'ghost', 'data-testid': `ban-${m.player_id}`,
          onclick: () => act(() => api.clubAct(clubId, m.player_id, 'ban'))}, t('ban')));
      if (club.role === 'owner') {
        buttons.push(h('button', {type: 'button', class: 'ghost',
          onclick: () => act(() => api.clubAct(clubId, m.player_id, m.role === 'admin' ? 'member' : 'admin'))},
        m.role === 'admin' ? t('make_member') : t('make_admin')),
        h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.clubTransfer(clubId, m.player_id))}, t('transfer')));
      }
    }
    return h('li', {class: 'member'}, avatarEl(m.avatar || 0), h('span', {class: 'pname'}, m.name || m.player_id),
      kind === 'member' ? h('span', {class: 'muted'}, t(`role_${m.role}`)) : null, h('span', {class: 'member-actions'}, buttons));
  }

  async function downloadCsv() {
    try {
      const res = await fetch(`/api/clubs/${clubId}/board?format=csv&period=${board.period}&sort=${board.sort}`,
        {headers: {Authorization: `Bearer ${session.token}`}});
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const a = h('a', {href: URL.createObjectURL(await res.blob()), download: `club-${clubId}-${board.period}.csv`});
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) { toast(errorText(e), 'error'); }
  }

  async function show() {
    let club, people, rooms, recs, rows;
    try {
      [club, people, rooms, recs, rows] = await Promise.all([api.club(clubId), api.clubMembers(clubId), api.clubRooms(clubId),
        api.clubRecords(clubId), api.clubBoard(clubId, board.period, board.sort)]);
    } catch (e) { toast(errorText(e), 'error', 5000); go('#/clubs'); return; }
    if (disposed) return;
    const manage = club.role === 'owner' || club.role === 'admin';
    const myTable = rooms.rooms.some((r) => r.code === session.room && r.status === 'waiting') ? session.room : null;
    const head = h('div', {class: 'card', 'data-testid': 'club-head'},
      h('div', {class: 'card-head'}, h('h2', {'data-testid': 'club-name'}, club.name), h('a', {href: '#/clubs'}, t('back'))),
      club.description ? h('p', {}, club.description) : null,
      h('p', {class: 'muted'}, `${t('preset')}${t('colon')}${rulesetName(club.ruleset)} · ${club.settings.hands || ''} ${t('hand')} · ${t('members')} ${club.members} · ${t(`role_${club.role}`)}`),
      h('div', {class: 'inline share'},
        h('span', {}, `${t('invite_code')} `, h('span', {class: 'code', 'data-testid': 'invite-code'}, formatCode(club.invite_code))),
        h('button', {type: 'button', onclick: async () => {
          try { await navigator.clipboard.writeText(inviteLink(club.invite_code)); toast(t('copied')); } catch { toast(inviteLink(club.invite_code)); }
        }}, t('invite_link')),
        manage ? h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.clubNewInvite(clubId))}, t('new_invite')) : null,
        manage ? h('a', {class: 'button ghost', href: `#/tournaments/${clubId}`, 'data-testid': 'club-tournament'}, t('t_create')) : null));
    const roomsCard = h('section', {class: 'card', 'data-testid': 'club-rooms'},
      h('div', {class: 'card-head'}, h('h2', {}, t('club_rooms')),
        h('button', {type: 'button', class: 'primary', 'data-testid': 'open-club-room', onclick: async () => {
          try {
            const out = await api.clubRoom(clubId);
            session.room = out.room.code;
            go(`#/room/${out.room.code}`);
          } catch (e) { toast(errorText(e), 'error', 5000); }
        }}, t('open_club_room'))),
      rooms.rooms.length ? h('ul', {class: 'club-rooms', 'data-testid': 'club-room-cards'}, rooms.rooms.map((r) => {
        const taken = r.seats.filter((s) => s.occupied).length;
        return h('li', {class: `room-card ${r.status}`, 'data-testid': `club-room-card-${r.code}`},
          h('div', {class: 'rc-top'}, h('span', {class: 'code'}, r.code),
            h('span', {class: `chip ${r.status === 'waiting' ? 'ok' : ''}`}, r.status === 'waiting' ? t('status_waiting') : t('status_playing'))),
          h('strong', {class: 'rc-rule'}, rulesetName(r.ruleset, r.title)),
          h('div', {class: 'rc-seats', title: t('seats_taken', {n: taken})},
            r.seats.map((s) => h('span', {class: s.occupied ? 'seat-dot on' : 'seat-dot', title: s.occupied ? s.name || '' : null},
              s.occupied ? (s.bot ? '🤖' : (s.name || '?').slice(0, 1)) : '')),
            h('span', {class: 'muted'}, t('seats_taken', {n: taken}))),
          h('a', {class: `button${r.status === 'waiting' ? ' primary' : ''}`, href: `#/room/${r.code}`, 'data-testid': `club-room-${r.code}`,
            onclick: async (ev) => {
              if (r.status !== 'waiting') return;
              ev.preventDefault();
              try { await api.join(r.code); session.room = r.code; } catch { /* full: watch */ }
              go(`#/room/${r.code}`);
            }}, r.status === 'waiting' ? t('join') : t('watch')));
      }))
        : h('p', {class: 'muted'}, t('no_rooms')));
    const membersCard = h('section', {class: 'card', 'data-testid': 'club-members'},
      people.requests && people.requests.length ? [h('h3', {}, t('requests')),
        h('ul', {class: 'members', 'data-testid': 'club-requests'}, people.requests.map((m) => memberRow(club, m, 'request')))] : null,
      h('h2', {}, t('members')), h('ul', {class: 'members'}, people.members.map((m) => memberRow(club, m, 'member', myTable))),
      people.banned && people.banned.length ? [h('h3', {}, t('banned_list')),
        h('ul', {class: 'members'}, people.banned.map((m) => memberRow(club, m, 'banned')))] : null,
      h('div', {class: 'inline'}, club.role === 'owner'
        ? h('button', {type: 'button', class: 'ghost', onclick: () => { if (confirm(t('confirm_dissolve_club'))) act(async () => { await api.clubDissolve(clubId); go('#/clubs'); }); }}, t('dissolve_club'))
        : h('button', {type: 'button', class: 'ghost', onclick: () => act(async () => { await api.clubLeave(clubId); go('#/clubs'); })}, t('leave_club'))));
    const period = h('select', {id: 'board-period', 'aria-label': t('period'), onchange: () => { board.period = period.value; show(); }},
      ['week', 'month', 'all'].map((p) => h('option', {value: p, selected: board.period === p ? true : undefined}, t(`period_${p}`))));
    const sort = h('select', {id: 'board-sort', 'aria-label': t('sort_by'), onchange: () => { board.sort = sort.value; show(); }},
      [['points', t('points')], ['hands', t('stat_hands')], ['wins', t('stat_wins')], ['self_draws', t('self_draws')]]
        .map(([v, label]) => h('option', {value: v, selected: board.sort === v ? true : undefined}, label)));
    const boardCard = h('section', {class: 'card', 'data-testid': 'club-board'},
      h('div', {class: 'card-head'}, h('h2', {}, t('board')), h('div', {class: 'inline filters'}, period, sort,
        h('button', {type: 'button', class: 'ghost', 'data-testid': 'board-csv', onclick: downloadCsv}, t('csv')))),
      rows.board.length ? h('div', {class: 'scroll-x'}, h('table', {class: 'list stats'},
        h('thead', {}, h('tr', {}, h('th', {}, t('place_short')), h('th', {}, t('display_name')),
          ['stat_hands', 'stat_wins', 'self_draws', 'points', 'stat_best'].map((k) => h('th', {class: 'num'}, t(k))))),
        h('tbody', {}, rows.board.map((r, i) => h('tr', {}, h('td', {}, String(i + 1)), h('td', {}, r.name || r.player_id),
          [r.hands, r.wins, r.self_draws, signed(r.points), r.best].map((x) => h('td', {class: 'num'}, String(x))))))))
        : h('p', {class: 'muted'}, t('no_records')));
    const recordsCard = h('section', {class: 'card', 'data-testid': 'club-records'}, h('h2', {}, t('club_records')),
      recs.matches.length ? h('ul', {class: 'matches'}, recs.matches.map((m) => {
        const top = [...m.players].sort((a, b) => a.place - b.place)[0];
        return h('li', {}, h('a', {href: `#/match/${m.room_code}`, 'data-testid': `club-match-${m.room_code}`},
          h('span', {class: 'code'}, m.room_code), h('span', {}, rulesetName(m.ruleset)),
          h('span', {class: 'muted'}, dateText(m.finished_at)), h('span', {}, top.name), h('span', {class: 'num'}, signed(top.total))));
      })) : h('p', {class: 'muted'}, t('no_records')));
    mount(root, h('div', {class: 'club-grid'}, head, roomsCard, boardCard, membersCard, recordsCard));
  }
  show();
  return {dispose() { disposed = true; }, relabel: show};
}
