// 战绩 (#/records): my matches, newest first, filtered by ruleset and period; each opens its summary.
import {h, mount} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api} from '../api.js';
import {errorText} from './account.js';
import {medalEl} from './ranking.js';
import {rw} from '../review_words.js';

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
      // each match a card, as the history's: my place as a medal, the ruleset, when, the opponents, my
      // points large in colour; the whole card opens the match's summary
      mount(list, data.matches.length ? h('ol', {class: 'mcards', 'data-testid': 'match-list'}, data.matches.map((m) => {
        const mine = m.players.find((p) => p.seat === m.seat) || {total: 0, place: 0};
        const others = m.players.filter((p) => p.seat !== m.seat);
        const done = m.status === 'finished';
        return h('li', {class: `mcard${done && mine.place === 1 ? ' first' : ''}`},
          h('a', {class: 'mcard-main', href: `#/match/${m.room_code}`, 'data-testid': `match-${m.room_code}`},
            h('div', {class: 'mcard-badge'}, done && mine.place ? medalEl(mine.place) : h('span', {class: 'chip status-chip playing'}, t('playing_now'))),
            h('div', {class: 'mcard-what'},
              h('strong', {class: 'mcard-rule'}, rulesetName(m.ruleset)),
              h('small', {class: 'muted'}, dateText(m.finished_at), ' · ', h('span', {class: 'code'}, m.room_code)),
              others.length ? h('small', {class: 'mcard-opp'}, rw('h_vs'), ' ', others.map((p) => p.name).join(rw('h_sep'))) : null),
            h('div', {class: 'mcard-score'},
              h('strong', {class: `mcard-total num ${mine.total > 0 ? 'pos' : mine.total < 0 ? 'neg' : ''}`}, signed(mine.total)),
              h('small', {class: 'muted'}, done ? t('place_n', {n: mine.place}) : '')),
            h('span', {class: 'mcard-go', 'aria-hidden': 'true'}, '›')));
      })) : h('p', {class: 'muted'}, t('no_records')));
    } catch (e) { mount(list, h('p', {}, errorText(e))); }
  }

  function draw() {
    mount(root, h('div', {class: 'history-page'}, h('div', {class: 'card history-head'}, h('h2', {}, t('records')), filters()), list));
    load();
  }
  draw();
  return {dispose() { disposed = true; }, relabel: draw};
}
