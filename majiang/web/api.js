// REST calls (docs/protocol.md). Errors throw ApiError {status, code, reason}.

export class ApiError extends Error {
  constructor(status, code, reason) {
    super(reason || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

const LS = {token: 'mj.token', player: 'mj.player', name: 'mj.name', room: 'mj.room', expires: 'mj.expires',
  refresh: 'mj.refresh'};
const RENEW_BEFORE = 24 * 3600;  // seconds before its expiry at which a token is renewed

export const session = {
  get token() { return localStorage.getItem(LS.token); },
  get playerId() { return localStorage.getItem(LS.player); },
  get name() { return localStorage.getItem(LS.name); },
  get room() { return localStorage.getItem(LS.room); },
  set room(code) { if (code) localStorage.setItem(LS.room, code); else localStorage.removeItem(LS.room); },
  get expires() { return Number(localStorage.getItem(LS.expires) || 0); },
  get refresh() { return localStorage.getItem(LS.refresh); },  // an account's (a guest has none)
  get isAccount() { return !!localStorage.getItem(LS.refresh); },
  save({token, player_id, name, expires, refresh}) {
    if (refresh) localStorage.setItem(LS.refresh, refresh);
    localStorage.setItem(LS.token, token);
    localStorage.setItem(LS.player, player_id);
    localStorage.setItem(LS.name, name);
    localStorage.setItem(LS.expires, String(expires || 0));
  },
  forget() { for (const k of Object.values(LS)) localStorage.removeItem(k); },
};

let renewing = null;

/** Renew the token silently when it is close to expiring (once, however many calls are waiting). */
async function renewSoon() {
  // An account's access token lives an hour: it is renewed with the refresh token (used up, replaced)
  // a few minutes before it expires, or after it expired; a guest's token renews itself a day ahead.
  const left = session.expires - Date.now() / 1000;
  if (session.refresh && left < 300) {
    renewing = renewing || call('POST', '/api/account/refresh', {refresh: session.refresh}, false, false)
      .then((fresh) => session.save(fresh))
      .catch((e) => { if (e.status === 401) session.forget(); })
      .finally(() => { renewing = null; });
    await renewing;
    return;
  }
  if (!session.token || session.refresh || left > RENEW_BEFORE) return;
  renewing = renewing || call('POST', '/api/session/renew', {}, true, false)
    .then((fresh) => session.save(fresh))
    .catch(() => { /* an expired or revoked token: the next call answers 401 and the lobby logs in again */ })
    .finally(() => { renewing = null; });
  await renewing;
}

async function call(method, path, body, auth = true, renew = true) {
  if (auth && renew) await renewSoon();
  const headers = {'Accept': 'application/json'};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth && session.token) headers['Authorization'] = `Bearer ${session.token}`;
  const res = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  const text = await res.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, data && data.error, (data && data.reason) || text.slice(0, 200));
  return data;
}

export const api = {
  login: (name) => call('POST', '/api/session', {name}, false),
  me: () => call('GET', '/api/me'),
  renew: () => renewSoon(),
  logout: (everywhere = false) => call('POST', '/api/session/logout', {everywhere}),
  rulesets: () => call('GET', '/api/rulesets', undefined, false),
  rooms: () => call('GET', '/api/rooms', undefined, false),
  watchable: () => call('GET', '/api/rooms?watch=1', undefined, false),
  createRoom: (body) => call('POST', '/api/rooms', body),
  room: (code) => call('GET', `/api/rooms/${encodeURIComponent(code)}`, undefined, false),
  join: (code) => call('POST', `/api/rooms/${encodeURIComponent(code)}/join`, {}),
  rematch: (code) => call('POST', `/api/rooms/${encodeURIComponent(code)}/rematch`, {}),
  addBots: (code, seats) => call('POST', `/api/rooms/${encodeURIComponent(code)}/bots`, seats ? {seats} : {}),
  hands: (code) => call('GET', `/api/rooms/${encodeURIComponent(code)}/hands`, undefined, false),
  hand: (code, n) => call('GET', `/api/rooms/${encodeURIComponent(code)}/hands/${n}`, undefined, false),
  replayUrl: (code, n) => `/api/rooms/${encodeURIComponent(code)}/hands/${n}/replay`,
  replayView: (code, n, seat, step) =>
    call('GET', `/api/rooms/${encodeURIComponent(code)}/hands/${n}/view?seat=${seat}&step=${step}`, undefined, false),
  player: (id) => call('GET', `/api/players/${encodeURIComponent(id)}`, undefined, false),
  // the platform (docs/protocol.md "Accounts", 战绩, 回放码)
  register: (body) => call('POST', '/api/account/register', body, !!session.token),
  signIn: (username, password) => call('POST', '/api/account/login', {username, password}, false),
  signOut: (everywhere) => call('POST', '/api/account/logout', everywhere ? {everywhere: true} : {refresh: session.refresh || undefined}),
  account: () => call('GET', '/api/account'),
  settings: () => call('GET', '/api/account/settings'),
  saveSettings: (patch) => call('POST', '/api/account/settings', {settings: patch}),
  editProfile: (body) => call('POST', '/api/account/profile', body),
  profile: (id) => call('GET', `/api/profiles/${encodeURIComponent(id)}`, undefined, false),
  records: (query) => call('GET', `/api/records?${new URLSearchParams(query)}`),
  match: (code) => call('GET', `/api/matches/${encodeURIComponent(code)}`, undefined, false),
  replayCode: (code) => call('GET', `/api/replay-codes/${encodeURIComponent(code)}`, undefined, false),
  clubs: () => call('GET', '/api/clubs'),
  createClub: (body) => call('POST', '/api/clubs', body),
  clubInvite: (code) => call('GET', `/api/clubs/invites/${encodeURIComponent(code)}`, undefined, false),
  joinClub: (code) => call('POST', '/api/clubs/join', {invite_code: code}),
  club: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}`),
  clubMembers: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}/members`),
  answerRequest: (id, pid, approve) => call('POST', `/api/clubs/${encodeURIComponent(id)}/requests/${encodeURIComponent(pid)}`, {approve}),
  clubAct: (id, pid, action) => call('POST', `/api/clubs/${encodeURIComponent(id)}/members/${encodeURIComponent(pid)}`, {action}),
  clubTransfer: (id, pid) => call('POST', `/api/clubs/${encodeURIComponent(id)}/transfer`, {player_id: pid}),
  clubLeave: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/leave`, {}),
  clubDissolve: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/dissolve`, {}),
  clubNewInvite: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/invite`, {}),
  clubRoom: (id) => call('POST', `/api/clubs/${encodeURIComponent(id)}/rooms`, {}),
  clubRooms: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}/rooms`),
  clubRecords: (id) => call('GET', `/api/clubs/${encodeURIComponent(id)}/records?limit=50`),
  clubBoard: (id, period, sort) => call('GET', `/api/clubs/${encodeURIComponent(id)}/board?period=${period}&sort=${sort}`),
  // friends and invites (docs/protocol.md "Friends")
  friends: () => call('GET', '/api/friends'),
  newFriendCode: () => call('POST', '/api/friends/code', {}),
  requestFriend: (body) => call('POST', '/api/friends/requests', body),
  friendAct: (pid, action) => call('POST', `/api/friends/${encodeURIComponent(pid)}`, {action}),
  invite: (room, pid) => call('POST', '/api/invites', {room, player_id: pid}),
  declineInvite: (room) => call('POST', `/api/invites/${encodeURIComponent(room)}/decline`, {}),
  announcement: () => call('GET', '/api/announcement', undefined, false),
  quickMatch: (body) => call('POST', '/api/quickmatch', body),
  quickPoll: (id) => call('GET', `/api/quickmatch/${encodeURIComponent(id)}`),
  quickCancel: (id) => call('POST', `/api/quickmatch/${encodeURIComponent(id)}/cancel`, {}),
  tournaments: () => call('GET', '/api/tournaments'),
  createTournament: (body) => call('POST', '/api/tournaments', body),
  tournament: (tid) => call('GET', `/api/tournaments/${encodeURIComponent(tid)}`),
  tournamentAct: (tid, what) => call('POST', `/api/tournaments/${encodeURIComponent(tid)}/${what}`, {}),
  leaderboard: (ruleset, mode, limit = 50) =>
    call('GET', `/api/leaderboard?ruleset=${encodeURIComponent(ruleset)}&mode=${encodeURIComponent(mode)}&limit=${limit}`),
};
