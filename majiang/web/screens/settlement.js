// The settlement of one hand: every item with its 番/points, each payment, totals, revealed hands,
// and the seed-hash check (SHA-256 of the revealed seed == the hash shown from the deal).
import {h} from '../dom.js';
import {t, windName} from '../i18n.js';
import {sha256} from '../sha256.js';
import {tileEl} from '../tiles.js';
import {arrangeHand} from '../board.js';

const BREAKDOWN_ZH = {di: '底', fan: '番', lianzhuang: '连庄', base_silver: '基础银子', multiplier: '倍数',
  base: '底分', points: '分', zhuang: '庄分'};

function breakdownText(b) {
  return Object.entries(b || {}).map(([k, v]) => `${BREAKDOWN_ZH[k] && document.documentElement.lang.startsWith('zh') ? BREAKDOWN_ZH[k] : k} ${v}`).join(' · ');
}

function signed(n) { return n > 0 ? `+${n}` : String(n); }

/**
 * data: {settlement, seed, seed_hash, revealed?, dealer?, ruleset, hand_no?}; names: seat -> name.
 * Returns an element; the hash check fills in asynchronously.
 */
export function settlementEl(data, names, opts = {}) {
  const st = data.settlement || {};
  const nm = (s) => (names && names[s]) || `#${Number(s) + 1}`;
  const unit = data.ruleset === 'anqing' ? t('fan') : t('points');
  const blocks = [];

  let title;
  if (st.draw || data.draw) title = t('draw_game');
  else if (st.winners && st.winners.length) title = `${st.winners.map(nm).join('、')} ${t('winner')}`;
  else title = t('settlement');
  blocks.push(h('h2', {class: 'settle-title'}, title,
    data.hand_no ? h('span', {class: 'muted'}, ` · ${t('hand_no', {n: data.hand_no})}`) : null));

  if (!st.valid && st.reason && !(st.draw || data.draw)) {
    blocks.push(h('p', {class: 'warn'}, `${t('not_a_win')}: ${st.reason}`));
  }

  const itemTable = (items) => h('table', {class: 'items', 'data-testid': 'items'},
    h('tbody', {}, items.map((it) => h('tr', {},
      h('td', {class: 'item-name'}, it.name || it.key),
      h('td', {class: 'num'}, `${it.value} ${unit}`),
      h('td', {class: 'muted'}, it.note || '')))));

  const per = st.per_winner && Object.keys(st.per_winner).length ? st.per_winner : null;
  if (per) {
    for (const [w, items] of Object.entries(per)) {
      blocks.push(h('h3', {}, `${t('items')} — ${nm(w)}`), itemTable(items));
    }
  } else if (st.items && st.items.length) {
    blocks.push(h('h3', {}, t('items')), itemTable(st.items));
  }
  if (st.extra && typeof st.extra.fan === 'number') {
    blocks.push(h('p', {class: 'fan-total'}, `Σ ${st.extra.fan} ${t('fan')}`));
  }
  if (st.decomposition && st.decomposition.length) {
    blocks.push(h('p', {class: 'decomp'}, h('span', {class: 'muted'}, `${t('decomposition')}: `), st.decomposition.join('  ')));
  }

  if (st.payments && st.payments.length) {
    blocks.push(h('h3', {}, t('payments')), h('table', {class: 'payments', 'data-testid': 'payments'},
      h('thead', {}, h('tr', {}, h('th', {}, t('payer')), h('th', {}, ''), h('th', {}, t('payee')),
        h('th', {class: 'num'}, t('amount')), h('th', {}, t('breakdown')))),
      h('tbody', {}, st.payments.map((p) => h('tr', {},
        h('td', {}, nm(p.payer)), h('td', {}, '→'), h('td', {}, nm(p.payee)),
        h('td', {class: 'num'}, String(p.amount)),
        h('td', {class: 'muted'}, [breakdownText(p.breakdown), p.note ? ` ${p.note}` : ''].join('')))))));
  }

  const totals = st.totals || data.totals || [0, 0, 0, 0];
  blocks.push(h('h3', {}, t('totals')), h('table', {class: 'totals', 'data-testid': 'totals'},
    h('tbody', {}, totals.map((v, s) => h('tr', {class: st.winners && st.winners.includes(s) ? 'winner-row' : ''},
      h('td', {}, data.dealer !== undefined ? h('span', {class: 'wind'}, windName((s - data.dealer + 4) % 4)) : null, ' ', nm(s)),
      data.revealed ? h('td', {class: 'revealed'}, arrangeHand(data, data.revealed[s]).map((id) => tileEl(id, {size: 'mini', view: data}))) : null,
      h('td', {class: `num ${v > 0 ? 'pos' : v < 0 ? 'neg' : ''}`}, signed(v)),
      opts.running ? h('td', {class: 'num muted'}, `${t('running')} ${signed(opts.running[s])}`) : null)))));

  const check = h('p', {class: 'hash-check pending', 'data-testid': 'hash-check'}, '…');
  const seedLine = h('p', {class: 'seed-line muted'},
    `${t('seed')}: `, h('code', {}, data.seed || '—'), h('br'), `${t('seed_hash')}: `, h('code', {}, data.seed_hash || '—'));
  blocks.push(check, seedLine);
  if (data.seed && data.seed_hash) {
    sha256(data.seed).then((hex) => {
      const ok = hex === data.seed_hash;
      check.textContent = ok ? t('hash_ok') : `${t('hash_bad')} (${hex.slice(0, 16)}…)`;
      check.className = `hash-check ${ok ? 'ok' : 'bad'}`;
      check.dataset.ok = ok ? 'true' : 'false';
    });
  } else {
    check.textContent = '—';
    check.dataset.ok = 'unknown';
  }
  return h('div', {class: 'settlement', 'data-testid': 'settlement'}, blocks, opts.footer || null);
}
