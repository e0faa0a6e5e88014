// A match's summary (#/match/CODE), readable without an account so that it can be shared: places and
// totals, the best hand, every hand's outcome with its 回放码; an image of it drawn in the browser.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api} from '../api.js';
import {errorText} from './account.js';
import {namesText} from '../review_words.js';
import {medalEl} from './ranking.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));

export function formatCode(code) { return code ? `${code.slice(0, 4)}-${code.slice(4)}` : ''; }

function howText(hand, names) {
  if (hand.how === 'draw') return t('how_draw');
  const who = namesText(hand.winners.map((w) => names[w]));  // ("阿明、小李", "Ann and Bo": no '、' in English)
  return hand.how === 'self_draw' ? `${who} ${t('how_self_draw')}` : `${who} · ${names[hand.dealt_in] ?? ''} ${t('how_discard')}`;
}

/** The summary as a PNG (a canvas drawn here, nothing sent anywhere). */
function summaryPng(m) {
  const ranked = [...m.players].sort((a, b) => a.place - b.place);
  const w = 720, rowH = 64, hgt = 170 + ranked.length * rowH + 60;
  const c = document.createElement('canvas');
  c.width = w; c.height = hgt;
  const g = c.getContext('2d');
  g.fillStyle = '#0f3d2e'; g.fillRect(0, 0, w, hgt);
  g.fillStyle = '#f6d36b'; g.font = 'bold 34px sans-serif';
  g.fillText(`${rulesetName(m.ruleset)} · ${m.room_code}`, 32, 60);
  g.fillStyle = '#e8efe9'; g.font = '20px sans-serif';
  g.fillText(`${dateText(m.finished_at)} · ${m.hands} ${t('hand')}`, 32, 96);
  if (m.best_hand) {
    const who = m.players[m.best_hand.seat].name;
    g.fillText(t('best_hand_of', {who, n: m.best_hand.hand_no, p: m.best_hand.points}), 32, 130);
  }
  ranked.forEach((p, i) => {
    const y = 170 + i * rowH;
    g.fillStyle = p.place === 1 ? 'rgba(246,211,107,.25)' : 'rgba(255,255,255,.06)';  // (a tie for first: both)
    g.fillRect(24, y, w - 48, rowH - 8);
    g.fillStyle = '#fff'; g.font = 'bold 26px sans-serif';
    g.fillText(t('place_n', {n: p.place}), 40, y + 38);
    g.font = '26px sans-serif'; g.fillText(p.name, 190, y + 38);
    g.textAlign = 'right'; g.fillStyle = p.total >= 0 ? '#8fe3a0' : '#ff9c8f';
    g.fillText(signed(p.total), w - 44, y + 38); g.textAlign = 'left';
  });
  g.fillStyle = '#9fb8a8'; g.font = '16px sans-serif';
  g.fillText(location.origin + location.pathname + `#/match/${m.room_code}`, 32, hgt - 24);
  return c.toDataURL('image/png');
}

