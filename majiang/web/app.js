// Entry point: a hash router over the screens, the top bar, and the saved session.
import {clearToast, flushNotice, h, mount} from './dom.js';
import {t, toggleLang, onLang} from './i18n.js';
import {api, session} from './api.js';
import {avatarEl} from './avatars.js';
import {icon} from './icons.js';
import {settingsPanel} from './screens/settings_panel.js';
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

// The site's top bar, as a game's header: the brand mark; icon buttons for 战绩 / 好友 / 亲友圈 / 排行 / 比赛 /
// 规则 / 设置 (their names beside them on a wide screen; on a narrow one the icon alone, named by its
// aria-label and tooltip); then the language switch and my avatar and name (the way to 我的). On an
// upright phone 比赛, 规则, 设置 and 大厅 fold under ☰ (.nav-more), which opens them as a panel below the bar.
// (my avatar: the public profile's, fetched once per player)
const me = {id: null, avatar: null};
function loadMyAvatar() {
  if (!session.token || !session.playerId || me.id === session.playerId) return;
  me.id = session.playerId; me.avatar = null;
  api.profile(session.playerId).then((p) => {
    if (me.id === session.playerId && p) { me.avatar = p.avatar || 0; renderTopbar(); }
  }).catch(() => {});
}

let settingsOpen = null;
function openSettings() {
  if (settingsOpen) return;
  const onKey = (ev) => { if (ev.key === 'Escape') close(); };
  const close = () => { if (!settingsOpen) return; settingsOpen.remove(); settingsOpen = null; document.removeEventListener('keydown', onKey); };
  settingsOpen = settingsPanel(close);
  document.body.appendChild(settingsOpen);
  document.addEventListener('keydown', onKey);
}

function renderTopbar() {
  const open = topbar.classList.contains('nav-open');
  loadMyAvatar();
  const here = location.hash.replace(/^#\/?/, '').split('/')[0] || 'lobby';
  // one header button: its icon, its name (shown on a wide screen), named for a screen reader and a tooltip
  const hb = (href, name, label, testid, extra = null) => h('a', {href, class: `hb hb-${name}`, 'data-testid': testid,
    title: label, 'aria-label': label, 'aria-current': here === href.slice(2) ? 'page' : null},
  icon(name), h('span', {class: 'hb-label'}, label), extra);
  const signed = !!session.token;
  mount(topbar,
    h('a', {class: 'brand', href: '#/lobby', 'aria-label': t('app_title')},
      h('span', {class: 'brand-tile', 'aria-hidden': 'true'}, '中'), h('span', {class: 'brand-name'}, t('app_title'))),
    h('nav', {id: 'site-nav', 'data-testid': 'site-nav', 'aria-label': t('menu')},
      signed ? hb('#/records', 'records', t('hdr_records'), 'records-link') : null,
      signed ? hb('#/friends', 'friends', t('hdr_friends'), 'friends-link', friendsBadge()) : null,
      signed ? hb('#/clubs', 'clubs', t('hdr_clubs'), 'clubs-link') : null,
      hb('#/leaderboard', 'rank', t('hdr_rank'), 'leaderboard-link'),
      h('div', {id: 'nav-more', class: 'nav-more', 'data-testid': 'nav-more'},
        signed ? hb('#/lobby', 'lobby', t('hdr_lobby'), 'lobby-link') : null,
        hb('#/tournaments', 'matches', t('hdr_matches'), 'tournaments-link'),
        hb('#/rules', 'rules', t('hdr_rules'), 'rules-link'),
        h('button', {type: 'button', class: 'hb hb-settings', 'data-testid': 'settings-link', title: t('hdr_settings'),
          'aria-label': t('hdr_settings'), onclick: () => { closeNav(); openSettings(); }},
        icon('settings'), h('span', {class: 'hb-label'}, t('hdr_settings'))))),
    h('div', {class: 'bar-end'},
      h('button', {class: 'hb lang', type: 'button', onclick: () => toggleLang(), 'data-testid': 'lang', title: t('hdr_lang'),
        'aria-label': t('hdr_lang')}, icon('lang'), h('span', {class: 'hb-label lang-name'}, t('lang'))),
      h('a', {class: 'me-chip', href: '#/me', 'data-testid': 'me-link', title: t('me_link'), 'aria-label': signed ? `${t('me_link')}: ${session.name}` : t('me_link'),
        'aria-current': here === 'me' ? 'page' : null},
      signed && me.avatar !== null ? avatarEl(me.avatar, 'md') : h('span', {class: 'avatar avatar-md me-blank', 'aria-hidden': 'true'}, icon('friends')),
      signed ? h('span', {class: 'who', 'data-testid': 'me'}, session.name) : h('span', {class: 'who'}, t('me_link'))),
      h('button', {class: 'hb nav-toggle', type: 'button', 'data-testid': 'nav-toggle', 'aria-controls': 'nav-more',
        'aria-expanded': open ? 'true' : 'false', 'aria-label': t('hdr_more'), title: t('hdr_more'),
        onclick: (ev) => { ev.currentTarget.setAttribute('aria-expanded', String(topbar.classList.toggle('nav-open'))); }}, icon('menu'))),
  );
}
// (a tap outside the open ☰ panel, or Esc, closes it)
function closeNav() {
  topbar.classList.remove('nav-open');
  const toggle = topbar.querySelector('.nav-toggle');
  if (toggle) toggle.setAttribute('aria-expanded', 'false');
}
document.addEventListener('click', (ev) => {
  if (topbar.classList.contains('nav-open') && !topbar.contains(ev.target)) closeNav();
});
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && topbar.classList.contains('nav-open')) closeNav();
});

function route() {
  if (current && current.dispose) current.dispose();
  current = null;
  clearToast();
  topbar.classList.remove('nav-open');  // (a link followed from the ☰ panel closes it)
  if (['', 'lobby', 'me'].includes(parse()[0] || '')) me.id = null;  // (my avatar again: it may have been changed)
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
