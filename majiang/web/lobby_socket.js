// The lobby socket (/lobby/ws, docs/protocol.md "Lobby socket"): open whenever the player is signed in,
// on every screen. It brings friend requests, room invites and club notices as they happen; after a
// drop it reconnects with backoff, and each `hello` carries what is pending then, so nothing is lost.
// The invites panel (bottom of the screen, never over the table) and the friends link's badge follow it.
import {h, mount, toast} from './dom.js';
import {rulesetName, t} from './i18n.js';
import {api, session} from './api.js';

const FINAL = new Set([4001, 4003]);  // a bad or revoked token: signing in again opens a new one
const state = {ws: null, token: null, attempt: 0, timer: null, invites: [], requests: [], listeners: new Set(), open: false};
let badgeEl = null;
let panel = null;
let goTo = (hash) => { location.hash = hash; };

/** Called by app.js once: how to change screens. */
export function initLobbySocket(go) {
  goTo = go;
  ensureLobbySocket();
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') ensureLobbySocket(); });
  window.addEventListener('online', () => ensureLobbySocket());
}

/** `fn(msg)` for every message (the friends screen refreshes on friend_* ones); returns the unsubscribe. */
export function onLobby(fn) { state.listeners.add(fn); return () => state.listeners.delete(fn); }
export function pendingInvites() { return state.invites; }
export function lobbyOpen() { return state.open; }

/** Open (or re-open for a new token) the socket when signed in; close it when signed out. */
export function ensureLobbySocket() {
  const token = session.token;
  if (!token) { closeSocket(); renderPanel(); return; }
  if (state.ws && state.token === token && state.ws.readyState <= 1) return;
  closeSocket();
  connect(token);
}

function closeSocket() {
  clearTimeout(state.timer);
  if (state.ws) { const ws = state.ws; state.ws = null; ws.close(1000); }
  state.open = false;
}

function connect(token) {
  state.token = token;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  let ws;
  try { ws = new WebSocket(`${proto}//${location.host}/lobby/ws`); } catch { schedule(); return; }
  state.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({type: 'auth', token: session.token || token})); };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    handle(msg);
  };
  ws.onclose = (ev) => {
    if (state.ws !== ws) return;
    state.ws = null;
    state.open = false;
    document.body.dataset.lobby = 'closed';
    if (FINAL.has(ev.code) || ev.code === 1000) return;
    schedule();
  };
  ws.onerror = () => { /* onclose follows */ };
}

function schedule() {
  clearTimeout(state.timer);
  state.attempt += 1;
  const delay = Math.min(15000, 500 * 2 ** Math.min(state.attempt - 1, 5)) * (0.75 + Math.random() * 0.5);
  state.timer = setTimeout(() => { if (session.token) connect(session.token); }, delay);
}

function handle(msg) {
  switch (msg.type) {
    case 'hello':
      state.open = true;
      state.attempt = 0;
      document.body.dataset.lobby = 'open';
      state.invites = msg.invites || [];
      state.requests = msg.requests || [];
      // a seat held from another device (or before this browser signed in): the lobby offers it back
      if (msg.room && !session.room) {
        session.room = msg.room.code;
        if (document.body.dataset.screen === 'lobby') goTo('#/lobby');
      }
      break;
    case 'invite':
      state.invites = [msg.invite, ...state.invites.filter((i) => i.room !== msg.invite.room)];
      break;
    case 'invite_gone':
      state.invites = state.invites.filter((i) => i.room !== msg.room);
      break;
    case 'friend_request':
      if (!state.requests.some((r) => r.player_id === msg.player.player_id)) state.requests = [msg.player, ...state.requests];
      toast(t('friend_request_from', {who: msg.player.name}), 'info', 5000);
      break;
    case 'friend_accepted':
      toast(t('friend_accepted', {who: msg.player.name}), 'info', 5000);
      break;
    case 'friends_changed':
    case 'friend_removed':
      break;
    case 'club': {
      const vars = {who: (msg.player || msg.by || {}).name || '', club: msg.club.name};
      const key = {join_request: 'club_join_request', approved: 'club_approved', refused: 'club_refused', room: 'club_room'}[msg.what];
      if (key) toast(t(key, vars), 'info', 6000);
      break;
    }
    default:
      return;
  }
  if (msg.type.startsWith('friend') && msg.type !== 'friend_request') {
    // answered or removed: the incoming list is whatever the server says next
    api.friends().then((f) => { state.requests = f.incoming; updateBadge(); }).catch(() => {});
  }
  updateBadge();
  renderPanel();
  for (const fn of state.listeners) fn(msg);
}

/** The friends link's count of requests waiting for an answer (kept up to date by the socket). */
export function friendsBadge() {
  badgeEl = h('span', {class: 'badge', 'data-testid': 'friends-badge', hidden: true});
  updateBadge();
  return badgeEl;
}

export function setPendingRequests(list) { state.requests = list; updateBadge(); }

function updateBadge() {
  if (!badgeEl) return;
  const n = state.requests.length;
  badgeEl.textContent = n ? String(n) : '';
  badgeEl.hidden = !n;
}

/** Join a room: take the free seat, or watch when it is full; the invite to it is cleared. */
export async function joinFromInvite(code) {
  try {
    await api.join(code);
    session.room = code;
  } catch (e) {
    if (!(e.code === 'room_full' || e.status === 409)) {
      toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000);
      if (e.status === 404 || e.code === 'dissolved') dropInvite(code);  // the room is gone: so is its invite
      return;
    }
  }
  dropInvite(code);
  goTo(`#/room/${code}`);
}

async function dropInvite(code) {
  state.invites = state.invites.filter((i) => i.room !== code);
  renderPanel();
  try { await api.declineInvite(code); } catch { /* gone already */ }
}

/** The invites panel: on every screen but the table's (a seated player is busy). */
export function renderPanel() {
  if (!panel) {
    panel = h('aside', {id: 'invites', 'data-testid': 'invites', 'aria-live': 'polite'});
    document.body.appendChild(panel);
  }
  const list = session.token ? state.invites : [];
  panel.hidden = !list.length;
  mount(panel, list.length ? [h('h2', {}, t('invites')), h('ul', {}, list.slice(0, 3).map((i) => h('li', {'data-testid': `invite-${i.room}`},
    h('span', {class: 'invite-text'}, t('invite_from', {who: i.from_name, ruleset: rulesetName(i.ruleset), code: i.room})),
    h('span', {class: 'invite-actions'},
      h('button', {type: 'button', class: 'primary', 'data-testid': `invite-join-${i.room}`, onclick: () => joinFromInvite(i.room)}, t('join')),
      h('button', {type: 'button', class: 'ghost', 'data-testid': `invite-ignore-${i.room}`, onclick: () => dropInvite(i.room)}, t('ignore'))))))] : []);
}
