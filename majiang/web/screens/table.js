// The live table: one websocket, the room state, this seat's view, legal actions as buttons
// and clickable tiles, the 听 hint, clocks, 托管, the settlement after each hand.
import {h, mount, noticeAfterRoute, onPress, placeToast, refitToasts, relabelToasts, setToastSlot, toast} from '../dom.js';
import {t, tileName, actionLabel, toggleLang, getLang} from '../i18n.js';
import {api, session} from '../api.js';
import {TableSocket} from '../socket.js';
import {plainTile, tileEl} from '../tiles.js';
import {boardEl, arrangeHand, seatWind, actingSeat, claimActionLabel, claimPromptEl, tableFacts} from '../board.js';
import {hintFor} from '../hint.js';
import {settlementEl, countUp} from './settlement.js';
import {announcer, muted, setMuted, setVoice, sounds, speak, voiceOn} from '../sound.js';
import {rankingEl} from './ranking.js';
import {reducedMotion, settings, voiceText} from '../settings.js';
import {settingsPanel} from './settings_panel.js';
import {openInviteDialog} from './friends.js';
import {waitingRoomEl} from './waiting.js';
import {playerAvatar} from '../avatars.js';

const ACTION_ORDER = ['win', 'wildkong', 'kong', 'peng', 'chi', 'expose', 'declare', 'pass'];

