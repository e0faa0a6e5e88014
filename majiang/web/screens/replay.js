// The replay viewer: steps through a finished hand from any seat's view. The replay file holds only
// the seed and the actions, so the server rebuilds the picture:
//   GET /api/rooms/{code}/hands/{n}/view?seat=S&step=K -> {"view": SeatView, "events": [...], "steps": N}
// (finished hands only, so nothing hidden leaks).
import {h, mount, toast} from '../dom.js';
import {t, tileName, actionLabel} from '../i18n.js';
import {api} from '../api.js';
import {arrangeHand, boardEl} from '../board.js';
import {tileEl} from '../tiles.js';
import {settlementEl} from './settlement.js';
import {reducedMotion} from '../settings.js';

// A phone (either way up): the last step's settlement is a sheet fitted to the screen instead of a card
// under the board, so nothing needs scrolling; a button in it (and one in the centre panel) switches
// between the settlement and the table.
// The strip's icons (24×24, currentColor).
const ICONS = {
  back: '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
  first: '<rect x="4" y="5" width="2.6" height="14" rx="1"/><path d="M13 5v14l-7-7zM20 5v14l-7-7z"/>',
  prev: '<path d="M16 5v14L7 12z"/>',
  play: '<path d="M8 4.5v15L20 12z"/>',
  pause: '<rect x="6" y="5" width="4.2" height="14" rx="1"/><rect x="13.8" y="5" width="4.2" height="14" rx="1"/>',
  next: '<path d="M8 5v14l9-7z"/>',
  last: '<path d="M4 5v14l7-7zM11 5v14l7-7z"/><rect x="17.4" y="5" width="2.6" height="14" rx="1"/>',
  download: '<path d="M12 4v10m-4.5-4.5L12 14l4.5-4.5M5 19h14" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>',
};
const icon = (name) => h('span', {class: 'ri', 'aria-hidden': 'true',
  html: `<svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">${ICONS[name]}</svg>`});

const PHONE = window.matchMedia('(max-width: 600px), (max-height: 500px) and (orientation: landscape)');
// An upright phone: the strip's seat choice says 全桌 / All for the whole table (its long name was cut).
const NARROW = window.matchMedia('(max-width: 600px)');