export function matchScreen({app, go}, code) {
  const root = h('section', {class: 'screen match', 'data-testid': 'match'});
  mount(app, root);
  let disposed = false;
  let data = null;

  function draw() {
    const m = data;
    const names = m.players.map((p) => p.name);
    const ranked = [...m.players].sort((a, b) => a.place - b.place);
    const link = `${location.origin}${location.pathname}#/match/${m.room_code}`;
    mount(root, h('div', {class: 'card history-card'},
      h('div', {class: 'card-head'}, h('h2', {}, t('summary'), ' · ', rulesetName(m.ruleset), ' ', h('span', {class: 'code'}, m.room_code)),
        h('a', {class: 'button ghost h-back', href: '#/records'}, '‹ ', t('back'))),
      h('p', {class: 'muted'}, `${dateText(m.finished_at)} · ${t('hands_n', {n: m.hands})}`, m.status === 'finished' ? '' : ` · ${t('playing_now')}`),
      h('ol', {class: 'places', 'data-testid': 'places'}, ranked.map((p) => h('li', {class: p.place === 1 ? 'first' : '', 'data-place': p.place, 'data-total': p.total},
        medalEl(p.place), h('span', {class: 'place'}, t('place_n', {n: p.place})), h('span', {class: 'pname'}, p.name),
        h('span', {class: `num ${p.total > 0 ? 'pos' : p.total < 0 ? 'neg' : ''}`}, signed(p.total))))),
      m.best_hand ? h('p', {'data-testid': 'best-hand'}, t('best_hand_of', {who: names[m.best_hand.seat], n: m.best_hand.hand_no, p: m.best_hand.points}),
        ' ', h('a', {href: `#/replay/${m.room_code}/${m.best_hand.hand_no}`}, t('replay'))) : null,
      h('div', {class: 'inline share'},
        h('button', {type: 'button', 'data-testid': 'copy-link', onclick: async () => {
          try { await navigator.clipboard.writeText(link); toast(t('copied')); } catch { toast(link); }
        }}, t('copy_link')),
        h('a', {class: 'button', 'data-testid': 'save-png', download: `${m.room_code}.png`, href: '#',
          onclick: (ev) => { ev.currentTarget.href = summaryPng(m); }}, t('save_png')),
        h('a', {class: 'button ghost', href: `#/history/${m.room_code}`}, t('hand_details'))),
      // every hand a card, as in the history: its number, how it ended, each seat's points under its name,
      // and its 回放码 (opening the replay)
      h('div', {class: 'scroll-x'}, h('table', {class: 'list hand-cards', 'data-testid': 'match-hands'},
        h('thead', {}, h('tr', {}, h('th', {}, t('hand')), h('th', {}, t('outcome')), names.map((n) => h('th', {class: 'num'}, n)),
          h('th', {}, t('replay_code')))),
        h('tbody', {}, m.hand_list.map((hd) => h('tr', {},
          h('td', {class: 'h-no'}, h('strong', {}, `#${hd.hand_no}`)),
          h('td', {class: 'hand-outcome'}, h('span', {class: `chip outcome ${hd.how === 'draw' ? 'draw' : 'won'}`}, howText(hd, names))),
          hd.totals.map((x, i) => h('td', {class: `num seat-total ${x > 0 ? 'pos' : x < 0 ? 'neg' : ''}`, 'data-label': names[i]}, signed(x))),
          h('td', {class: 'hand-actions'}, h('a', {class: 'button ghost code', href: `#/replay/${m.room_code}/${hd.hand_no}`,
            'data-testid': `code-${hd.hand_no}`, title: t('replay_code'), 'aria-label': `${t('replay')} ${formatCode(hd.replay_code)}`},
          formatCode(hd.replay_code))))))))));  // (a ▶ drawn before it by review.css: the code alone is its text)
  }

  (async () => {
    try { data = await api.match(code); } catch (e) { toast(errorText(e), 'error'); go('#/records'); return; }
    if (!disposed) draw();
  })();
  return {dispose() { disposed = true; }, relabel() { if (data) draw(); }};
}

/** The lobby's card: type a 回放码, watch that hand. */
export function replayCodeCard(go) {
  const input = h('input', {id: 'replay-code', placeholder: t('code_hint'), maxlength: 12, autocapitalize: 'characters',
    autocomplete: 'off', 'aria-label': t('replay_code')});
  return h('form', {class: 'card', 'data-testid': 'replay-code-card', onsubmit: async (ev) => {
    ev.preventDefault();
    const code = input.value.trim();
    if (!code) return;
    try {
      const target = await api.replayCode(code);
      go(`#/replay/${target.room_code}/${target.hand_no}`);
    } catch (e) { toast(errorText(e), 'error', 5000); }
  }}, h('h2', {}, t('enter_replay_code')), h('div', {class: 'inline'}, input,
    h('button', {class: 'primary', type: 'submit', 'data-testid': 'open-replay'}, t('open_replay'))));
}