export function tableScreen({app, go}, code) {
  const st = {
    code, room: null, seat: null, view: null, asked: 0, step: 0, clock: null, clockAt: 0, tuoguan: false,
    lastDiscard: null, pending: false, mode: 'normal', chooser: null, matchEnd: null, dissolved: null,
    status: 'connecting', hideSettlement: false, hoverTile: null,
    roomAt: 0, turnKey: '', turnAt: 0, focus: -1, wins: [], shownRanking: false, lastBeep: -1, bubbles: {}, chatOpen: false,
  };
  // Players whose quick phrases this browser does not show (a mute per player, by player id).
  const mutedPlayers = () => new Set(JSON.parse(localStorage.getItem('mj.chatMute') || '[]'));
  const setMutedPlayer = (id, on) => {
    const m = mutedPlayers();
    if (on) m.add(id); else m.delete(id);
    localStorage.setItem('mj.chatMute', JSON.stringify([...m]));
  };
  const announce = announcer();
  // The pond's free corner where toasts stack (kept across renders so a toast outlives a re-render).
  const toastSlot = h('div', {class: 'pond-corner', id: 'toast-slot', 'aria-hidden': 'true'});
  setToastSlot(toastSlot);
  session.room = code;
  const root = h('section', {class: 'screen table-screen', 'data-testid': 'table'});
  const statusBar = h('div', {class: 'conn', role: 'status', 'data-testid': 'conn'});
  mount(app, root);

  const names = () => (st.room ? st.room.seats.map((s) => s.name || t('empty_seat')) : []);
  const nameOf = (seat) => names()[seat] || `#${seat + 1}`;

  const sock = new TableSocket(code, () => session.token, {
    onMessage: handle,
    onStatus: (s, closeCode) => {
      st.status = s;
      if (s === 'closed') onClosed(closeCode);
      renderStatus();
    },
  });
  window.__mj = {st, sock};

  function onClosed(closeCode) {
    if (closeCode === 4000) toast(() => t('replaced'), 'warn', 6000);
    if (closeCode === 4003 || closeCode === 4004) {
      // An unknown or ended room's link says so on the lobby instead of landing there silently.
      noticeAfterRoute(closeCode === 4004 ? t('room_unknown', {code}) : `${t('error')}${t('colon')}${st.lastError || t('room_closed')}`);
      session.room = null;
      go('#/lobby');
    }
    if (closeCode === 4001) { session.forget(); go('#/'); }
  }

  function handle(msg) {
    switch (msg.type) {
      case 'welcome':
        st.seat = msg.seat;
        st.watching = !!msg.watching;
        if (st.watching) { session.room = null; toast(() => t('watch_full')); }
        st.room = msg.room;
        st.roomAt = performance.now();
        if (msg.room && msg.room.status === 'waiting' && msg.room.hand_no === 0) st.view = null;
        break;
      case 'room': {
        const prev = st.room;
        st.room = msg.room;
        tellMissed(prev, msg.room);
        tellVote(prev, msg.room);
        st.roomAt = performance.now();
        if (prev && prev.status !== 'finished' && msg.room.status === 'finished') st.matchEnd = st.matchEnd || {totals: msg.room.totals};
        break;
      }
      case 'view': {
        const newHand = !st.view || st.view.hand_no !== msg.view.hand_no;
        st.view = msg.view;
        st.asked = msg.asked;
        st.step = msg.step;
        st.clock = msg.clock;
        st.clockAt = performance.now();
        st.tuoguan = !!msg.tuoguan;
        {
          // The seat to act and since when: the dial counts its clock down even when the server times
          // nobody (a bot's turn), from the room's turn/claim time.
          const key = `${msg.view.hand_no}:${actingSeat(msg.view)}:${msg.view.phase}:${msg.view.wall_left}:${msg.view.claim ? 'c' : ''}`;
          if (key !== st.turnKey) { st.turnKey = key; st.turnAt = performance.now(); st.picked = null; }
          const mine = (msg.view.legal || []).length > 0;
          if (mine && !st.myTurnWas) { sounds.turn(); announce(t('aria_your_turn')); }
          st.myTurnWas = mine;
        }
        st.pending = false;
        if (newHand || (st.notice && st.notice.what === 'hand_dissolved')) { st.lastDiscard = null; st.hideSettlement = false; st.mode = 'normal'; st.notice = null; }
        if (!(msg.view.legal || []).some((a) => a.type === 'declare')) st.mode = 'normal';
        st.chooser = null;
        for (const ev of msg.events || []) onEvent(ev);
        keepLastDiscard(msg.view);
        autoAnswer(msg.view);
        break;
      }
      case 'error':
        st.pending = false;
        st.lastError = msg.reason || msg.code;
        if (msg.code === 'chat_limit') toast(() => t('chat_slow'), 'warn', 3000);
        else if (msg.code === 'stale') { toast(() => t('stale'), 'warn'); sock.send({type: 'sync'}); }
        else if (msg.code === 'room_full' || msg.code === 'no_room' || msg.code === 'dissolved') {
          toast(`${t('error')}${t('colon')}${msg.reason || msg.code}`, 'error', 5000);
          session.room = null;
        } else if (msg.code === 'bad_token') { session.forget(); }
        else toast(`${t('error')}${t('colon')}${msg.reason || msg.code}`, 'error', 4000);
        break;
      case 'chat': {
        const sender = st.room && st.room.seats[msg.seat];
        if (sender && mutedPlayers().has(sender.player_id)) break;
        st.bubbles[msg.seat] = {phrase: msg.phrase, until: performance.now() + 3500};
        setTimeout(() => { if (st.bubbles[msg.seat] && st.bubbles[msg.seat].until <= performance.now() + 50) { delete st.bubbles[msg.seat]; render(); } }, 3600);
        break;
      }
      case 'match_end':
        st.matchEnd = {totals: msg.totals, hands: msg.hands};
        break;
      case 'dissolved':
        st.dissolved = msg;
        session.room = null;
        toast(() => t('dissolved'), 'warn', 6000);
        break;
      case 'notice':
        // The operator (网管) acted on this table: a dissolved hand (back to the waiting room: a new game),
        // this player removed (the lobby shows why), or the room closed (the dissolved panel shows why).
        st.notice = msg;
        if (msg.what === 'hand_dissolved') { st.view = null; st.matchEnd = null; }
        if (msg.what === 'removed') { session.room = null; sessionStorage.setItem('mj.notice', noticeText(msg)); }
        toast(noticeText(msg), 'warn', 8000);
        break;
      default:
        break;
    }
    render();
  }

  // The seat is told each time its clock played a turn for it, and when 托管 took the seat.
  function tellMissed(prev, room) {
    const me = st.seat;
    if (st.watching || me === null || me === undefined || !prev || !room.seats[me] || !prev.seats[me]) return;
    const was = prev.seats[me], now = room.seats[me];
    const after = (room.settings && room.settings.tuoguan_after) || 2;
    if ((now.missed || 0) > (was.missed || 0)) {
      const n = Math.max(1, after - now.missed);
      toast(() => t('missed_turn', {n}), 'warn', 5000);  // (a function: re-worded on a language switch)
      announce(t('missed_turn', {n}));
    } else if (now.tuoguan && !was.tuoguan && !st.askedTuoguan) {
      toast(() => t('tuoguan_started'), 'warn', 6000);
      announce(t('tuoguan_started'));
    }
    if (!now.tuoguan) st.askedTuoguan = false;
  }

  // A dissolve vote that failed: everyone (the asker first of all) is told who refused.
  function tellVote(prev, room) {
    const r = room.vote_result;
    if (!r || (prev && prev.vote_result && prev.vote_result.seq === r.seq)) return;
    if (!prev) return;  // (an old result, already known when this page opened)
    const who = (r.refused || []).map(nameOf).join(t('list_sep'));
    // (a function: the toast is worded again if the language is switched while it shows)
    toast(() => (r.result === 'refused' && who ? t('vote_refused', {who}) : t('vote_failed')), 'warn', 6000);
  }

  function onEvent(ev) {
    const who = ev.seat !== undefined ? nameOf(ev.seat) : '';
    switch (ev.type) {
      case 'discarded':
        st.lastDiscard = {seat: ev.seat, tile: ev.tile};
        sounds.discard();
        announce(t('aria_discard', {who, tile: tileName(ev.tile)}));
        if (ev.declared) { toast(() => t('toast_declare', {who: nameOf(ev.seat)})); speak(...voiceText('act_declare')); }
        break;
      case 'claimed':
        st.lastDiscard = null;
        st.flash = ev.seat;
        markCall(ev.seat, actionLabel({type: ev.kind}));
        sounds.call();
        announce(t('aria_call', {who, act: actionLabel({type: ev.kind}), tile: tileName(ev.tile)}));
        toast(() => t(ev.kind === 'kong' ? 'toast_kong_claim' : `toast_${ev.kind}`, {who: nameOf(ev.seat), tile: tileName(ev.tile)}));
        speak(...voiceText(`act_${ev.kind}`));  // the calls' own language (settings: 语音语言)
        break;
      case 'concealed_kong': case 'added_kong': toast(() => t('toast_kong', {who: nameOf(ev.seat)})); speak(...voiceText('act_kong')); markCall(ev.seat, t('act_kong')); break;
      case 'wild_konged': toast(() => t('toast_wildkong', {who: nameOf(ev.seat)})); break;
      // A flower laid open is 补花 (百搭麻将); any other laid-open tile is Anqing's 亮杠牌.
      case 'exposed': toast(() => (ev.tile >= 34 ? t('toast_bu_hua', {who: nameOf(ev.seat), tile: tileName(ev.tile)})
        : t('toast_exposed', {who: nameOf(ev.seat), tile: tileName(ev.tile)}))); break;
      case 'won': { const call = t(ev.self_draw ? 'mark_self_draw' : 'act_win'); markCall(ev.seat, call); sounds.win(); speak(...voiceText(ev.self_draw ? 'mark_self_draw' : 'act_win')); announce(t('aria_win', {who})); toast(() => t(ev.self_draw ? 'toast_won_self' : 'toast_won', {who: nameOf(ev.seat)}), 'win', 3500); break; }
      default: break;
    }
  }

  // The latest discard keeps its glow after a reload: remembered per room for this tab, and taken
  // back only while that tile still lies, unclaimed, last in its seat's river in the same hand.
  function keepLastDiscard(v) {
    const key = `mj.last.${code}`;
    if (st.lastDiscard) {
      sessionStorage.setItem(key, JSON.stringify({...st.lastDiscard, hand: v.hand_no}));
      return;
    }
    try {
      const saved = JSON.parse(sessionStorage.getItem(key) || 'null');
      const r = saved && saved.hand === v.hand_no && v.seats[saved.seat] ? v.seats[saved.seat].river : null;
      if (r && r.length && r[r.length - 1].tile === saved.tile && !r[r.length - 1].claimed) {
        st.lastDiscard = {seat: saved.seat, tile: saved.tile};
      } else sessionStorage.removeItem(key);
    } catch { sessionStorage.removeItem(key); }
  }

  // The player's own shortcuts (settings): 胡 whenever it is offered; pass a claim window offering no win.
  function autoAnswer(v) {
    const legal = v.legal || [];
    if (!legal.length || st.watching) return;
    const prefs = settings();
    const win = legal.find((a) => a.type === 'win');
    if (prefs.autoWin && win) { setTimeout(() => send(win), 0); return; }
    const pass = legal.find((a) => a.type === 'pass');
    if (prefs.autoPass && v.phase === 'claim' && pass && !win) setTimeout(() => send(pass), 0);
  }

  // 碰/杠/吃/胡: a large call mark over the caller's seat for a moment (CSS, 400 ms, none under
  // prefers-reduced-motion), drawn after the next render and gone by itself.
  function markCall(seat, text) {
    st.callMark = {seat, text, at: performance.now()};
    setTimeout(() => { if (st.callMark && performance.now() - st.callMark.at >= 850) { st.callMark = null; render(); } }, 900);
  }

  // My discard flies from the hand to its place in my river (250 ms; nothing waits for it; off under
  // prefers-reduced-motion).
  function flyDiscard() {
    const from = st.flyFrom;
    if (!from || !st.lastDiscard || st.lastDiscard.seat !== st.seat || st.lastDiscard.tile !== from.tile) return;
    st.flyFrom = null;
    const el = root.querySelector('.pond-me .river .tile.hl');
    if (!el || !el.animate || reducedMotion()) return;
    const to = el.getBoundingClientRect();
    const dx = from.rect.left - to.left, dy = from.rect.top - to.top, k = from.rect.width / Math.max(1, to.width);
    el.animate([{transform: `translate(${dx}px, ${dy}px) scale(${k})`}, {transform: 'none'}], {duration: 250, easing: 'ease-out'});
  }

  function send(action) {
    if (st.pending) return;
    st.pending = true;
    st.chooser = null;
    const ok = sock.send({type: 'act', seq: st.asked, action});
    if (!ok) st.pending = false;
    render();
  }

  function noticeText(n) {
    return t(`notice_${n.what}`, {reason: n.reason || '', n: n.streak ?? ''});
  }

  function dissolvedPanel() {
    const d = st.dissolved;
    const totals = d.totals || [];
    return h('div', {class: 'card waiting', 'data-testid': 'dissolved'},
      h('h2', {}, t('dissolved')),
      st.notice && st.notice.what === 'room_closed' ? h('p', {class: 'warn', 'data-testid': 'notice'}, noticeText(st.notice)) : null,
      totals.length ? h('p', {class: 'final'}, t('final_totals'), ': ',
        totals.map((v, i) => `${nameOf(i)} ${v > 0 ? '+' : ''}${v}`).join(' · ')) : null,
      h('button', {type: 'button', class: 'primary', onclick: () => go('#/lobby')}, t('lobby_link')));
  }

  function renderStatus() {
    const s = st.status;
    statusBar.dataset.state = s;
    statusBar.textContent = s === 'open' ? '' : s === 'reconnecting' ? t('reconnecting') : s === 'connecting' ? t('connecting') : '';
  }

  // --- rendering ----------------------------------------------------------------------------
  function render() {
    renderStatus();
    const v = st.view;
    const kids = [statusBar];
    if (st.dissolved) {
      // The table is gone: no buttons that would do nothing, just the outcome and the way out.
      mount(root, statusBar, dissolvedPanel());
      return;
    }
    if (st.room && st.room.vote) kids.push(voteBanner());
    // (a small chip in the pond's top row, shown on an upright phone only (styles.css), not a row of the
    // page above the table; its dismissal is remembered)
    const rotateHint = v && localStorage.getItem('mj.rotateSeen') !== '1'
      ? h('div', {class: 'rotate-hint', 'data-testid': 'rotate-hint', title: t('rotate_hint')},
        h('span', {class: 'rotate-icon', 'aria-hidden': 'true'}, '⟳'), h('span', {class: 'rotate-words'}, t('rotate_chip')),
        h('button', {type: 'button', class: 'ghost small', title: t('rotate_dismiss'), 'aria-label': t('rotate_dismiss'),
          onclick: () => { localStorage.setItem('mj.rotateSeen', '1'); render(); }}, '×'))
      : null;
    if (!v) kids.push(waitingPanel());
    else {
      const boardNode = board(v);
      // (the table's felt under the others' seats and the pond, drawn on desktops and laptops: styles.css)
      boardNode.prepend(h('div', {class: 'felt', 'data-testid': 'felt', 'aria-hidden': 'true'}));
      const pond = rotateHint && boardNode.querySelector('.pond');
      if (pond) pond.appendChild(rotateHint);
      kids.push(boardNode);
      if (v.phase === 'over') kids.push(matchFinished() && st.shownRanking ? rankingOverlay() : settlementOverlay(v));
    }
    if (st.chooser) kids.push(chooserEl());
    if (st.confirmDissolve) kids.push(confirmDissolveEl());
    if (st.settingsOpen) kids.push(settingsEl());
    mount(root, kids);
    const list = st.settleScroll && v && st.settleScroll.hand === v.hand_no && root.querySelector('.settle-scroll');
    if (list) list.scrollTop = st.settleScroll.top;
    flyDiscard();
    if (st.callMark) {
      // (on a phone, and my own call at every size, over the centre panel with the caller's name: over a
      // seat or above my hand it covered river tiles; another seat's on a wide screen over that seat)
      const phone = phoneMedia.matches || st.callMark.seat === st.seat;
      const seatEl = root.querySelector(`.board > .seat[data-seat="${st.callMark.seat}"]`);
      const at = phone ? root.querySelector('.board .center-info') : seatEl;
      const text = st.callMark.text;
      if (at) {
        at.appendChild(h('div', {class: `call-mark ${phone ? 'at-centre' : ''} ${text.length > 2 ? 'long' : ''}`, 'data-testid': 'call-mark',
          'data-seat': st.callMark.seat, 'aria-hidden': 'true'}, text, phone ? h('small', {}, nameOf(st.callMark.seat)) : null));
      }
    }
    for (const [seat, b] of Object.entries(st.bubbles)) {
      const seatEl = root.querySelector(`.board > .seat[data-seat="${seat}"]`);
      if (seatEl) seatEl.appendChild(h('div', {class: `chat-bubble ${b.phrase.startsWith('emote_') ? 'emote' : ''}`, 'data-testid': `bubble-${seat}`}, t(`phrase_${b.phrase}`)));
    }
    fitBoard();
    // The score change of the hand counts up on each seat (once per hand).
    if (v && v.phase === 'over' && st.countedHand !== v.hand_no) {
      st.countedHand = v.hand_no;
      for (const el of root.querySelectorAll('.seat-head .delta[data-count-to]')) countUp(el, Number(el.dataset.countTo));
    } else {
      for (const el of root.querySelectorAll('.seat-head .delta[data-count-to]')) {
        const n = Number(el.dataset.countTo);
        el.textContent = n > 0 ? `+${n}` : String(n);
      }
    }
    if (st.flash !== undefined && st.flash !== null) {
      const seatEl = root.querySelector(`.seat[data-seat="${st.flash}"]`);
      if (seatEl) seatEl.classList.add('flash');
      st.flash = null;
    }
    tick();
  }

  // A long hand (full rivers, several melds, hands laid open at the end) can make the board taller than
  // the screen; rather than scroll the table away, shrink what grew (rivers, melds, the others' tiles)
  // step by step until the board's bottom is on screen. Never below 55 %: past that, scrolling is better.
  function fitBoard() {
    refitToasts();  // (a turned screen changes the pond's toast row)
    const board = root.querySelector('.board');
    if (!board) return;
    let fit = 1;
    board.style.setProperty('--fit', '1');
    board.style.minHeight = '';
    // Sideways the corner menu (托管, 聊, ☰) floats over the top seat's line: keep the seat's tiles clear
    // of it however wide its words are in this language.
    const menu = root.querySelector('.corner-menu');
    if (menu) {
      const box = menu.getBoundingClientRect();
      board.style.setProperty('--menu-w', `${Math.ceil(box.width) + 8}px`);
      // (and the top seat's line at least as tall as the menu, or a short line, backs only, lets the
      // menu hang over the right seat's name)
      board.style.setProperty('--menu-h', `${Math.ceil(box.height) + 4}px`);
    }
    // (the page's own bottom padding counts: the board must end where nothing scrolls)
    const pad = parseFloat(getComputedStyle(app).paddingBottom) || 0;
    const bottom = () => board.getBoundingClientRect().bottom + window.scrollY + pad;
    while (fit > 0.55 && bottom() > window.innerHeight - 1) {
      fit -= 0.05;
      board.style.setProperty('--fit', fit.toFixed(2));
    }
    // Desktop and laptop: a side river reaching past the pond's edge keeps clear of that side seat's tiles
    // (backs, melds, a hand laid open) by the table area's edge and a margin each side: while it comes nearer
    // than 28 px, the rivers shrink a step more (a laptop's last discard lay over the area's edge, Bot 4's
    // meld crossed it at 1920×1080). The side rivers are six tiles wide at any --fit (styles.css).
    const sideGap = () => {
      const span = (sel) => [...board.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
      const rl = span(':scope > .pond .pond-left .river .tile'), sl = span(':scope > .seat-left .seat-tiles .tile');
      const rr = span(':scope > .pond .pond-right .river .tile'), sr = span(':scope > .seat-right .seat-tiles .tile');
      let gap = Infinity;
      if (rl.length && sl.length) gap = Math.min(gap, Math.min(...rl.map((r) => r.left)) - Math.max(...sl.map((r) => r.right)));
      if (rr.length && sr.length) gap = Math.min(gap, Math.min(...sr.map((r) => r.left)) - Math.max(...rr.map((r) => r.right)));
      return gap;
    };
    if (window.innerWidth >= 1101) {
      while (fit > 0.55 && sideGap() < 28) {
        fit -= 0.02;
        board.style.setProperty('--fit', fit.toFixed(2));
      }
    }
    // An upright phone early in a hand (short rivers): the spare height under the hand goes to the
    // board, so the hand sits at the bottom edge and the pond spreads out (no blank third below).
    const spare = window.innerHeight - 1 - bottom();
    if (spare > 2 && window.innerWidth <= 600 && window.innerHeight > window.innerWidth) {
      board.style.minHeight = `${board.getBoundingClientRect().height + spare}px`;
    }
    // The pond's table area (styles.css .pond::before) reaches as far as a side river does past the pond's
    // edge (a long one on a laptop), and no further: the side seats' backs stay off it.
    const pondEl = board.querySelector(':scope > .pond');
    if (pondEl) {
      const p = pondEl.getBoundingClientRect();
      const span = (sel) => [...board.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
      const tiles = span(':scope > .pond .river .tile');
      const backsL = span(':scope > .seat-left .seat-tiles .tile'), backsR = span(':scope > .seat-right .seat-tiles .tile');
      const riverL = Math.min(p.left, ...tiles.map((r) => r.left)) - 10, riverR = Math.max(p.right, ...tiles.map((r) => r.right)) + 10;
      // (14 px round the rivers, clear of the area's gold edge and its shade, less where a seat's tiles come
      // nearer, never nearer them than 6 px; 10 px round the rivers whatever)
      let left = riverL - 4, right = riverR + 4;
      if (backsL.length) left = Math.min(riverL, Math.max(left, Math.max(...backsL.map((r) => r.right)) + 6));
      if (backsR.length) right = Math.max(riverR, Math.min(right, Math.min(...backsR.map((r) => r.left)) - 6));
      pondEl.style.setProperty('--mat-l', `${Math.round(left - p.left)}px`);
      pondEl.style.setProperty('--mat-r', `${Math.round(p.right - right)}px`);
    }
    // Sideways the top seat's line ends before the corner menu (托管, 聊, ☰): three melds, 杠牌 laid open and
    // the backs ran under "Auto-play" in English. Its meld tiles shrink a step at a time (to 60 %) until
    // they end there.
    const topSeat = board.querySelector(':scope > .seat-top');
    if (topSeat) {
      topSeat.style.removeProperty('--tw-meld');
      if (menu && window.innerHeight <= 500 && window.innerWidth > window.innerHeight) {
        const edge = menu.getBoundingClientRect().left - 4;
        const right = () => Math.max(0, ...[...topSeat.querySelectorAll('.tile')].map((e) => e.getBoundingClientRect().right));
        const base = parseFloat(getComputedStyle(topSeat).getPropertyValue('--tw-meld')) || 0;
        for (let k = 0.95; base && k >= 0.6 && right() > edge; k -= 0.05) topSeat.style.setProperty('--tw-meld', `${(base * k).toFixed(1)}px`);
      }
    }
    placeToast();  // (the page's toast, if one shows, stays over the centre panel where it now is)
    placeTingPop();  // (and the "+N" panel clear of the rivers as they now lie)
  }

  function matchFinished() {
    return !!((st.room && st.room.status === 'finished') || st.matchEnd);
  }

  function rankingOverlay() {
    return h('div', {class: 'modal-back settle-back'},
      h('div', {class: 'modal settle-modal', role: 'dialog', 'aria-label': t('ranking')},
        rankingEl(code, st.room, st.matchEnd, names(), {
          onSettlement: () => { st.shownRanking = false; render(); },
          onLobby: () => { session.room = null; sock.close(); go('#/lobby'); },
          onAgain: () => playAgain(),
          seat: st.seat,
        })));
  }

  async function playAgain() {
    // The server opens (or, when another player asked first, returns) the room of the rematch, with
    // everyone in the same seats and bots where bots sat; this player goes to their seat there.
    try {
      const res = await api.rematch(code);
      const next = res.room.code;
      sock.close();
      session.room = next;
      go(`#/room/${next}`);
    } catch (e) {
      toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000);
    }
  }

  function voteBanner() {
    const vote = st.room.vote;
    const mine = vote.votes && Object.prototype.hasOwnProperty.call(vote.votes, String(st.seat));
    return h('div', {class: 'banner', 'data-testid': 'vote-banner'}, t('vote_on', {who: nameOf(vote.by)}), ` (${Object.keys(vote.votes || {}).length}/4)`,
      mine ? null : [
        h('button', {type: 'button', 'data-testid': 'vote-agree', onclick: () => sock.send({type: 'vote_dissolve', agree: true})}, t('agree')),
        h('button', {type: 'button', class: 'ghost', 'data-testid': 'vote-refuse',
          onclick: () => sock.send({type: 'vote_dissolve', agree: false})}, t('refuse'))]);
  }

  function waitingPanel() {
    const room = st.room;
    if (!room) return h('div', {class: 'card narrow'}, t('connecting'));
    const notice = st.notice && st.notice.what === 'hand_dissolved' ? noticeText(st.notice) : null;
    return waitingRoomEl(room, st.seat, notice, {
      ready: () => sock.send({type: 'ready'}),
      addBots: () => sock.send({type: 'add_bots'}),
      invite: () => openInviteDialog(room.code),
      leave: () => {
        sock.send({type: 'leave'});
        session.room = null;
        setTimeout(() => go('#/lobby'), 150);
      },
    });
  }

  function rulesHref(v) {
    const o = v.options || (st.room && st.room.options) || {};
    const mode = {anqing: o.mode || 'A', hefei: o.room || 'baoting'}[v.ruleset] || 'default';
    return `#/rules/${v.ruleset}/${mode}`;
  }

  // Each seat's avatar for its plate: a player's from its public profile (avatars.js playerAvatar; 0 until
  // it comes, and the table drawn again when it is another), a bot's one of the tiles' characters by seat.
  const BOT_AVATARS = [6, 4, 5, 9];
  function avatars() {
    const seats = st.room && st.room.seats;
    if (!seats) return null;
    return seats.map((s, i) => {
      if (!s || !s.occupied) return null;
      if (s.bot) return BOT_AVATARS[i % 4];
      if (!s.player_id) return 0;
      return playerAvatar(s.player_id, (n) => { if (n !== 0 && st.view) render(); }) ?? 0;
    });
  }

  function legalOf(type) { return (st.view.legal || []).filter((a) => a.type === type); }

  function board(v) {
    if (st.watching) {
      // A spectator: everyone's tiles as the public sees them, no hand of its own, no buttons.
      return boardEl(v, {room: st.room, names: names(), avatars: avatars(), lastDiscard: st.lastDiscard, toastSlot,
        myControls: h('div', {class: 'controls'}, h('span', {class: 'chip warn', 'data-testid': 'watching'}, t('watching')),
          h('span', {class: 'prompt muted'}, t('watch_note')), h('span', {class: 'spacer'}),
          h('button', {type: 'button', class: 'ghost small', onclick: () => { sock.close(); go('#/lobby'); }}, t('lobby_link')))});
    }
    const hint = v.phase !== 'over' ? hintFor(v) : null;
    return boardEl(v, {
      room: st.room, names: names(), avatars: avatars(), lastDiscard: st.lastDiscard, myTurn: (v.legal || []).length > 0,
      myHand: myHand(v, hint), myControls: v.phase === 'over' ? null : controls(v),
      myHint: v.phase === 'over' ? null : hintBar(v, hint), toastSlot, myCover: cancelTuoguanEl(v),
    });
  }

  function myHand(v, hint) {
    if (v.phase === 'over' && v.revealed) {
      return handCount(h('div', {class: 'my-hand', 'data-testid': 'my-hand'}, arrangeHand(v, v.revealed[v.seat]).map((id) => tileEl(id, {view: v, markGangpai: true}))), v.revealed[v.seat].length);
    }
    const discards = new Map(legalOf('discard').map((a) => [a.tile, a]));
    const declares = new Map(legalOf('declare').map((a) => [a.tile, a]));
    const pickable = st.mode === 'declare' ? declares : discards;
    let tiles = v.hand.slice();
    let drawn = null;
    if (v.drawn !== null && v.drawn !== undefined && tiles.includes(v.drawn)) {
      tiles.splice(tiles.indexOf(v.drawn), 1);
      drawn = v.drawn;
    }
    tiles = arrangeHand(v, tiles);
    // The drawn tile slides in once, when it arrives: a later render of the same draw (another view,
    // a chat line, a clock) must not replay it, or the tile fades back in from 20 % every time.
    const drawKey = drawn !== null ? `${v.hand_no}:${v.wall_left}:${drawn}` : null;
    const arriving = drawKey !== null && drawKey !== st.drawKey;
    st.drawKey = drawKey;
    // 百搭: the indicator's own tile is a plain tile among its 百搭 copies (own view only): mark that one.
    const {plainAt, plainDrawn} = plainTile(v, tiles, drawn);
    // Every discard that keeps the hand ready carries its count of winning tiles unseen (a touch screen
    // has no hover to ask with); the best of them (the most tiles) in red, the others muted.
    const best = new Set();
    if (hint && hint.byDiscard.size) {
      const top = Math.max(...[...hint.byDiscard.values()].map(unseenOf));
      for (const [d, ws] of hint.byDiscard) if (unseenOf(ws) === top && top > 0) best.add(d);
    }
    // (`at`: which of the hand's tiles this is, the drawn one or the n-th: two copies of a kind are two tiles)
    const mk = (id, isDrawn, plain, at) => {
      const action = pickable.get(id);
      const waits = hint && hint.byDiscard.get(id);
      const el = tileEl(id, {
        view: v, markGangpai: true, plain,
        onClick: action && !st.pending ? (ev) => {
          // 点两下出牌 (settings): a tap lifts the tile and shows what it leaves waiting on; a second tap on
          // it throws it, a tap on another lifts that one instead. The keyboard's Enter (a click of
          // detail 0) is deliberate and throws at once; so does declaring, already a step of its own.
          const pointer = ev && (ev.type === 'pointerdown' || ev.detail > 0);
          if (pointer && st.mode !== 'declare' && settings().confirmDiscard && st.picked !== at) {
            st.picked = at;
            st.hoverTile = waits ? id : null;
            render();
            return;
          }
          st.picked = null;
          st.mode = 'normal';
          // where the tile leaves from: it flies from here to its river spot once the server has it there
          st.flyFrom = ev && ev.currentTarget ? {rect: ev.currentTarget.getBoundingClientRect(), tile: id} : null;
          send(action);
        } : undefined,
        extraClass: [action ? 'can' : '', action && st.picked === at ? 'picked' : '', isDrawn ? 'drawn' : '', isDrawn && arriving ? 'arrive' : '', st.mode === 'declare' && action ? 'declare-pick' : ''].join(' '),
        badge: waits ? String(unseenOf(waits)) : null,
        badgeTitle: waits ? t('ting_badge', {n: unseenOf(waits), waits: waits.map((w) => tileName(w.tile)).join(' ')}) : null,
        badgeClass: waits && best.has(id) ? 'ting-count best' : 'ting-count',
      });
      if (waits) {
        el.addEventListener('mouseenter', () => { st.hoverTile = id; updateHint(v, hint); });
        el.addEventListener('focus', () => { st.hoverTile = id; updateHint(v, hint); });
        el.addEventListener('mouseleave', () => { st.hoverTile = null; updateHint(v, hint); });
      }
      // The tiles of the same kind on the board (rivers, melds, laid-open 杠牌) ringed in gold while a hand
      // tile is under the pointer or focused, as 雀魂 shows how many are out: bright, never dimmed.
      el.addEventListener('mouseenter', () => markSame(id));
      el.addEventListener('focus', () => markSame(id));
      el.addEventListener('mouseleave', () => markSame(null));
      el.addEventListener('blur', () => markSame(null));
      return el;
    };
    return handCount(h('div', {class: `my-hand ${st.mode === 'declare' ? 'declaring' : ''}`, 'data-testid': 'my-hand'},
      tiles.map((id, i) => mk(id, false, i === plainAt, `${i}`)),
      drawn !== null ? h('span', {class: 'drawn-gap'}, mk(drawn, true, plainDrawn, 'drawn')) : null), tiles.length + (drawn !== null ? 1.4 : 0));
  }

  function markSame(id) {
    for (const e of root.querySelectorAll('.board .tile.same')) e.classList.remove('same');
    if (id === null) return;
    for (const e of root.querySelectorAll(`.board :is(.river, .melds) .tile[data-tile="${id}"]`)) e.classList.add('same');
  }

  // How many tiles wide the hand is (the drawn tile's gap counted): an upright phone sizes the tiles so the
  // hand is one row, as large as the width allows (styles.css --hand-n).
  function handCount(el, n) {
    el.style.setProperty('--hand-n', String(Math.max(n, 8)));
    return el;
  }

  // The "+N" panel where it covers no river tile and no meld: in a bare corner of the pond beside my river
  // (left, then right), else over the centre panel; else where the stylesheet puts it, above my seat (on
  // a desktop that covered my river's last row and a meld).
  function placeTingPop() {
    const pop = hintBox && hintBox.querySelector('.ting-pop');
    const pond = root.querySelector('.board > .pond');
    if (!pop || !pond) return;
    const boxes = (sel) => [...root.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const tiles = boxes('.board .river .tile, .board .meld .tile, .board .opp-hand .tile, [data-testid=my-hand] .tile');
    const p = pond.getBoundingClientRect();
    const me = boxes('.pond-me .river')[0];
    const centre = boxes('.board .center-info')[0];
    const bottom = Math.min(p.bottom, ...boxes('.board > .seat-me').map((r) => r.top)) - 6;
    // (each spot as tall as the felt left bare above it: the panel scrolls inside it)
    const spot = (left, right) => {
      const above = tiles.filter((r) => r.right > left && r.left < right && r.top < bottom).map((r) => r.bottom);
      return {left, right, top: Math.max(p.top + 8, ...above) + 8, bottom};
    };
    const spots = me ? [spot(p.left + 8, me.left - 8), spot(me.right + 8, p.right - 8)] : [];
    if (centre) spots.push({left: centre.left, right: centre.right, top: centre.top, bottom: centre.bottom});
    const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const at of spots) {
      if (at.right - at.left < 200 || at.bottom - at.top < 76) continue;
      Object.assign(pop.style, {position: 'fixed', left: `${at.left}px`, top: 'auto', bottom: `${window.innerHeight - at.bottom}px`,
        maxWidth: `${at.right - at.left}px`, maxHeight: `${at.bottom - at.top}px`});
      const r = pop.getBoundingClientRect();
      if (!tiles.some((tb) => meets(r, tb))) return;
    }
    for (const k of ['position', 'left', 'top', 'bottom', 'maxWidth', 'maxHeight']) pop.style[k] = '';
  }

  /** How many winning tiles are unseen in a list of waits (hint.js's {tile, unseen} each). */
  function unseenOf(ws) { return ws.reduce((a, w) => a + w.unseen, 0); }

  let hintBox = null;
  let hintArgs = null;
  // An upright phone has room for one best discard on the hint's line, wider screens for two.
  const narrow = window.matchMedia('(max-width: 600px)');
  const phoneMedia = window.matchMedia('(max-width: 600px), (max-height: 500px) and (orientation: landscape)');
  const onNarrow = () => { if (hintArgs) updateHint(...hintArgs); };
  narrow.addEventListener('change', onNarrow);
  function hintBar(v, hint) {
    hintBox = h('div', {class: 'hint', 'data-testid': 'hint', 'aria-label': t('tiles_unseen_title')});
    hintArgs = [v, hint];
    updateHint(v, hint);
    return hintBox;
  }

  function updateHint(v, hint) {
    if (!hintBox) return;
    let waits = null, prefix = null;
    if (hint && hint.waits.length) waits = hint.waits;
    else if (hint && st.hoverTile !== null && hint.byDiscard.get(st.hoverTile)) {
      waits = hint.byDiscard.get(st.hoverTile);
      prefix = h('span', {class: 'muted'}, `${t('act_discard')} `, tileEl(st.hoverTile, {size: 'mini', view: v}), ' → ');
    }
    const names = (ws) => ws.map((w) => tileName(w.tile)).join(' ');
    if (!waits) {
      // On your turn: "打 X 听 Y Z (n 张)" for the best discards (most winning tiles unseen), on one line;
      // the others behind "+N" (a panel over the board that never pushes it).
      const n = hint ? hint.byDiscard.size : 0;
      const ranked = n ? [...hint.byDiscard].sort((a, b) => unseenOf(b[1]) - unseenOf(a[1]) || a[0] - b[0]) : [];
      // (in words on wide screens; on phones as tiles, "[打] → [听 …] 9", which fits where words do not)
      const line = ([d, ws]) => {
        const words = t('ting_after', {tile: tileName(d), waits: names(ws), n: unseenOf(ws)});
        return h('span', {class: 'ting-line', 'data-discard': d, title: words},
          h('span', {class: 'ting-words'}, words),
          h('span', {class: 'ting-tiles', 'aria-hidden': 'true'}, tileEl(d, {size: 'mini', view: v}), '→',
            ws.map((w) => tileEl(w.tile, {size: 'mini', view: v})), h('b', {}, t('ting_left', {n: unseenOf(ws)}))));
      };
      const shown = narrow.matches ? 1 : 2;
      const rest = ranked.slice(shown);
      // (what the count on a tile means, in words: its badge beside "winning tiles left")
      const legend = n ? h('span', {class: 'ting-legend', 'data-testid': 'ting-legend'},
        h('span', {class: 'legend-badge', 'aria-hidden': 'true'}, String(unseenOf(ranked[0][1]))), t('ting_legend')) : null;
      mount(hintBox, legend, ranked.slice(0, shown).map(line),
        rest.length ? h('button', {type: 'button', class: 'ghost small ting-more', 'data-testid': 'ting-more',
          'aria-expanded': st.tingOpen ? 'true' : 'false',
          onclick: () => { st.tingOpen = !st.tingOpen; updateHint(v, hint); }}, t('ting_more', {n: rest.length})) : null,
        rest.length && st.tingOpen ? h('div', {class: 'ting-pop', 'data-testid': 'ting-pop'}, rest.map(line)) : null,
        n ? selfDrawOnly(hint) : null);
      hintBox.classList.toggle('empty', !n);
      placeTingPop();
      return;
    }
    hintBox.classList.remove('empty');
    // The label 听, the words ("四万 七万（5 张）" / "打 X 听 …"; the label says 听 once), then each wait drawn
    // with its unseen count.
    mount(hintBox, h('span', {class: 'ting-label'}, t('ting')),
      h('span', {class: 'ting-text', 'data-testid': 'ting-text'}, prefix
        ? t('ting_after', {tile: tileName(st.hoverTile), waits: names(waits), n: unseenOf(waits)})
        : t('ting_now', {waits: names(waits), n: unseenOf(waits)})),
      waits.map((w) => h('span', {class: `wait ${w.unseen ? '' : 'dead'}`, 'data-wait': w.tile, 'data-unseen': w.unseen,
        'aria-hidden': 'true'}, tileEl(w.tile, {size: 'mini', view: v}), h('span', {class: 'count'}, `×${w.unseen}`))),
      selfDrawOnly(hint));
  }

  // 过水不胡: the seat passed a discard win, so until it draws again its waits win only on its own draw.
  function selfDrawOnly(hint) {
    return hint && hint.selfDrawOnly
      ? h('span', {class: 'ting-bar', 'data-testid': 'ting-self-draw'}, t('ting_self_draw_only')) : null;
  }

  function controls(v) {
    const legal = v.legal || [];
    const groups = new Map();
    for (const a of legal) {
      if (a.type === 'discard') continue;
      if (!groups.has(a.type)) groups.set(a.type, []);
      groups.get(a.type).push(a);
    }
    const buttons = [];
    for (const type of ACTION_ORDER) {
      const opts = groups.get(type);
      if (!opts) continue;
      if (type === 'declare') {
        buttons.push(h('button', {type: 'button', class: `act act-declare ${st.mode === 'declare' ? 'on' : ''}`,
          'data-testid': 'act-declare', disabled: st.pending,
          ...onPress(() => { st.mode = st.mode === 'declare' ? 'normal' : 'declare'; render(); })},
        st.mode === 'declare' ? t('cancel') : t('act_declare')));
        continue;
      }
      // (acting on the press: the bots' moves redraw the table many times a second, and a redraw between
      // press and release made the browser drop the click — dom.js onPress)
      buttons.push(h('button', {type: 'button', class: `act act-${type}`, 'data-testid': `act-${type}`, disabled: st.pending,
        ...onPress(() => {
          if (opts.length === 1) send(opts[0]);
          else { st.chooser = {type, options: opts}; render(); }
        })}, h('span', {class: 'act-label'}, claimActionLabel(v, opts[0])), opts.length > 1 ? h('small', {}, ` ×${opts.length}`) : null));
    }
    let prompt = null;
    if (v.phase === 'claim' && v.claim && legal.length) {
      prompt = claimPromptEl(v, nameOf);
    } else if (st.mode === 'declare') {
      prompt = h('span', {class: 'prompt'}, t('choose_declare'));
    } else if (legal.some((a) => a.type === 'discard')) {
      prompt = h('span', {class: 'prompt', 'data-testid': 'your-turn'}, t('your_turn'));
    }
    // (under 托管 it is not "your turn": 托管 plays it, and the cover over the hand says so)
    const seatNow = st.room && st.seat !== null && st.seat !== undefined ? st.room.seats[st.seat] : null;
    if (st.tuoguan || (seatNow && seatNow.tuoguan)) prompt = null;
    // The claim/turn prompt and its buttons (a row of its own above the hand on phones held sideways), then the
    // controls: 托管 and a corner menu (sound, rules, dissolve, language, lobby) — inline on wide screens.
    return h('div', {class: 'controls'},
      h('div', {class: 'dock', 'data-testid': 'dock'}, prompt, h('div', {class: 'actions', 'data-testid': 'actions'}, buttons)),
      h('span', {class: 'spacer'}),
      cornerMenu(v));
  }

  function cornerMenu(v) {
    const roomSeat = st.room && st.seat !== null && st.seat !== undefined ? st.room.seats[st.seat] : null;
    const tg = st.tuoguan || !!(roomSeat && roomSeat.tuoguan);
    const voting = st.room && st.room.vote;
    const close = () => { st.menuOpen = false; };
    return h('div', {class: `corner-menu ${st.menuOpen ? 'open' : ''}`, 'data-testid': 'corner-menu'},
      // (while 托管 plays the seat the cover over the hand has the one large 取消托管: this one gives way,
      // two stop buttons on one screen read as two different things)
      h('button', {type: 'button', class: `ghost tuoguan ${tg ? 'on' : ''}`, 'data-testid': 'tuoguan', 'aria-pressed': tg ? 'true' : 'false',
        hidden: tg && v.phase !== 'over' && !st.watching,
        ...onPress(() => { st.askedTuoguan = !tg; sock.send({type: 'tuoguan', on: !tg}); })}, tg ? t('cancel_tuoguan') : t('tuoguan')),
      st.watching ? null : h('button', {type: 'button', class: 'ghost chat-toggle', 'data-testid': 'chat-open', 'aria-expanded': st.chatOpen ? 'true' : 'false',
        'aria-label': t('quick_chat'), ...onPress(() => { st.chatOpen = !st.chatOpen; st.menuOpen = false; render(); })}, t('chat_short')),
      st.chatOpen ? chatPanel() : null,
      h('button', {type: 'button', class: 'ghost menu-toggle', 'data-testid': 'menu', 'aria-expanded': st.menuOpen ? 'true' : 'false',
        'aria-label': t('menu'), ...onPress(() => { st.menuOpen = !st.menuOpen; render(); })}, '☰'),
      h('div', {class: 'menu-panel', 'data-testid': 'menu-panel'},
        h('button', {type: 'button', class: 'ghost small', 'data-testid': 'mute', 'aria-pressed': muted() ? 'true' : 'false',
          onclick: () => { setMuted(!muted()); render(); }}, muted() ? t('sound_off') : t('sound_on')),
        h('a', {class: 'ghost button small', href: rulesHref(v), target: '_blank', rel: 'noopener', 'data-testid': 'table-rules',
          onclick: close}, t('rules')),
        voting ? null : h('button', {type: 'button', class: 'ghost small', 'data-testid': 'vote-dissolve',
          onclick: () => { close(); st.confirmDissolve = true; render(); }}, t('vote_dissolve')),
        h('button', {type: 'button', class: 'ghost small', 'data-testid': 'voice', 'aria-pressed': voiceOn() ? 'true' : 'false',
          onclick: () => { setVoice(!voiceOn()); render(); }}, voiceOn() ? t('voice_on') : t('voice_off')),
        h('button', {type: 'button', class: 'ghost small', 'data-testid': 'open-settings',
          onclick: () => { close(); st.settingsOpen = true; render(); }}, t('settings')),
        h('button', {type: 'button', class: 'ghost small menu-only', 'data-testid': 'menu-lang',
          onclick: () => { close(); toggleLang(); }}, t('lang')),
        h('a', {class: 'ghost button small menu-only', href: '#/history', 'data-testid': 'menu-history'}, t('history')),
        h('a', {class: 'ghost button small menu-only', href: '#/lobby', 'data-testid': 'menu-lobby'}, t('lobby_link')),
        tableFacts(v)));
  }

  // Quick phrases and emotes (fixed, both languages; the server limits how often), and a mute per player.
  function chatPanel() {
    const phrases = ['hurry', 'sorry', 'nice', 'thanks', 'oops', 'again', 'emote_laugh', 'emote_cry', 'emote_angry', 'emote_thumb'];
    const others = st.room ? st.room.seats.filter((s) => s.seat !== st.seat && s.player_id && !s.bot) : [];
    const m = mutedPlayers();
    return h('div', {class: 'chat-panel', 'data-testid': 'chat-panel'},
      h('div', {class: 'phrases'}, phrases.map((p) => h('button', {type: 'button', class: `ghost small phrase ${p.startsWith('emote_') ? 'emote' : ''}`,
        'data-testid': `phrase-${p}`, onclick: () => { st.chatOpen = false; sock.send({type: 'chat', phrase: p}); render(); }}, t(`phrase_${p}`)))),
      others.length ? h('div', {class: 'mutes'}, h('span', {class: 'muted'}, t('chat_mute')), others.map((s) => h('label', {class: 'check'},
        h('input', {type: 'checkbox', checked: m.has(s.player_id), 'data-testid': `chat-mute-${s.seat}`,
          onchange: (ev) => setMutedPlayer(s.player_id, ev.target.checked)}), s.name))) : null);
  }

  // The settings panel (screens/settings_panel.js), over the table.
  function settingsEl() {
    return settingsPanel(() => { st.settingsOpen = false; render(); }, render);
  }

  // 申请解散 asks first (with only bots too): the vote cannot be taken back once it starts.
  function confirmDissolveEl() {
    const no = () => { st.confirmDissolve = false; render(); };
    return h('div', {class: 'modal-back', onclick: (ev) => { if (ev.target === ev.currentTarget) no(); }},
      h('div', {class: 'modal confirm', role: 'dialog', 'aria-label': t('vote_dissolve'), 'data-testid': 'confirm-dissolve'},
        h('h3', {}, t('confirm_dissolve')), h('p', {class: 'muted'}, t('confirm_dissolve_note')),
        h('div', {class: 'buttons'},
          h('button', {type: 'button', class: 'primary', 'data-testid': 'confirm-dissolve-yes',
            onclick: () => { st.confirmDissolve = false; sock.send({type: 'vote_dissolve', agree: true}); render(); }}, t('vote_dissolve')),
          h('button', {type: 'button', class: 'ghost', 'data-testid': 'confirm-dissolve-no', onclick: no}, t('cancel')))));
  }

  // While 托管 plays the seat, one large button over the hand gives it back.
  function cancelTuoguanEl(v) {
    const roomSeat = st.room && st.seat !== null && st.seat !== undefined ? st.room.seats[st.seat] : null;
    const tg = st.tuoguan || !!(roomSeat && roomSeat.tuoguan);
    if (!tg || v.phase === 'over' || st.watching) { tuoguanCover = null; return null; }
    // The same element across renders (the bots' moves re-render the table many times a second): a tap
    // that began on the button still ends on it, where a fresh button each render could lose it.
    if (!tuoguanCover || tuoguanCover.dataset.lang !== getLang()) {
      tuoguanCover = h('div', {class: 'tuoguan-cover', 'data-lang': getLang()},
        h('span', {class: 'tuoguan-note'}, t('tuoguan_on')),
        h('button', {type: 'button', class: 'primary big', 'data-testid': 'cancel-tuoguan',
          ...onPress(() => sock.send({type: 'tuoguan', on: false}))}, t('cancel_tuoguan')));
    }
    return tuoguanCover;
  }
  let tuoguanCover = null;

  function optionTiles(a) {
    const v = st.view;
    if (a.type === 'chi') return [...a.tiles, v.claim ? v.claim.tile : null].filter((x) => x !== null).sort((x, y) => x - y);
    if (a.type === 'kong') return a.kind === 'added' ? [a.tiles[0], a.tiles[0], a.tiles[0], a.tiles[0]] : a.kind === 'exposed' && v.claim ? [...a.tiles, v.claim.tile] : a.tiles;
    if (a.type === 'peng') return [...a.tiles, v.claim ? v.claim.tile : a.tiles[0]];
    if (a.type === 'expose') return [a.tile];
    return a.tiles || [];
  }

  function chooserEl() {
    const {type, options} = st.chooser;
    const title = type === 'chi' ? t('choose_chi') : t('choose_kong');
    return h('div', {class: 'modal-back', onclick: (ev) => { if (ev.target === ev.currentTarget) { st.chooser = null; render(); } }},
      h('div', {class: 'modal chooser', role: 'dialog', 'aria-label': title, 'data-testid': 'chooser'},
        h('h3', {}, title, ' ', h('span', {class: 'clock', 'data-clock-seat': st.seat})),
        h('div', {class: 'choices'}, options.map((a, i) => h('button', {type: 'button', class: 'choice', 'data-testid': `choice-${i}`,
          ...onPress(() => send(a))}, optionTiles(a).map((id, k, all) => {
          // The claimed tile is drawn inside each option, turned and marked, as it will lie in the meld.
          const claimed = st.view.claim && id === st.view.claim.tile && all.indexOf(id) === k && type !== 'kong';
          return tileEl(id, {size: 'meld', view: st.view, sideways: claimed, extraClass: claimed ? 'claimed' : '',
            label: claimed ? `${tileName(id)} (${t('chi_claimed')})` : undefined});
        }),
          a.kind ? h('small', {}, a.kind) : null))),
        h('button', {type: 'button', class: 'ghost', onclick: () => { st.chooser = null; render(); }}, t('cancel'))));
  }

  // The match's final totals in one line (cut to the width on a phone held sideways: the title keeps it all).
  function finalLine() {
    const text = `${t('match_over')} · ${t('final_totals')}${t('colon')}${(st.room ? st.room.totals : st.matchEnd.totals)
      .map((x, i) => `${nameOf(i)} ${x > 0 ? '+' : ''}${x}`).join(t('list_sep'))}`;
    return h('p', {class: 'final', title: text}, text);
  }

  function settlementOverlay(v) {
    const room = st.room;
    const mySeat = room && st.seat !== null ? room.seats[st.seat] : null;
    const finished = (room && room.status === 'finished') || st.matchEnd || st.dissolved;
    // The next hand's countdown (the server makes every seat not ready ready when it ends), in words.
    const nextIn = !finished && room && room.countdown && !st.watching
      ? h('span', {class: 'next-in', 'data-testid': 'next-in', 'data-countdown': room.countdown.remaining,
        'data-countdown-key': 'next_hand_in'}, t('next_hand_in', {n: Math.ceil(room.countdown.remaining)})) : null;
    const footer = h('div', {class: 'buttons settle-buttons', 'data-testid': 'settle-buttons'},
      nextIn,
      finished ? [
        finalLine(),
        h('button', {type: 'button', class: 'primary', onclick: () => { session.room = null; sock.close(); go('#/lobby'); }}, t('lobby_link')),
      ] : st.watching ? null : mySeat && mySeat.ready
        ? h('span', {class: 'chip ok big', 'data-testid': 'readied'}, t('readied'))
        : h('button', {type: 'button', class: 'primary big', 'data-testid': 'next-hand', onclick: () => sock.send({type: 'ready'})}, t('next_hand')),
      finished || st.watching ? null : h('button', {type: 'button', class: 'ghost', 'data-testid': 'leave-between', onclick: () => {
        sock.send({type: 'leave'});
        session.room = null;
        setTimeout(() => go('#/lobby'), 150);
      }}, t('leave_table')),
      finished ? h('button', {type: 'button', class: 'primary', 'data-testid': 'show-ranking',
        onclick: () => { st.shownRanking = true; render(); }}, t('ranking')) : null,
      h('a', {class: 'ghost button', href: '#/history'}, t('history')),
      h('button', {type: 'button', class: 'ghost', onclick: () => { st.hideSettlement = !st.hideSettlement; render(); }}, '▾'));
    if (st.hideSettlement) {
      return h('div', {class: 'settle-mini'}, h('button', {type: 'button', class: 'primary', onclick: () => { st.hideSettlement = false; render(); }}, t('settlement')));
    }
    const modal = h('div', {class: 'modal settle-modal', role: 'dialog', 'aria-label': t('settlement')},
      settlementEl({...v, settlement: v.settlement}, names(),
        {footer, seat: st.watching ? null : st.seat, running: room ? room.totals : null, animate: st.animatedHand !== v.hand_no && (st.animatedHand = v.hand_no)}));
    // While more of the list lies under the button row (every revealed hand, on a laptop or a phone), a cue
    // says so and scrolls to it: the fade alone read as the end of the dialog.
    footer.appendChild(h('button', {type: 'button', class: 'more-cue', 'data-testid': 'settle-more',
      onclick: () => list.scrollBy({top: list.clientHeight * 0.7, behavior: reducedMotion() ? 'auto' : 'smooth'})},
      h('span', {'aria-hidden': 'true'}, '⌄'), t('more_below')));
    // (the list scrolls in its own box above the buttons: settlement.js .settle-scroll)
    const list = modal.querySelector('.settle-scroll') || modal;
    const more = () => modal.classList.toggle('more-below', list.scrollHeight - list.scrollTop - list.clientHeight > 24);
    // (where the player has scrolled to is kept for this hand: the table draws the dialog anew on every
    // server message, a seat readying say, and the new list started at its top again)
    list.addEventListener('scroll', () => { st.settleScroll = {hand: v.hand_no, top: list.scrollTop}; more(); }, {passive: true});
    // (and when the screen or the list changes size: a list that fits after a resize needs no cue)
    const sized = new ResizeObserver(more);
    sized.observe(list);
    for (const block of list === modal ? [modal.firstElementChild] : list.children) if (block) sized.observe(block);
    return h('div', {class: 'modal-back settle-back'}, modal);
  }

  // --- clocks ---------------------------------------------------------------------------------
  function tick() {
    const c = st.clock;
    const elapsed = (performance.now() - st.clockAt) / 1000;
    const cd = root.querySelector('[data-countdown]');
    if (cd && st.room && st.room.countdown) {
      const left = Math.max(0, st.room.countdown.remaining - (performance.now() - st.roomAt) / 1000);
      cd.textContent = t(cd.dataset.countdownKey || 'countdown', {n: Math.ceil(left)});
    }
    const dial = root.querySelector('[data-dial-clock]');
    if (dial && st.view && st.view.phase !== 'over') {
      const acting = actingSeat(st.view);
      let left;
      if (c && c.seats && c.seats.includes(acting)) left = Math.max(0, c.remaining - elapsed);
      else {
        const s = st.room ? st.room.settings : {};
        const total = (st.view.phase === 'claim' ? s.claim_seconds : s.discard_seconds) || 15;
        left = Math.max(0, total - (performance.now() - st.turnAt) / 1000);
      }
      const n = Math.ceil(left);
      dial.textContent = String(n);
      dial.dataset.digits = String(String(n).length);  // (three digits drawn smaller, clear of the winds)
      dial.classList.toggle('low', left < 5);
      const mine = (st.view.legal || []).length > 0;
      if (mine && left < 5 && n !== st.lastBeep && n > 0) { st.lastBeep = n; sounds.tick(); }
    } else if (dial) dial.textContent = '';
    for (const el of root.querySelectorAll('[data-clock-seat]')) {
      const seat = Number(el.dataset.clockSeat);
      if (c && c.seats && c.seats.includes(seat) && st.view && st.view.phase !== 'over') {
        const left = Math.max(0, c.remaining - elapsed);
        el.textContent = String(Math.ceil(left));
        el.classList.add('on');
        el.classList.toggle('low', left < 5);
        el.style.setProperty('--frac', c.total ? String(left / c.total) : '0');
      } else { el.textContent = ''; el.classList.remove('on'); }
    }
  }
  const ticker = setInterval(tick, 250);

  // Keyboard: Escape cancels a chooser / declare mode.
  // Arrows move between the tiles you may discard, 1–9 jump to the n-th, Enter (the focused button's
  // own key) discards it.
  const onKey = (ev) => {
    if (ev.key === 'Escape' && (st.chooser || st.mode !== 'normal')) { st.chooser = null; st.mode = 'normal'; render(); return; }
    if (ev.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(ev.target.tagName)) return;
    const can = [...root.querySelectorAll('[data-testid=my-hand] button.tile.can')];
    if (!can.length) return;
    const at = can.indexOf(document.activeElement);
    let next = null;
    if (ev.key === 'ArrowRight') next = at < 0 ? 0 : (at + 1) % can.length;
    else if (ev.key === 'ArrowLeft') next = at < 0 ? can.length - 1 : (at - 1 + can.length) % can.length;
    else if (/^[1-9]$/.test(ev.key)) next = Math.min(can.length - 1, Number(ev.key) - 1);
    if (next !== null) { ev.preventDefault(); can[next].focus(); }
  };
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', fitBoard);

  render();
  return {
    dispose() { narrow.removeEventListener('change', onNarrow); setToastSlot(null); clearInterval(ticker); document.removeEventListener('keydown', onKey); window.removeEventListener('resize', fitBoard); sock.close(); },
    relabel() { render(); relabelToasts(); },
  };
}

export {seatWind};
