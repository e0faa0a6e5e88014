// The leaderboard (#/leaderboard/<ruleset>/<mode>): the top players of a ruleset and mode by rating
// (openskill, "1520 ± 80", provisional for the first matches) and this player's own place; equal ratings
// share a place (the server numbers the rows), so the highlighted row carries the place the line above says.
import {h, mount} from '../dom.js';
import {getLang, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {modeChoices} from '../quickmatch.js';

const inLang = (text) => (text ? (text[getLang()] || text.zh || text.en) : null);

export function leaderboardScreen({app, go}, rulesetArg, modeArg) {
  let disposed = false;
  let info = null;
  const root = h('section', {class: 'screen leaderboard', 'data-testid': 'leaderboard'});
  mount(app, root);

  function ratingText(r) { return `${Math.round(r.mu)} ± ${Math.round(r.sigma)}`; }

  async function show() {
    try {
      info = info || await api.rulesets();
      if (disposed) return;
      const rs = info.rulesets.find((r) => r.name === rulesetArg) || info.rulesets[0];
      const m = modeChoices(rs);
      const mode = m.choices.includes(modeArg) ? modeArg : (m.choices.length ? m.value || m.choices[0] : '-');
      const board = await api.leaderboard(rs.name, mode, 50);
      if (disposed) return;
      const rsSel = h('select', {'data-testid': 'lb-ruleset', onchange: () => go(`#/leaderboard/${rsSel.value}`)},
        info.rulesets.map((r) => h('option', {value: r.name, selected: r.name === rs.name ? true : undefined}, rulesetName(r.name, r.title))));
      const modeSel = m.choices.length ? h('select', {'data-testid': 'lb-mode', onchange: () => go(`#/leaderboard/${rs.name}/${modeSel.value}`)},
        m.choices.map((c) => h('option', {value: c, selected: c === mode ? true : undefined}, inLang(m.labels[c])))) : null;
      const me = board.me;
      mount(root, h('div', {class: 'card'},
        h('h2', {}, t('leaderboard')),
        h('div', {class: 'opts'}, h('label', {class: 'field'}, h('span', {}, t('ruleset')), rsSel),
          modeSel ? h('label', {class: 'field'}, h('span', {}, t('mode')), modeSel) : null),
        h('p', {class: 'muted', 'data-testid': 'lb-me'}, me ? t('my_place', {n: me.place, r: ratingText(me)})
          : session.token ? t('not_rated') : ''),
        board.top.length ? h('table', {class: 'list lb'},
          h('thead', {}, h('tr', {}, h('th', {class: 'num'}, t('lb_place')), h('th', {}, t('lb_player')), h('th', {class: 'num'}, t('rating')),
            h('th', {class: 'num'}, t('matches')))),
          h('tbody', {}, board.top.map((p, i) => h('tr', {class: p.player_id === session.playerId ? 'mine' : '', 'data-testid': `lb-row-${i + 1}`},
            h('td', {class: 'num'}, String(p.place)),
            h('td', {class: 'lb-name'}, p.name),
            h('td', {class: 'num'}, h('span', {class: 'rating-n'}, ratingText(p)), p.provisional ? h('span', {class: 'chip warn', title: t('provisional')}, t('provisional')) : null),
            h('td', {class: 'num'}, String(p.matches))))))
          : h('p', {class: 'muted'}, t('no_ratings')),
        h('p', {class: 'muted'}, t('players_rated', {n: board.players}))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
  }
  show();
  return {dispose() { disposed = true; }, relabel: show};
}
