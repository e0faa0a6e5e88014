// The operator's console (网管, /console.html): live tables per node, players online, recent errors, the
// console's log; every action asks why and goes through the REST API with the operator token
// (docs/server.md, "The operator's console"). The token stays in this tab only (sessionStorage).
import {h, mount} from './dom.js';
import {tileRow} from './tiles.js';

const WORDS = {
  zh: {
    title: '网管控制台', token: '网管令牌', sign_in: '进入', sign_out: '退出', lang: 'English',
    bad_token: '令牌无效（403）', server: '服务器', drain: '维护模式（暂停开新房间）', drain_on: '开启维护模式',
    drain_off: '结束维护模式', draining: '维护中：不开新房间，进行中的对局继续', open: '正常开放',
    announcement: '大厅公告', post: '发布', clear: '撤下', tables: '牌桌', node: '节点', code: '房间',
    ruleset: '玩法', status: '状态', hand: '局', streak: '连庄', seats: '座位', actions: '操作',
    dissolve_hand: '解散本局', close_room: '关闭房间', watch: '观战（明牌）', replays: '回放', remove: '移出',
    online: '在线玩家', player: '玩家', room: '房间', address: '地址', ban: '封禁', revoke: '吊销令牌',
    bans: '封禁列表', until: '到期', unban: '解封', errors: '最近错误', no_errors: '没有错误', log: '操作记录',
    who: '操作者', what: '操作', target: '对象', why: '原因', reason: '原因（必填）', confirm: '确定', cancel: '取消',
    duration: '时长', also_address: '同时封禁地址', hours: '{n} 小时', days: '{n} 天', lookup: '查房间（含已结束）',
    find: '查找', hands: '已完成的局', no_hands: '没有已完成的局', open_replay: '回放查看', download: '下载',
    watching: '正在观战 {code}（全部手牌可见，已记录）', stop: '停止观战', bot: '机器人', tuoguan: '托管',
    offline: '离线', clock: '剩 {n} 秒', watchers: '旁观 {n}', none: '无', unreachable: '无法连接',
    done: '已完成：{what}', failed: '失败：{why}', empty: '空',
    waiting: '等待中', playing: '对局中', finished: '已结束', dissolved: '已解散', turn: '出牌', claim: '抢牌', haidi: '海捞',
  },
  en: {
    title: 'Operator console', token: 'Operator token', sign_in: 'Enter', sign_out: 'Sign out', lang: '中文',
    bad_token: 'Token refused (403)', server: 'Server', drain: 'Drain (no new rooms)', drain_on: 'Start draining',
    drain_off: 'Stop draining', draining: 'Draining: no new rooms; running matches play on', open: 'Open as usual',
    announcement: 'Lobby announcement', post: 'Post', clear: 'Take down', tables: 'Tables', node: 'Node', code: 'Room',
    ruleset: 'Ruleset', status: 'Status', hand: 'Hand', streak: 'Streak', seats: 'Seats', actions: 'Actions',
    dissolve_hand: 'Dissolve hand', close_room: 'Close room', watch: 'Watch (all tiles)', replays: 'Replays',
    remove: 'Remove', online: 'Players online', player: 'Player', room: 'Room', address: 'Address', ban: 'Ban',
    revoke: 'Revoke tokens', bans: 'Bans', until: 'Until', unban: 'Lift', errors: 'Recent errors', no_errors: 'No errors',
    log: 'Action log', who: 'Who', what: 'Action', target: 'Target', why: 'Why', reason: 'Reason (required)',
    confirm: 'Confirm', cancel: 'Cancel', duration: 'Duration', also_address: 'Ban the address too', hours: '{n} h',
    days: '{n} days', lookup: 'Look up a room (finished ones too)', find: 'Find', hands: 'Finished hands',
    no_hands: 'No finished hand', open_replay: 'Open replay', download: 'Download',
    watching: 'Watching {code} (every hand visible; logged)', stop: 'Stop watching', bot: 'bot', tuoguan: '托管',
    offline: 'offline', clock: '{n} s left', watchers: '{n} watching', none: 'none', unreachable: 'unreachable',
    done: 'Done: {what}', failed: 'Failed: {why}', empty: 'empty',
    waiting: 'waiting', playing: 'playing', finished: 'finished', dissolved: 'dissolved', turn: 'turn', claim: 'claim', haidi: '海捞 (last four)',
  },
};
let lang = localStorage.getItem('mj.lang') === 'en' ? 'en' : 'zh';
const t = (k, vars) => {
  let s = WORDS[lang][k] ?? k;
  for (const [a, b] of Object.entries(vars || {})) s = s.replaceAll(`{${a}}`, b);
  return s;
};

