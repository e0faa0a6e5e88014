// 战绩 (#/records): my matches, newest first, filtered by ruleset and period; each opens its summary.
import {h, mount} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api} from '../api.js';
import {errorText} from './account.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));

export function recordsScreen({app}) {
  const root = h('section', {class: 'screen records', 'data-testid': 'records'});
  mount(app, root);
  let disposed = false;
  let query = {period: 'all', ruleset: ''};
  const list = h('div', {});

  function filters() {
    const period = h('select', {id: 'rec-period', 'aria-label': t('period'), onchange: () => { query.period = period.value; load(); }},
      ['week', 'month', 'all'].map((p) => h('option', {value: p, selected: query.period === p ? true : undefined}, t(`period_${p}`))));
    const ruleset = h('select', {id: 'rec-ruleset', 'aria-label': t('ruleset'), onchange: () => { query.ruleset = ruleset.value; load(); }},
      [['', t('all_rulesets')], ...['anqing', 'hefei', 'baida', 'guobiao'].map((r) => [r, rulesetName(r)])]
        .map(([v, label]) => h('option', {value: v, selected: query.ruleset === v ? true : undefined}, label)));
    return h('div', {class: 'inline filters'}, period, ruleset);
  }

  async function load() {
    try {
      const q = {period: query.period, limit: 50};
      if (query.ruleset) q.ruleset = query.ruleset;
      const data = await api.records(q);
      if (disposed) return;
      mount(list, data.matches.length ? h('ul', {class: 'matches', 'data-testid': 'match-list'}, data.matches.map((m) => {
        const mine = m.players.find((p) => p.seat === m.seat) || {total: 0, place: 0};
        return h('li', {}, h('a', {href: `#/match/${m.room_code}`, 'data-testid': `match-${m.room_code}`},
          h('span', {class: 'code'}, m.room_code),
          h('span', {}, rulesetName(m.ruleset)),
          h('span', {class: 'muted'}, dateText(m.finished_at)),
          h('span', {}, m.status === 'finished' ? t('place_n', {n: mine.place}) : t('playing_now')),
          h('span', {class: `num ${mine.total > 0 ? 'pos' : mine.total < 0 ? 'neg' : ''}`}, signed(mine.total))));
      })) : h('p', {class: 'muted'}, t('no_records')));
    } catch (e) { mount(list, h('p', {}, errorText(e))); }
  }

  function draw() {
    mount(root, h('div', {class: 'card'}, h('div', {class: 'card-head'}, h('h2', {}, t('records')), filters()), list));
    load();
  }
  draw();
  return {dispose() { disposed = true; }, relabel: draw};
}