export function replayScreen({app}, code, handNo) {
  // The whole table by default: the hand is over, so every hand face up, as a table game's replays show
  // it; a seat chosen shows what that player saw.
  const st = {seat: 'all', step: 0, steps: null, view: null, events: [], playing: false, names: [], ruleset: null, error: null};
  const root = h('section', {class: 'screen replay', 'data-testid': 'replay'});
  window.__replay = st;  // (the browser tests read the step count)
  mount(app, root);
  let timer = null;
  let disposed = false;
  let loading = 0;

  async function load() {
    const my = ++loading;
    try {
      const data = await api.replayView(code, handNo, st.seat, st.step);
      if (disposed || my !== loading) return;
      st.view = data.view;
      st.events = data.events || [];
      // The latest discard keeps its glow as at the table: the last discard (or claim) of this step's
      // events, else the one before while it still lies last in its river.
      const d = [...st.events].reverse().find((e) => e.type === 'discarded' || e.type === 'claimed');
      if (d) st.lastDiscard = d.type === 'discarded' ? {seat: d.seat, tile: d.tile} : null;
      else if (st.lastDiscard) {
        const r = data.view.seats[st.lastDiscard.seat].river;
        if (!r.length || r[r.length - 1].tile !== st.lastDiscard.tile || r[r.length - 1].claimed) st.lastDiscard = null;
      }
      st.steps = data.steps;
      st.error = null;
    } catch (e) {
      if (disposed || my !== loading) return;
      st.error = e.status === 404 || e.status === 405 ? t('replay_missing') : e.message;
      stop();
      if (!st.file) await loadFile();
    }
    render();
  }

  // Without the step endpoint: show the replay file itself (every action in order) and the settlement.
  async function loadFile() {
    try {
      const [file, summary] = await Promise.all([
        fetch(api.replayUrl(code, handNo)).then((r) => (r.ok ? r.json() : null)),
        api.hand(code, handNo).catch(() => null),
      ]);
      st.file = file;
      st.summary = summary;
    } catch { st.file = null; }
  }

  function actionText(seat, a) {
    const who = st.names[seat] || `#${seat + 1}`;
    const tiles = a.tile !== undefined ? [a.tile] : a.tiles || [];
    return `${who}: ${actionLabel(a)} ${tiles.map(tileName).join(' ')}${a.kind ? ` (${a.kind})` : ''}`;
  }

  function go(step) {
    const max = st.steps ?? step;
    st.step = Math.max(0, Math.min(max, step));
    st.showBoard = false;
    load();
  }

  function play() {
    if (st.playing) { stop(); render(); return; }
    st.playing = true;
    timer = setInterval(() => {
      if (st.steps !== null && st.step >= st.steps) { stop(); render(); return; }
      go(st.step + 1);
    }, 700);
    render();
  }
  function stop() { st.playing = false; clearInterval(timer); }

  function eventText(ev) {
    const who = st.names[ev.seat] || `#${ev.seat + 1}`;
    switch (ev.type) {
      case 'discarded': return `${t('aria_discard', {who, tile: tileName(ev.tile)})}${ev.declared ? ` (${t('act_declare')})` : ''}`;
      case 'drew': return `${who} ${t('drew')}${ev.tile !== null && ev.tile !== undefined ? ` ${tileName(ev.tile)}` : ''}`;
      case 'claimed': return `${who} ${actionLabel({type: ev.kind})} ${tileName(ev.tile)}`;
      case 'won': return t('won_by', {who});  // "Bot 3 won", not "Bot 3 Win" (中文: Bot 3 胡)
      case 'passed': return `${who} ${t('act_pass')}`;
      case 'concealed_kong': case 'added_kong': return `${who} ${t('act_kong')}`;
      case 'wild_konged': return `${who} ${t('act_wildkong')}`;
      case 'exposed': return ev.tile >= 34 ? `${who} ${t('bu_hua')} ${tileName(ev.tile)}`  // a flower: 补花
        : t('toast_exposed', {who, tile: tileName(ev.tile)});
      case 'hand_started': return t('ev_hand_started', {n: ev.hand_no});
      case 'dealt': return `${who} ${t('ev_dealt', {n: ev.count ?? (ev.tiles || []).length})}`;
      case 'hand_ended': return ev.draw ? t('draw_game') : t('ev_hand_ended');
      default: return '';
    }
  }

  function render() {
    // One strip, as a game's replay bar: back, the hand, ⏮ ◀ ⏯ ▶ ⏭ (drawn icons: a system font may
    // draw ⏮ as a colour emoji), the step slider with its counter, the seat and the replay file. On an
    // upright phone it is one 44 px row (the hand's name and the file's word give way; the counter short).
    const btn = (testid, label, name, onclick, extra = '') => h('button', {type: 'button', class: `rc-btn ${extra}`,
      'data-testid': testid, 'aria-label': label, title: label, onclick}, icon(name));
    const k = st.step, n = st.steps;
    const controls = h('div', {class: 'replay-controls card', 'data-testid': 'replay-controls'},
      h('a', {class: 'rc-back', href: `#/history/${code}`, 'aria-label': t('back'), title: t('back'), 'data-testid': 'replay-back'},
        icon('back'), h('span', {class: 'wide-only'}, t('back'))),
      h('strong', {class: 'rc-title'}, `${code} · ${t('hand_no', {n: handNo})}`),
      h('div', {class: 'stepper'},
        btn('replay-first', t('step_first'), 'first', () => go(0)),
        btn('replay-prev', t('step_prev'), 'prev', () => go(st.step - 1)),
        btn('replay-play', st.playing ? t('pause') : t('play'), st.playing ? 'pause' : 'play', play, 'rc-play'),
        btn('replay-next', t('step_next'), 'next', () => go(st.step + 1)),
        btn('replay-last', t('step_last'), 'last', () => go(st.steps ?? 0))),
      h('div', {class: 'rc-scrub'},
        h('span', {class: 'rc-step', 'data-testid': 'replay-step'}, n !== null
          ? [h('span', {class: 'step-long'}, t('step', {k, n})), h('span', {class: 'step-short'}, `${k}/${n}`)] : ''),
        n !== null ? h('input', {type: 'range', min: 0, max: n, value: k, 'aria-label': t('step', {k, n}), 'data-testid': 'replay-range',
          style: `--p:${n ? k / n : 0}`,  // (the gold fill's share: review.css)
          oninput: (ev) => go(Number(ev.target.value))}) : null),
      h('label', {class: 'rc-seat'}, h('span', {class: 'wide-only'}, t('seat_view')),
        h('select', {'data-testid': 'replay-seat', 'aria-label': t('seat_view'),
          onchange: (ev) => { st.seat = ev.target.value === 'all' ? 'all' : Number(ev.target.value); load(); }},
        [0, 1, 2, 3].map((s) => h('option', {value: s, selected: s === st.seat ? true : undefined}, st.names[s] || `#${s + 1}`)),
        h('option', {value: 'all', selected: st.seat === 'all' ? true : undefined}, t(NARROW.matches ? 'whole_table_short' : 'whole_table')))),
      h('a', {class: 'button ghost download rc-btn', href: api.replayUrl(code, handNo), download: `${code}-${handNo}.json`,
        title: t('download_replay'), 'aria-label': t('download_replay')}, icon('download'), h('span', {class: 'wide-only'}, t('download_replay'))));

    const body = [];
    if (st.error) body.push(h('div', {class: 'card warn', 'data-testid': 'replay-error'}, st.error));
    if (st.error && st.file) {
      body.push(h('div', {class: 'card'},
        h('h3', {}, `${t('replay')} · ${st.file.actions.length}`),
        h('ol', {class: 'action-list', 'data-testid': 'replay-actions'},
          st.file.actions.map(([seat, a]) => h('li', {}, actionText(seat, a))))));
      const summary = st.summary || (st.file.settlement ? {settlement: st.file.settlement, seed: st.file.seed} : null);
      if (summary) body.push(h('div', {class: 'card'}, settlementEl({...summary, ruleset: st.file.ruleset}, st.names)));
    }
    if (st.view) {
      body.push(h('div', {class: 'events muted'}, st.events.map(eventText).filter(Boolean).join(' · ')));
      // The bottom seat's tiles face up and large (the board draws other seats face down unless revealed):
      // the viewing seat's own hand, or with the whole table the first seat's, at every step (at the
      // hand's end too: drawn like the others there, they shrank with a long hand's board to 12 px).
      const mine = st.view.seat !== null && st.view.seat !== undefined && !st.view.revealed ? st.view.hand
        : st.view.revealed ? st.view.revealed[st.view.seat ?? 0] : null;
      const own = mine
        ? h('div', {class: 'opp-hand revealed', 'data-testid': 'replay-hand'},
          arrangeHand(st.view, mine).map((id) => tileEl(id, {size: 'meld', view: st.view})))
        : null;
      const over = st.view.phase === 'over' && st.view.settlement;
      const sheet = over && PHONE.matches && !st.showBoard;
      const toggle = (testid, label) => h('button', {type: 'button', class: 'ghost small', 'data-testid': testid,
        onclick: () => { st.showBoard = !st.showBoard; render(); }}, label);
      if (!sheet) {
        body.push(boardEl(st.view, {names: st.names, room: null, myHand: own, lastDiscard: st.lastDiscard,
          centerExtra: !over ? null : PHONE.matches ? toggle('replay-show-settlement', t('settlement'))
            // (a wide screen has the settlement under the board: a button in the pond says so and goes there)
            : h('button', {type: 'button', class: 'ghost small', 'data-testid': 'replay-to-settlement', onclick: () => {
              const card = root.querySelector('[data-testid=replay-settle]');
              if (card) card.scrollIntoView({behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start'});
            }}, `${t('settlement')} ↓`)}));
      }
      if (over && (sheet || !PHONE.matches)) {
        body.push(h('div', {class: `card ${sheet ? 'replay-sheet' : ''}`, 'data-testid': 'replay-settle'},
          sheet ? toggle('replay-show-board', t('show_table')) : null, settlementEl(st.view, st.names)));
      }
    }
    mount(root, controls, body);
    fitBoard();
  }

  // As at the table: a board taller than the screen (a phone held sideways) shrinks its tiles (--fit)
  // until the viewing seat's hand is on the first screen; the settlement below may scroll.
  function fitBoard() {
    const sheetEl = root.querySelector('.replay-sheet');
    if (sheetEl) sheetEl.style.maxHeight = `${Math.max(160, window.innerHeight - sheetEl.getBoundingClientRect().top - window.scrollY - 6)}px`;
    const board = root.querySelector('.board');
    if (!board) return;
    let fit = 1;
    board.style.setProperty('--fit', '1');
    board.style.minHeight = '';
    const bottom = () => board.getBoundingClientRect().bottom + window.scrollY;
    // (in steps of 0.02: at 0.05 a board a few pixels too tall lost a twentieth of its tiles' width, and a
    // sideways phone's last step drew its discards under 16 px)
    while (fit > 0.55 && bottom() > window.innerHeight - 1) {
      fit -= 0.02;
      board.style.setProperty('--fit', fit.toFixed(2));
    }
    // a desktop's spare height goes to the board (the rivers spread out), as at the table (less the
    // page's own bottom padding, so the page does not scroll by those few pixels)
    const pad = parseFloat(getComputedStyle(app).paddingBottom) || 0;
    const spare = window.innerHeight - 1 - pad - bottom();
    if (spare > 0 && window.innerHeight > 500) {  // (an upright phone too: the strip left it 200 px bare below)
      board.style.minHeight = `${board.getBoundingClientRect().height + spare}px`;
    }
  }
  // The keys a replay bar answers to: ← → a step, Home / End the ends, space play / pause (not while a
  // field — the seat's select, the slider — has the keys).
  function onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest('select, input, textarea')) return;
    if (ev.key === ' ' && ev.target.closest('button, a')) return;  // (a focused button takes its own space)
    const act = {ArrowLeft: () => go(st.step - 1), ArrowRight: () => go(st.step + 1), Home: () => go(0),
      End: () => go(st.steps ?? 0), ' ': play}[ev.key];
    if (!act || !st.view) return;
    ev.preventDefault();
    act();
  }
  window.addEventListener('keydown', onKey);
  window.addEventListener('resize', fitBoard);
  PHONE.addEventListener('change', render);
  NARROW.addEventListener('change', render);

  (async () => {
    try {
      const {room} = await api.room(code);
      st.names = room.seats.map((s) => s.name || `#${s.seat + 1}`);
    } catch (e) { toast(e.message, 'error'); }
    load();
  })();
  render();
  return {dispose() {
    disposed = true; stop();
    window.removeEventListener('resize', fitBoard); window.removeEventListener('keydown', onKey);
    PHONE.removeEventListener('change', render); NARROW.removeEventListener('change', render);
  },
    relabel: render};
}