const app = document.getElementById('app');
const topbar = document.getElementById('topbar');
const state = {overview: null, error: '', watch: null, watchTimer: null, flash: '', found: null};
let timer = null;

const token = () => sessionStorage.getItem('mj.operator') || '';

async function call(method, path, body) {
  const res = await fetch(path, {
    method, headers: {'Accept': 'application/json', 'Content-Type': 'application/json', 'x-operator-token': token()},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error((data && data.reason) || `HTTP ${res.status}`), {status: res.status});
  return data;
}

function time(s) { return s ? new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19) : ''; }

// --- the reason dialog: every action says why -------------------------------------------------------
function ask(title, extra = []) {
  return new Promise((resolve) => {
    const reason = h('textarea', {'data-testid': 'reason', required: true, maxlength: 300});
    const dlg = h('dialog', {'data-testid': 'reason-dialog'},
      h('form', {method: 'dialog', onsubmit: (ev) => {
        ev.preventDefault();
        if (!reason.value.trim()) { reason.focus(); return; }
        const values = {reason: reason.value.trim()};
        for (const el of dlg.querySelectorAll('[data-field]')) values[el.dataset.field] = el.type === 'checkbox' ? el.checked : el.value;
        dlg.close();
        dlg.remove();
        resolve(values);
      }},
      h('h2', {}, title), h('label', {}, t('reason'), reason), ...extra,
      h('div', {class: 'buttons'},
        h('button', {type: 'submit', class: 'primary', 'data-testid': 'confirm'}, t('confirm')),
        h('button', {type: 'button', onclick: () => { dlg.close(); dlg.remove(); resolve(null); }}, t('cancel')))));
    document.body.appendChild(dlg);
    dlg.showModal();
    reason.focus();
  });
}

async function act(label, method, path, body, extra) {
  const answer = await ask(label, extra);
  if (!answer) return null;
  try {
    const res = await call(method, path, {...body(answer), reason: answer.reason});
    state.flash = t('done', {what: label});
    state.flashNew = true;
    await refresh();
    state.flashNew = false;
    return res;
  } catch (e) {
    state.flash = t('failed', {why: e.message});
    render();
    return null;
  }
}

const roomPath = (code, what) => `/api/rooms/${encodeURIComponent(code)}/admin/${what}`;

// --- sections -----------------------------------------------------------------------------------------
function serverCard(o) {
  const drainOn = o.drain && o.drain.on;
  const text = h('input', {type: 'text', maxlength: 500, 'data-testid': 'announcement-text',
    value: o.announcement ? o.announcement.text : ''});
  return h('section', {class: 'card', 'data-testid': 'server'},
    h('h2', {}, t('server')),
    h('p', {'data-testid': 'drain-state', class: drainOn ? 'warn' : 'muted'}, drainOn ? t('draining') : t('open')),
    h('div', {class: 'buttons'},
      h('button', {type: 'button', 'data-testid': 'drain', onclick: () =>
        act(drainOn ? t('drain_off') : t('drain_on'), 'POST', '/api/admin/drain', () => ({on: !drainOn}))},
      drainOn ? t('drain_off') : t('drain_on'))),
    h('h3', {}, t('announcement')),
    h('form', {class: 'inline', onsubmit: (ev) => {
      ev.preventDefault();
      act(t('announcement'), 'POST', '/api/admin/announcement', () => ({text: text.value}));
    }}, text,
    h('button', {type: 'submit', 'data-testid': 'announce'}, t('post')),
    o.announcement ? h('button', {type: 'button', 'data-testid': 'announce-clear', onclick: () =>
      act(t('clear'), 'POST', '/api/admin/announcement', () => ({text: ''}))}, t('clear')) : null));
}

