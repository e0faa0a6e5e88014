// Lobby, a game's home screen: 快速开始 (a table of bots in a ruleset, one tap), then the game modes as
// large cards (创建房间, which opens the create-room sheet; 加入房间 by its code; 亲友圈; 比赛), then the
// rooms to join or watch as cards, quick match and the replay code.
import {h, mount, toast} from '../dom.js';
import {getLang, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {replayCodeCard} from './match.js';
import {quickMatchCard} from '../quickmatch.js';
import {sameAddressSelect} from './friends.js';
import {avatarEl} from '../avatars.js';
import {tileEl} from '../tiles.js';
import {chipGroup, stepper} from '../form_controls.js';
import {lw, lwHas} from '../lobby_words.js';
import {icon} from '../icons.js';

// Each ruleset's emblem on its 开一局 button: three tiles that say what the game is about (安庆's 红中
// stands in for the 钻, 合肥 plays the three suits only, 百搭 its flowers, 国标 its honours).
const EMBLEMS = {anqing: [31, 9, 18], hefei: [0, 13, 22], baida: [38, 34, 32], guobiao: [27, 31, 32]};

// Until GET /api/rulesets answers there is nothing to choose: the rulesets, their options, defaults,
// labels and choices are the server's (majiang/rules/registry.py), never a copy here.
const FALLBACK = {rulesets: [], settings: {}};

const MAIN_OPTIONS = ['mode', 'room', 'base_silver'];

// Option labels, explanations and choice names come from the server (`option_info`, declared with each
// option: majiang/core/options.py) in both languages; the i18n keys are only a fallback.
const inLang = (text) => (text ? (text[getLang()] || text.zh || text.en) : null);

function optionLabel(key, info) {
  if (info) return inLang(info.label);
  const known = {mode: 'mode', room: 'room_type', base_silver: 'base_silver'};
  return known[key] ? t(known[key]) : key;
}

function choiceLabel(key, value, info) {
  if (info && info.choices && info.choices[value]) return inLang(info.choices[value]);
  if (key === 'mode') return t(`mode_${value}`);
  if (key === 'room') return t(`room_${value}`);
  return value;
}

function optionInput(key, value, info) {
  const id = `opt-${key}`;
  const choices = info && info.choices ? Object.keys(info.choices) : null;
  if (choices) return chipGroup(id, choices.map((c) => [c, choiceLabel(key, c, info)]), value, {'data-opt': key});
  if (typeof value === 'boolean') return toggle(id, value, {name: key, 'data-opt': key});
  if (typeof value === 'number') return stepper(h('input', {id, type: 'number', name: key, 'data-opt': key, value, min: 0, step: 1}));
  return h('input', {id, type: 'text', name: key, 'data-opt': key, value: String(value)});
}

// One row of the create-room panel, as a game's settings row: a short label (with a ⓘ when there is an
// explanation, which it shows on tap or hover instead of printing it under every option) and the control
// at the row's end. A chip row is a group named by its label (a <label> around buttons would press the
// first one when its text is tapped); a stepper's, switch's or select's row is the <label> of its field.
// `more`: 'all' hides the row until 更多选项 is open, 'phone' only on phones; `short`: also on a laptop's
// short screen, so the closed panel ends above its 创建 bar (lobby.css).
function optRow(label, control, {help = null, testid, more = null, unit = null, short = false} = {}) {
  const chips = control.getAttribute('role') === 'radiogroup';
  const input = control.matches('.stepper') ? control.querySelector('input') : control;
  const labelId = `${input.id}-label`;
  const helpId = `${input.id}-help`;
  const name = h('span', {class: 'opt-label', id: labelId}, label, unit ? h('small', {class: 'opt-unit'}, ` ${unit}`) : null);
  const helpEl = help ? h('p', {class: 'opt-help', id: helpId, role: 'note'}, help) : null;
  const cls = ['opt-row', chips ? 'opt-chips' : '', input.type === 'checkbox' ? 'opt-switch' : '',
    more === 'all' ? 'is-more' : more === 'phone' ? 'phone-more' : '', short ? 'short-more' : ''].filter(Boolean).join(' ');
  let row = null;
  const info = help ? h('button', {type: 'button', class: 'opt-info', 'aria-label': `${lw('info')}: ${label}`,
    'aria-expanded': 'false', 'aria-controls': helpId, 'data-testid': testid ? `${testid}-info` : undefined,
    onclick: (ev) => {
      ev.preventDefault();  // (inside a <label>: the tap is for the explanation, not the field)
      const open = !row.classList.contains('help-open');
      row.classList.toggle('help-open', open);
      ev.currentTarget.setAttribute('aria-expanded', String(open));
    }}, h('span', {'aria-hidden': 'true'}, 'i')) : null;
  if (chips) control.setAttribute('aria-labelledby', labelId);
  if (help) input.setAttribute('aria-describedby', helpId);
  const head = h('span', {class: 'opt-name'}, name, info);
  row = chips
    ? h('div', {class: cls, 'data-testid': testid}, head, control, helpEl)
    : h('label', {class: cls, for: input.id, 'data-testid': testid}, head, control, helpEl);
  return row;
}

// A checkbox drawn as a game's switch (still a checkbox: the form and the tests read `.checked`).
const toggle = (id, checked, attrs = {}) => h('input', {id, type: 'checkbox', class: 'switch', role: 'switch', checked, ...attrs});

function readOption(el, defaults) {
  const key = el.dataset.opt;
  const d = defaults[key];
  if (el.type === 'checkbox') return el.checked;
  if (typeof d === 'number') return Number(el.value);
  return el.value;
}

export function lobbyScreen({app, go}) {
  let info = FALLBACK;
  let disposed = false;
  let roomsTimer = null;
  // (the ruleset's own rows: its main options in the 规则 group's first lines, the rest under 更多选项)
  const optsBox = h('div', {class: 'opt-rows main-rule-opts'});
  const advBox = h('div', {class: 'opt-rows adv-rule-opts'});
  const rulesetSel = h('select', {id: 'ruleset', name: 'ruleset', onchange: () => renderOptions()});
  // A field the player has typed in (or stepped) keeps its value when the server's defaults arrive: they
  // come a moment after the form is drawn, and used to overwrite a value typed in that moment.
  const num = (id, value, step = 1, min = 0) => h('input', {id, name: id, type: 'number', value, step, min, inputmode: 'decimal',
    oninput: (ev) => { ev.target.dataset.touched = '1'; }});
  const serverDefault = (el, v) => { if (v !== undefined && v !== null && !el.dataset.touched) el.value = v; };
  const hands = num('hands', 8, 1, 1);
  const discardS = num('discard_seconds', 15, 1, 1);
  const claimS = num('claim_seconds', 8, 1, 1);
  const botDelay = num('bot_delay', 0.6, 0.05, 0);
  const readyS = num('ready_seconds', 15, 1, 1);
  const graceS = num('grace_seconds', 5, 1, 1);
  const pub = toggle('public', true);
  const fill = toggle('fill_bots', true);
  const watch = toggle('watch', true);
  const watchDelay = num('watch_delay', 0, 1, 0);
  const levelSel = (id) => chipGroup(id, ['easy', 'normal', 'hard'].map((lv) => [lv, t(`level_${lv}`)]), 'normal');
  const botLevel = levelSel('bot_level');
  const tuoguanLevel = levelSel('tuoguan_level');
  const sameAddress = sameAddressSelect('same_address');
  const ranked = toggle('ranked', false, {'data-testid': 'ranked',
    onchange: () => { if (ranked.checked) fill.checked = false; }});
  const quick = quickMatchCard({go, getInfo: () => info, inLang});

  function rulesetInfo() { return info.rulesets.find((r) => r.name === rulesetSel.value) || info.rulesets[0]; }

  function renderOptions() {
    const rs = rulesetInfo();
    if (!rs) return;
    const main = [], adv = [];
    const defaults = rs.options || {};
    const infos = rs.option_info || Object.keys(defaults).map((key) => ({key}));
    for (const inf of infos) {
      const k = inf.key, v = defaults[k];
      if (v === undefined) continue;
      const info = inf.label ? inf : null;
      const isMain = MAIN_OPTIONS.includes(k);
      const row = optRow(optionLabel(k, info), optionInput(k, v, info),
        {help: info ? inLang(info.help) : null, testid: `option-${k}`, more: isMain ? null : 'all'});
      (isMain ? main : adv).push(row);
    }
    mount(optsBox, main);
    mount(advBox, adv);
  }

  async function create(ev) {
    ev.preventDefault();
    const rs = rulesetInfo();
    const options = {};
    for (const el of form.querySelectorAll('[data-opt]')) options[el.dataset.opt] = readOption(el, rs.options || {});
    const body = {
      ruleset: rs.name, options,
      hands: Number(hands.value), discard_seconds: Number(discardS.value), claim_seconds: Number(claimS.value),
      bot_delay: Number(botDelay.value), ready_seconds: Number(readyS.value), grace_seconds: Number(graceS.value),
      public: pub.checked, watch: watch.checked, watch_delay: Number(watchDelay.value),
      bot_level: botLevel.value, tuoguan_level: tuoguanLevel.value,
      ranked: ranked.checked, same_address: sameAddress.value,
    };
    try {
      const res = await api.createRoom(body);
      const code = res.room.code;
      if (fill.checked) await api.addBots(code);
      session.room = code;
      go(`#/room/${code}`);
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000); }
  }

  // The create-room panel, as a game's "open a room" panel: four groups (规则 / 时间 / 机器人 / 房间), one
  // compact row each, the explanations behind their ⓘ. Closed, it shows the ruleset, its main options, the
  // hands, the clocks, the bots and the room's switches; 更多选项 (in the panel's head) opens the rest.
  // On a phone the clocks, the bots' level and think time and 排位赛 wait under 更多选项 too, so the create
  // button is on the first screen (`.phone-more`, lobby.css).
  const s = lw('unit_s');
  const more = h('details', {class: 'more-toggle', 'data-testid': 'more-options'}, h('summary', {}, t('more_options')));
  const group = (key, title, rows, cls = '') => h('fieldset', {class: `opt-group grp-${key} ${cls}`.trim(), 'data-testid': `group-${key}`},
    h('legend', {}, title), ...rows);
  const form = h('form', {class: 'card create-form room-panel', onsubmit: create, 'data-testid': 'create-form'},
    h('div', {class: 'panel-head'}, h('h2', {id: 'create-title'}, t('create_room')), more,
      h('button', {type: 'button', class: 'sheet-close', 'data-testid': 'create-close', 'aria-label': lw('close'), title: lw('close'),
        onclick: () => closeCreate()}, icon('close', 'mc-x'))),
    h('div', {class: 'opt-groups'},
      group('rules', lw('grp_rules'), [
        optRow(lw('row_ruleset'), rulesetSel),
        optsBox,
        optRow(lw('row_hands'), stepper(hands)),
        advBox]),
      group('clocks', lw('grp_clocks'), [
        optRow(lw('row_discard'), stepper(discardS), {unit: s, more: 'phone'}),
        optRow(lw('row_claim'), stepper(claimS), {unit: s, more: 'phone'}),
        optRow(lw('row_ready'), stepper(readyS), {unit: s, more: 'all'}),
        optRow(lw('row_grace'), stepper(graceS), {unit: s, more: 'all', help: lw('help_grace')})], 'phone-more'),
      group('bots', lw('grp_bots'), [
        optRow(lw('row_fill'), fill),
        optRow(lw('row_bot_level'), botLevel, {testid: 'bot-level', more: 'phone'}),
        optRow(lw('row_bot_delay'), stepper(botDelay), {unit: s, more: 'phone', short: true}),
        optRow(lw('row_tuoguan'), tuoguanLevel, {more: 'all'})]),
      group('room', lw('grp_room'), [
        optRow(lw('row_public'), pub),
        optRow(lw('row_ranked'), ranked, {more: 'phone', help: lw('help_ranked')}),
        optRow(lw('row_watch'), watch, {more: 'all'}),
        optRow(lw('row_watch_delay'), stepper(watchDelay), {unit: lw('unit_steps'), more: 'all'}),
        optRow(lw('row_same_address'), sameAddress, {testid: 'same-address', more: 'all'})])),
    // (创建 in a bar that sticks to the screen's bottom while the panel runs below it: never below the fold)
    h('div', {class: 'create-bar', 'data-testid': 'create-bar'},
      h('button', {class: 'primary create-go', type: 'submit', 'data-testid': 'create'}, t('create'))));

  const codeInput = h('input', {id: 'join-code', placeholder: t('room_code'), maxlength: 12, autocapitalize: 'characters'});
  const joinForm = h('form', {class: 'mode-card mode-join', 'data-testid': 'join-card', onsubmit: async (ev) => {
    ev.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (code) await joinRoom(code); else codeInput.focus();
  }}, h('span', {class: 'mc-icon', 'aria-hidden': 'true'}, icon('join', 'mc-svg')),
  h('span', {class: 'mc-text'}, h('strong', {class: 'mc-name'}, lw('mode_join')), h('small', {class: 'mc-sub'}, t('join_by_code'))),
  h('span', {class: 'inline'}, codeInput, h('button', {class: 'primary', type: 'submit'}, t('join'))));

  async function joinRoom(code) {
    try {
      await api.join(code);
      session.room = code;
      go(`#/room/${code}`);
    } catch (e) {
      // A full room's link is for watching (the table says so, or that the room allows no watching).
      if (e.code === 'room_full' || e.status === 409) { go(`#/room/${code}`); return; }
      toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000);
    }
  }

  const roomsList = h('ul', {class: 'rooms', 'data-testid': 'open-rooms'});
  const roomsCard = h('section', {class: 'card'},
    h('div', {class: 'card-head'}, h('h2', {}, t('open_rooms')),
      h('button', {type: 'button', class: 'ghost', onclick: () => loadRooms()}, t('refresh'))),
    roomsList);

  const watchList = h('ul', {class: 'rooms', 'data-testid': 'watch-rooms'});
  const watchCard = h('section', {class: 'card'}, h('h2', {}, t('watch_rooms')), watchList);

  async function loadWatchable() {
    try {
      const {rooms} = await api.watchable();
      if (disposed) return;
      mount(watchList, rooms.length ? rooms.map((r) => h('li', {class: 'room-card', 'data-ruleset': r.ruleset},
        h('span', {class: 'rc-name'}, rulesetName(r.ruleset, r.title)),
        h('span', {class: 'code'}, r.code),
        h('span', {class: 'rc-what'}, t('hand_no', {n: r.hand_no})),
        h('a', {class: 'button ghost rc-go', href: `#/room/${r.code}`, 'data-testid': `watch-${r.code}`}, icon('eye', 'rc-icon'), t('watch'))))
        : h('li', {class: 'muted rooms-empty'}, icon('eye', 're-icon'), h('span', {}, t('no_rooms_watch'))));
    } catch { /* keep the old list */ }
  }

  async function loadRooms() {
    loadWatchable();
    if (roomsTimer) loadAnnouncement();
    try {
      const {rooms} = await api.rooms();
      if (disposed) return;
      mount(roomsList, rooms.length ? rooms.map((r) => {
        const seated = r.seats.filter((s) => s.occupied).length;
        const opt = r.options.mode ? t(`mode_${r.options.mode}`) : r.options.room ? t(`room_${r.options.room}`) : '';
        return h('li', {class: 'room-card', 'data-ruleset': r.ruleset},
          h('span', {class: 'rc-name'}, rulesetName(r.ruleset, r.title)),
          h('span', {class: 'code'}, r.code),
          h('span', {class: 'rc-what'}, opt),
          h('span', {class: 'seats'}, h('span', {class: 'seat-dots', 'aria-hidden': 'true'},
            [0, 1, 2, 3].map((i) => h('i', {class: i < seated ? 'on' : null}))),
          h('span', {class: 'muted seats-n'}, t('seats_taken', {n: seated}))),
          h('button', {type: 'button', class: 'primary rc-go', onclick: () => joinRoom(r.code)}, t('join')));
      }) : h('li', {class: 'muted rooms-empty'}, icon('create', 're-icon'), h('span', {}, t('no_rooms')),
        h('small', {}, lw('rooms_none_sub'))));
    } catch { /* keep the old list */ }
  }

  const rejoin = session.room ? h('div', {class: 'card rejoin', 'data-testid': 'rejoin'},
    h('span', {class: 'rejoin-what'}, t('your_room'), ' ', h('span', {class: 'code'}, session.room)),
    h('a', {class: 'button primary', href: `#/room/${session.room}`}, t('back_to_room'))) : null;
  if (rejoin) {
    // Say how the room is doing without me: finished (forget it), or my seat played by 托管.
    const code = session.room;
    api.room(code).then(({room}) => {
      if (disposed) return;
      if (room.status === 'finished' || room.status === 'dissolved') { session.room = null; rejoin.remove(); return; }
      const mine = (room.seats || []).find((s) => s.player_id === session.playerId);
      if (mine && mine.tuoguan) rejoin.insertBefore(h('p', {class: 'warn', 'data-testid': 'rejoin-tuoguan'}, t('seat_in_tuoguan')), rejoin.lastChild);
    }).catch(() => {});
  }
  // The operator's announcement (and drain: no new rooms for now), and why the operator removed this player.
  const banner = h('div', {class: 'announcements'});
  const removed = sessionStorage.getItem('mj.notice');
  sessionStorage.removeItem('mj.notice');
  async function loadAnnouncement() {
    try {
      const a = await api.announcement();
      if (disposed) return;
      mount(banner,
        removed ? h('p', {class: 'card warn', 'data-testid': 'removed-notice'}, removed) : null,
        a.announcement ? h('p', {class: 'card announcement', 'data-testid': 'announcement'},
          h('strong', {}, t('announcement')), ' ', a.announcement.text) : null,
        a.draining ? h('p', {class: 'card warn', 'data-testid': 'draining'}, t('draining')) : null);
    } catch { /* an older server: no announcements */ }
  }
  // 开一局: one tap to a table of three bots in each ruleset, with the server's default options and clocks
  // (the form below is for choosing them); the first thing on the page, above the fold at every size.
  const playNow = h('div', {class: 'play-now-buttons'});
  // Who is playing: the avatar, the name and what this player has done so far (the public profile's
  // statistics, summed over the rulesets); the way to 我的 beside it.
  const playerCard = h('div', {class: 'player-card', 'data-testid': 'player-card'});
  function renderPlayer(profile) {
    const stats = (profile && profile.stats) || [];
    const hands = stats.reduce((a, s) => a + s.hands, 0);
    const wins = stats.reduce((a, s) => a + s.wins, 0);
    const line = hands
      ? [t('hands_n', {n: hands}), t('wins_n', {n: wins}), t('pc_win_rate', {n: Math.round((100 * wins) / hands)})].join(' · ')
      : t('pc_new');
    mount(playerCard, avatarEl(profile ? profile.avatar : 0, 'lg'),
      h('span', {class: 'pc-text'},
        h('strong', {class: 'pc-name', 'data-testid': 'player-name'}, (profile && profile.name) || session.name || ''),
        profile && !profile.account ? h('span', {class: 'chip'}, t('pc_guest')) : null,
        h('small', {class: 'pc-stats', 'data-testid': 'player-stats'}, line)),
      h('a', {class: 'button ghost pc-me', href: '#/me'}, t('me_link')));
  }
  renderPlayer(null);
  if (session.playerId) {
    api.profile(session.playerId).then((p) => { if (!disposed) renderPlayer(p); }).catch(() => {});
  }
  // The home screen's first card: who is playing, then 开一局's ruleset cards (the main action, the
  // largest thing on the page at every size), each with what marks its game in a few words.
  const playNowCard = h('section', {class: 'card play-now', 'data-testid': 'play-now'},
    playerCard,
    h('div', {class: 'play-now-head'}, h('h2', {}, lw('mode_quick')), h('p', {class: 'muted'}, lw('home_sub'))), playNow);
  async function playWithBots(ruleset) {
    try {
      const res = await api.createRoom({ruleset, hands: Number(hands.value) || 8, public: false});
      await api.addBots(res.room.code);
      session.room = res.room.code;
      go(`#/room/${res.room.code}`);
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000); }
  }
  function renderPlayNow() {
    mount(playNow, info.rulesets.map((r) => h('button', {type: 'button', class: 'play-now-button', 'data-ruleset': r.name,
      'data-testid': `play-now-${r.name}`, onclick: () => playWithBots(r.name)},
    EMBLEMS[r.name] ? h('span', {class: 'pn-emblem', 'aria-hidden': 'true'}, EMBLEMS[r.name].map((id) => tileEl(id, {size: 'mini'}))) : null,
    h('span', {class: 'pn-name', title: rulesetName(r.name, r.title)}, lwHas(`card_${r.name}`) ? lw(`card_${r.name}`) : rulesetName(r.name, r.title)),
    lwHas(`tag_${r.name}`) ? h('small', {class: 'pn-tag'}, lw(`tag_${r.name}`)) : null,
    h('small', {class: 'pn-go'}, t('play_now_bots')))));
  }

  // The game modes, as large cards of one size: 创建房间 (the create-room sheet), 加入房间 (its code), 亲友圈, 比赛.
  const modeCard = (key, name, sub, attrs) => h(attrs.href ? 'a' : 'button', {class: `mode-card mode-${key}`,
    'data-testid': `mode-${key}`, ...(attrs.href ? {} : {type: 'button'}), ...attrs},
  h('span', {class: 'mc-icon', 'aria-hidden': 'true'}, icon(key === 'create' ? 'create' : key === 'clubs' ? 'club' : 'cup', 'mc-svg')),
  h('span', {class: 'mc-text'}, h('strong', {class: 'mc-name'}, name), h('small', {class: 'mc-sub'}, sub)));
  const createCard = modeCard('create', t('create_room'), lw('mode_create_sub'),
    {'aria-haspopup': 'dialog', onclick: () => openCreate()});
  createCard.dataset.testid = 'open-create';
  const modes = h('section', {class: 'mode-cards', 'data-testid': 'mode-cards', 'aria-label': lw('modes')},
    createCard, joinForm,
    modeCard('clubs', t('clubs'), lw('mode_clubs_sub'), {href: '#/clubs'}),
    modeCard('matches', t('hdr_matches'), lw('mode_matches_sub'), {href: '#/tournaments'}));

  // The create-room sheet: a modal dialog over the lobby, its 创建 bar always in view (the sheet scrolls
  // under it); ✕, Esc or a tap beside it closes it, and the focus goes back to 创建房间.
  const sheet = h('div', {class: 'sheet-back', 'data-testid': 'create-sheet', hidden: true,
    onclick: (ev) => { if (ev.target === ev.currentTarget) closeCreate(); }},
  h('div', {class: 'sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'create-title'}, form));
  const onKey = (ev) => {
    if (sheet.hidden) return;
    if (ev.key === 'Escape') { ev.preventDefault(); closeCreate(); return; }
    if (ev.key !== 'Tab') return;
    // Tab goes round the sheet's controls (from the last to the first, Shift+Tab the other way)
    const all = [...sheet.querySelectorAll('button, input, select, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length);
    if (!all.length) return;
    const first = all[0], last = all[all.length - 1];
    if (ev.shiftKey ? document.activeElement === first : document.activeElement === last) {
      ev.preventDefault();
      (ev.shiftKey ? last : first).focus();
    }
  };
  // (open, the rest of the page is inert: Tab stays in the dialog, a screen reader reads only it)
  const behind = () => [document.getElementById('topbar'), ...(sheet.parentNode ? [...sheet.parentNode.children] : [])]
    .filter((e) => e && e !== sheet);
  function openCreate() {
    for (const e of behind()) e.inert = true;
    sheet.hidden = false;
    document.body.classList.add('sheet-open');
    document.addEventListener('keydown', onKey);
    rulesetSel.focus({preventScroll: true});
  }
  function closeCreate() {
    if (sheet.hidden) return;
    sheet.hidden = true;
    for (const e of behind()) e.inert = false;
    document.body.classList.remove('sheet-open');
    document.removeEventListener('keydown', onKey);
    createCard.focus({preventScroll: true});
  }

  // The home screen: the room I sit in (when I do), 快速开始's ruleset cards beside my plate, the modes;
  // below them the rooms (to join, to watch) and the other ways in (quick match, a replay code).
  mount(app, h('section', {class: 'screen lobby'}, banner, rejoin, playNowCard, modes,
    h('div', {class: 'lobby-grid'},
      h('div', {class: 'col col-rooms'}, roomsCard),
      h('div', {class: 'col col-watch'}, watchCard),
      h('div', {class: 'col col-find'}, quick.el, h('div', {class: 'code-cards'}, replayCodeCard(go)))),
    sheet));
  loadAnnouncement();

  (async () => {
    try { info = await api.rulesets(); } catch { info = FALLBACK; }
    if (disposed) return;
    mount(rulesetSel, info.rulesets.map((r) => h('option', {value: r.name}, rulesetName(r.name, r.title))));
    const s = info.settings || {};
    if (s.hands) serverDefault(hands, s.hands);
    if (s.discard_seconds) serverDefault(discardS, s.discard_seconds);
    if (s.claim_seconds) serverDefault(claimS, s.claim_seconds);
    serverDefault(botDelay, s.bot_delay);
    if (s.ready_seconds) serverDefault(readyS, s.ready_seconds);
    if (s.grace_seconds) serverDefault(graceS, s.grace_seconds);
    renderOptions();
    renderPlayNow();
    quick.ready();
  })();
  loadRooms();
  roomsTimer = setInterval(loadRooms, 5000);
  quick.ready();
  return {dispose() {
    disposed = true; clearInterval(roomsTimer); quick.dispose();
    document.removeEventListener('keydown', onKey); document.body.classList.remove('sheet-open');
    const bar = document.getElementById('topbar'); if (bar) bar.inert = false;
  }};
}
