// Entry point: a hash router over the screens, the top bar, and the saved session.
import {clearToast, flushNotice, h, mount} from './dom.js';
import {t, toggleLang, onLang} from './i18n.js';
import {session} from './api.js';
import {applySettings, loadAccountSettings, rememberLang} from './settings.js';
import {nameScreen} from './screens/name.js';
import {lobbyScreen} from './screens/lobby.js';
import {tableScreen} from './screens/table.js';
import {historyScreen} from './screens/history.js';
import {replayScreen} from './screens/replay.js';
import {rulesScreen} from './screens/rules.js';
import {accountScreen} from './screens/account.js';
import {recordsScreen} from './screens/records.js';
import {matchScreen} from './screens/match.js';
import {clubScreen, clubsScreen, joinClubScreen} from './screens/clubs.js';
import {leaderboardScreen} from './screens/leaderboard.js';
import {tournamentScreen, tournamentsScreen} from './tournament.js';
import {friendsScreen} from './screens/friends.js';
import {ensureLobbySocket, friendsBadge, initLobbySocket, renderPanel} from './lobby_socket.js';

applySettings();
loadAccountSettings();  // an account's settings from its other devices
const app = document.getElementById('app');
const topbar = document.getElementById('topbar');
let current = null; // {dispose?, relabel?}

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function parse() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return parts;
}

// The site's top bar: the brand, the links, then my name, the language switch and (on an upright phone,
// where the links do not fit one line) ☰, which opens the links as a panel below the bar.
function renderTopbar() {
  const open = topbar.classList.contains('nav-open');
  mount(topbar,
    h('a', {class: 'brand', href: '#/lobby'}, h('span', {class: 'brand-tile', 'aria-hidden': 'true'}, '中'), h('span', {class: 'brand-name'}, t('app_title'))),
    h('nav', {id: 'site-nav', 'data-testid': 'site-nav'},
      session.token ? h('a', {href: '#/lobby'}, t('lobby')) : null,
      session.token ? h('a', {href: '#/records', 'data-testid': 'records-link'}, t('history')) : null,
      session.token ? h('a', {href: '#/friends', 'data-testid': 'friends-link'}, t('friends'), friendsBadge()) : null,
      session.token ? h('a', {href: '#/clubs', 'data-testid': 'clubs-link'}, t('clubs')) : null,
      h('a', {href: '#/me', 'data-testid': 'me-link'}, t('me_link')),
      h('a', {href: '#/leaderboard', 'data-testid': 'leaderboard-link'}, t('leaderboard')),
      h('a', {href: '#/tournaments', 'data-testid': 'tournaments-link'}, t('tournaments')),
      h('a', {href: '#/rules', 'data-testid': 'rules-link'}, t('rules')),
    ),
    h('div', {class: 'bar-end'},
      session.token ? h('span', {class: 'who', 'data-testid': 'me'}, session.name) : null,
      h('button', {class: 'lang', type: 'button', onclick: () => toggleLang(), 'data-testid': 'lang'}, t('lang')),
      h('button', {class: 'ghost nav-toggle', type: 'button', 'data-testid': 'nav-toggle', 'aria-controls': 'site-nav',
        'aria-expanded': open ? 'true' : 'false', 'aria-label': t('menu'),
        onclick: () => { topbar.classList.toggle('nav-open'); renderTopbar(); }}, '☰')),
  );
}

function route() {
  if (current && current.dispose) current.dispose();
  current = null;
  clearToast();
  topbar.classList.remove('nav-open');  // (a link followed from the ☰ panel closes it)
  renderTopbar();
  ensureLobbySocket();  // signed in (or out, or as someone else) since the last screen
  renderPanel();
  const parts = parse();
  const ctx = {go, app};
  const [screen, a, b] = parts;
  // The table screen goes edge to edge on a phone held sideways (styles.css folds the top bar away).
  document.body.dataset.screen = screen === 'room' && session.token ? 'table' : (screen || 'lobby');
  if (screen === 'rules') { current = rulesScreen(ctx, a, b); return; } // readable before entering a name
  // also without a name: signing in, and what a shared link or a replay code opens
  if (screen === 'me') { current = accountScreen(ctx); return; }
  if (screen === 'match' && a) { current = matchScreen(ctx, a.toUpperCase()); return; }
  if (screen === 'replay' && a && b) { current = replayScreen(ctx, a, Number(b)); return; }
  if (screen === 'leaderboard') { current = leaderboardScreen(ctx, a, b); return; }
  if (screen === 'tournaments') { current = tournamentsScreen(ctx, a); return; }  // a: the club to create for
  if (screen === 'tournament' && a) { current = tournamentScreen(ctx, a.toUpperCase()); return; }
  if (!session.token) {
    current = nameScreen(ctx);
    return;
  }
  if (screen === 'room' && a) current = tableScreen(ctx, a.toUpperCase());
  else if (screen === 'history') current = historyScreen(ctx, a);
  else if (screen === 'records') current = recordsScreen(ctx);
  else if (screen === 'clubs') current = clubsScreen(ctx);
  else if (screen === 'friends') current = friendsScreen(ctx);
  else if (screen === 'club' && a) current = clubScreen(ctx, a);
  else if (screen === 'join' && a) current = joinClubScreen(ctx, a.toUpperCase());
  else if (!screen && session.room) { go(`#/room/${session.room}`); return; }
  else current = lobbyScreen(ctx);
  flushNotice();
}

onLang((lang) => {
  rememberLang(lang);
  renderTopbar();
  renderPanel();
  if (current && current.relabel) current.relabel();
  else route();
});
window.addEventListener('hashchange', route);
initLobbySocket(go);
route();

// Installable (web-app manifest in index.html) and it opens without the network once visited.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}