function seatLine(table, s) {
  const clock = table.clocks[String(s.seat)];
  return h('div', {class: 'seat-line'},
    h('span', {}, `${s.seat}: ${s.occupied ? s.name : t('empty')}`),
    s.bot ? h('span', {class: 'chip'}, t('bot')) : null,
    s.tuoguan ? h('span', {class: 'chip warn'}, t('tuoguan')) : null,
    s.occupied && !s.bot && !s.connected ? h('span', {class: 'chip warn'}, t('offline')) : null,
    clock ? h('span', {class: 'chip ok'}, t('clock', {n: clock.remaining})) : null,
    s.player_id ? h('button', {type: 'button', 'data-testid': `remove-${table.code}-${s.seat}`, onclick: () =>
      act(`${t('remove')} ${s.name}`, 'POST', roomPath(table.code, 'remove'), () => ({seat: s.seat}))}, t('remove')) : null);
}

function tablesCard(o) {
  const rows = [];
  for (const n of o.nodes) {
    for (const tb of n.tables) {
      rows.push(h('tr', {'data-testid': `table-${tb.code}`},
        h('td', {}, n.node), h('td', {}, h('strong', {}, tb.code), h('br'), tb.title),
        h('td', {}, t(tb.status), tb.phase ? ` · ${t(tb.phase)}` : '', h('br'),
          `${t('hand')} ${tb.hand_no}/${tb.hands}`, tb.streak !== null ? ` · ${t('streak')} ${tb.streak}` : '',
          tb.watchers ? h('span', {class: 'muted'}, ` · ${t('watchers', {n: tb.watchers})}`) : null),
        h('td', {}, h('div', {class: 'seats'}, tb.seats.map((s) => seatLine(tb, s)))),
        h('td', {}, h('div', {class: 'row-actions'},
          h('button', {type: 'button', 'data-testid': `dissolve-${tb.code}`, onclick: () =>
            act(`${t('dissolve_hand')} ${tb.code}`, 'POST', roomPath(tb.code, 'dissolve'), () => ({}))}, t('dissolve_hand')),
          h('button', {type: 'button', 'data-testid': `close-${tb.code}`, onclick: () =>
            act(`${t('close_room')} ${tb.code}`, 'POST', roomPath(tb.code, 'close'), () => ({}))}, t('close_room')),
          h('button', {type: 'button', 'data-testid': `watch-${tb.code}`, onclick: () => startWatch(tb.code)}, t('watch')),
          h('button', {type: 'button', 'data-testid': `replays-${tb.code}`, onclick: () => lookup(tb.code)}, t('replays'))))));
    }
    if (n.unreachable) rows.push(h('tr', {}, h('td', {colspan: 5, class: 'warn'}, `${n.node}: ${t('unreachable')}`)));
  }
  return h('section', {class: 'card wide', 'data-testid': 'tables'}, h('h2', {}, t('tables')),
    h('table', {}, h('thead', {}, h('tr', {}, [t('node'), t('code'), t('status'), t('seats'), t('actions')].map((x) => h('th', {}, x)))),
      h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', {colspan: 5, class: 'muted'}, t('none'))))));
}

function banExtra(withAddress) {
  return [
    h('label', {}, t('duration'), ' ', h('select', {'data-field': 'seconds', 'data-testid': 'ban-seconds'},
      [[3600, t('hours', {n: 1})], [86400, t('days', {n: 1})], [7 * 86400, t('days', {n: 7})], [30 * 86400, t('days', {n: 30})]]
        .map(([v, l]) => h('option', {value: v}, l)))),
    withAddress ? h('label', {class: 'check'}, h('input', {type: 'checkbox', 'data-field': 'address', 'data-testid': 'ban-address'}), ' ', t('also_address')) : null,
  ];
}

function onlineCard(o) {
  const people = o.nodes.flatMap((n) => n.online.map((p) => ({...p, node: n.node})));
  return h('section', {class: 'card', 'data-testid': 'online'}, h('h2', {}, `${t('online')} (${people.length})`),
    h('table', {}, h('thead', {}, h('tr', {}, [t('player'), t('room'), t('address'), t('actions')].map((x) => h('th', {}, x)))),
      h('tbody', {}, people.map((p) => h('tr', {'data-testid': `online-${p.player_id}`},
        h('td', {}, p.name || p.player_id, h('br'), h('span', {class: 'muted'}, p.player_id)),
        h('td', {}, p.room, p.seat === null ? ' 👁' : ` · ${p.seat}`), h('td', {}, p.address || ''),
        h('td', {}, h('div', {class: 'row-actions'},
          h('button', {type: 'button', 'data-testid': `ban-${p.player_id}`, onclick: () =>
            act(`${t('ban')} ${p.name}`, 'POST', '/api/admin/ban', (a) => ({player_id: p.player_id, seconds: Number(a.seconds),
              address: a.address && p.address ? p.address : undefined}), banExtra(!!p.address))}, t('ban')),
          h('button', {type: 'button', 'data-testid': `revoke-${p.player_id}`, onclick: () =>
            act(`${t('revoke')} ${p.name}`, 'POST', '/api/admin/revoke', () => ({player_id: p.player_id}))}, t('revoke')))))))));
}

function bansCard(o) {
  return h('section', {class: 'card', 'data-testid': 'bans'}, h('h2', {}, t('bans')),
    o.bans.length ? h('table', {}, h('tbody', {}, o.bans.map((b) => h('tr', {'data-testid': `banned-${b.key}`},
      h('td', {}, `${b.kind}: ${b.key}`), h('td', {}, `${t('until')} ${time(b.until)}`), h('td', {}, b.reason),
      h('td', {}, h('button', {type: 'button', 'data-testid': `unban-${b.key}`, onclick: () =>
        act(`${t('unban')} ${b.key}`, 'POST', '/api/admin/unban', () => ({kind: b.kind, key: b.key}))}, t('unban')))))))
      : h('p', {class: 'muted'}, t('none')));
}

function errorsCard(o) {
  const errs = o.nodes.flatMap((n) => n.errors.map((e) => ({...e, node: n.node}))).sort((a, b) => b.at - a.at).slice(0, 30);
  return h('section', {class: 'card', 'data-testid': 'errors'}, h('h2', {}, t('errors')),
    errs.length ? h('ul', {}, errs.map((e) => h('li', {class: 'err'},
      `${time(e.at)} ${e.node}${e.table ? ' ' + e.table : ''} ${e.logger}: ${e.msg}${e.exc ? ' — ' + e.exc : ''}`)))
      : h('p', {class: 'muted'}, t('no_errors')));
}

function logCard(o) {
  return h('section', {class: 'card wide', 'data-testid': 'log'}, h('h2', {}, t('log')),
    h('table', {}, h('thead', {}, h('tr', {}, ['', t('who'), t('what'), t('target'), t('why')].map((x) => h('th', {}, x)))),
      h('tbody', {}, o.actions.map((a) => h('tr', {'data-testid': `log-${a.action}`},
        h('td', {}, time(a.at)), h('td', {}, a.who), h('td', {}, a.action), h('td', {}, a.target), h('td', {}, a.reason))))));
}

function lookupCard() {
  const input = h('input', {type: 'text', maxlength: 16, 'data-testid': 'lookup-code', placeholder: t('code')});
  const f = state.found;
  return h('section', {class: 'card', 'data-testid': 'lookup'}, h('h2', {}, t('lookup')),
    h('form', {class: 'inline', onsubmit: (ev) => { ev.preventDefault(); lookup(input.value.trim().toUpperCase()); }},
      input, h('button', {type: 'submit'}, t('find'))),
    f ? h('div', {'data-testid': 'hands'}, h('h3', {}, `${f.code} · ${t('hands')}`),
      f.hands.length ? h('ul', {}, f.hands.map((hd) => h('li', {},
        `${t('hand')} ${hd.hand_no} · `, h('a', {href: `/#/replay/${f.code}/${hd.hand_no}`, target: '_blank',
          'data-testid': `replay-${f.code}-${hd.hand_no}`}, t('open_replay')), ' · ',
        h('a', {href: `/api/rooms/${f.code}/hands/${hd.hand_no}/replay`}, t('download')))))
        : h('p', {class: 'muted'}, f.error || t('no_hands'))) : null);
}

async function lookup(code) {
  if (!code) return;
  try {
    const res = await call('GET', `/api/rooms/${encodeURIComponent(code)}/hands`);
    state.found = {code, hands: res.hands};
  } catch (e) { state.found = {code, hands: [], error: e.message}; }
  render();
}

// --- watching: everything visible, polled once a second ------------------------------------------------
async function startWatch(code) {
  const answer = await ask(`${t('watch')} ${code}`);
  if (!answer) return;
  try {
    state.watch = {code, data: await call('POST', roomPath(code, 'watch'), {reason: answer.reason})};
  } catch (e) { state.flash = t('failed', {why: e.message}); render(); return; }
  clearInterval(state.watchTimer);
  state.watchTimer = setInterval(async () => {
    if (!state.watch) return;
    let fresh = null;
    try { fresh = await call('GET', roomPath(state.watch.code, 'view')); } catch { stopWatch(); return; }
    if (!state.watch || JSON.stringify(fresh) === JSON.stringify(state.watch.data)) return;  // nothing new: no re-render
    state.watch.data = fresh;
    render();
  }, 1000);
  render();
}

function stopWatch() { clearInterval(state.watchTimer); state.watch = null; render(); }

function watchCard() {
  const w = state.watch;
  if (!w) return null;
  const v = w.data.view;
  const seats = w.data.room.seats;
  return h('section', {class: 'card wide', 'data-testid': 'watch'},
    h('div', {class: 'card-head'}, h('h2', {}, t('watching', {code: w.code})),
      h('button', {type: 'button', 'data-testid': 'stop-watch', onclick: stopWatch}, t('stop'))),
    v ? (v.revealed || []).map((tiles, i) => h('div', {class: 'watch-seat', 'data-testid': `watch-seat-${i}`},
      h('div', {}, `${i}: ${seats[i].name || ''}`, v.current === i ? ' ◀' : ''),
      tileRow(tiles, {size: 'mini', view: v})))
      : h('p', {class: 'muted'}, t('none')),
    h('div', {class: 'events'}, (w.data.events || []).map((e) => h('div', {}, JSON.stringify(e)))));
}

// --- the page -----------------------------------------------------------------------------------------
function renderTop() {
  mount(topbar, h('h1', {}, t('title')),
    h('div', {class: 'buttons'},
      token() ? h('button', {type: 'button', 'data-testid': 'sign-out', onclick: () => {
        sessionStorage.removeItem('mj.operator'); clearInterval(timer); render();
      }}, t('sign_out')) : null,
      h('button', {type: 'button', 'data-testid': 'lang', onclick: () => {
        lang = lang === 'zh' ? 'en' : 'zh'; localStorage.setItem('mj.lang', lang);
        document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'; render();
      }}, t('lang'))));
}

function render() {
  renderTop();
  if (!token() || !state.overview) {
    const input = h('input', {type: 'password', 'data-testid': 'token', autocomplete: 'off', placeholder: t('token')});
    mount(app, h('section', {class: 'card wide'},
      h('form', {class: 'inline', onsubmit: async (ev) => {
        ev.preventDefault();
        sessionStorage.setItem('mj.operator', input.value.trim());
        await refresh();
        if (state.overview) { clearInterval(timer); timer = setInterval(refresh, 3000); }
      }}, h('label', {}, t('token'), ' ', input), h('button', {type: 'submit', class: 'primary', 'data-testid': 'sign-in'}, t('sign_in'))),
      state.error ? h('p', {class: 'warn', 'data-testid': 'console-error'}, state.error) : null));
    return;
  }
  const o = state.overview;
  mount(app,
    state.flash ? h('p', {class: 'card wide', 'data-testid': 'flash'}, state.flash) : null,
    watchCard(), serverCard(o), lookupCard(), tablesCard(o), onlineCard(o), bansCard(o), errorsCard(o), logCard(o));
}

async function refresh() {
  if (!token()) { state.overview = null; render(); return; }
  // a dialog is open: do not re-render under the operator's typing
  if (document.querySelector('dialog[open]')) return;
  const before = state.overview ? JSON.stringify({...state.overview, now: 0}) : null;
  try {
    state.overview = await call('GET', '/api/admin/overview');
    state.error = '';
    // the same figures as last time: leave the page alone (a re-render every few seconds is churn)
    if (before !== null && before === JSON.stringify({...state.overview, now: 0}) && !state.flashNew) return;
  } catch (e) {
    state.overview = null;
    state.error = e.status === 403 ? t('bad_token') : e.message;
  }
  // the operator is typing (the announcement, a room code): the next refresh shows the news
  const typing = document.activeElement && document.activeElement.matches('main input, main select');
  if (!typing || !state.overview) render();
}

document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
render();
if (token()) refresh().then(() => { if (state.overview) timer = setInterval(refresh, 3000); });
