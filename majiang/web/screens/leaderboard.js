// The leaderboard (#/leaderboard/<ruleset>/<mode>): the top players of a ruleset and mode by rating
// (openskill, "1520 ± 80", provisional for the first matches) and this player's own place; equal ratings
// share a place (the server numbers the rows), so the highlighted row carries the place the line above says.
// As a game's ranking screen: the first three on a podium (avatars, medals), everyone after them a card,
// and my own place on a card of its own that stays in sight (pinned at the bottom on a phone).
import {h, mount} from '../dom.js';
import {getLang, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {modeChoices} from '../quickmatch.js';
import {avatarEl} from '../avatars.js';
import {rw} from '../review_words.js';
import {medalEl} from './ranking.js';

const games = (n) => rw(n === 1 ? 'lb_game_one' : 'lb_games', {n});
const inLang = (text) => (text ? (text[getLang()] || text.zh || text.en) : null);

// "How ratings work" open where there is room for it (a wide, tall screen), folded elsewhere; it follows the
// window as it changes size (it was decided once, at the first draw).
const ROOMY = '(min-width: 1000px) and (min-height: 640px)';

export function leaderboardScreen({app, go}, rulesetArg, modeArg) {
  let disposed = false;
  let info = null;
  const roomy = matchMedia(ROOMY);
  let about = null;
  const follow = () => { if (about) about.open = roomy.matches; };
  roomy.addEventListener('change', follow);
  const root = h('section', {class: 'screen leaderboard', 'data-testid': 'leaderboard'});
  mount(app, root);

  function ratingText(r) { return `${Math.round(r.mu)} ± ${Math.round(r.sigma)}`; }
  const mineCls = (p) => (p.player_id === session.playerId ? ' mine' : '');
  const provisional = (p) => (p.provisional ? h('span', {class: 'chip warn provisional', title: t('provisional')}, t('provisional')) : null);

  /** One of the first three on the podium: avatar with its medal, name, rating, matches, and the step. */
  function podiumPlace(p, i) {
    const place = Math.min(p.place, 3);
    return h('li', {class: `podium-place p${place}${mineCls(p)}`, 'data-testid': `lb-row-${i + 1}`, 'data-place': p.place},
      h('div', {class: 'podium-who'},
        h('div', {class: 'podium-avatar'}, avatarEl(p.avatar || 0, 'lg'), medalEl(p.place)),
        h('strong', {class: 'lb-name'}, p.name, p.player_id === session.playerId ? h('span', {class: 'me-tag'}, t('me')) : null),
        h('span', {class: 'rating-n'}, ratingText(p)),
        // (on a wide screen a place without the chip keeps its room, so equal places stand on equal steps)
        provisional(p) || h('span', {class: 'chip provisional-space', 'aria-hidden': 'true'}, t('provisional')),
        h('small', {class: 'lb-games'}, games(p.matches))),
      h('div', {class: 'podium-step', 'aria-hidden': 'true'}, String(p.place)));
  }

  /** Everyone after the podium: a card each (place, avatar, name, rating, matches). */
  function row(p, i) {
    return h('li', {class: `lb-row${mineCls(p)}`, 'data-testid': `lb-row-${i + 1}`, 'data-place': p.place},
      h('span', {class: 'lb-place num'}, String(p.place)),
      avatarEl(p.avatar || 0, 'md'),
      h('span', {class: 'lb-name'}, p.name, p.player_id === session.playerId ? h('span', {class: 'me-tag'}, t('me')) : null),
      h('span', {class: 'lb-rating'}, h('span', {class: 'rating-n'}, ratingText(p)), provisional(p)),
      h('span', {class: 'lb-games num'}, games(p.matches)));
  }

  /** My own place: a card that stays in sight. */
  function meCard(me, board) {
    if (!me) {
      return h('div', {class: 'lb-me-card none', 'data-testid': 'lb-me'}, session.token ? t('not_rated') : '');
    }
    const mineRow = board.top.find((p) => p.player_id === session.playerId);
    return h('div', {class: 'lb-me-card', 'data-testid': 'lb-me'},
      h('span', {class: 'lb-place num'}, me.place <= 3 ? medalEl(me.place) : String(me.place)),
      avatarEl(mineRow ? mineRow.avatar || 0 : 0, 'md'),
      h('span', {class: 'lb-me-text'}, t('my_place', {n: me.place, r: ratingText(me)})),
      h('span', {class: 'lb-games num'}, games(me.matches)));
  }

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
      const top3 = board.top.slice(0, 3);
      const rest = board.top.slice(3);
      // the podium's order on screen: second, first, third (the first in the middle, highest)
      const podium = top3.length ? h('ol', {class: `lb-podium n${top3.length}`, 'data-testid': 'lb-podium'},
        top3.map(podiumPlace)) : null;
      mount(root, h('div', {class: 'lb-layout'},
        h('div', {class: 'card lb-head'},
          h('h2', {}, t('leaderboard'), h('span', {class: 'muted'}, ` · ${rulesetName(rs.name, rs.title)}`)),
          h('div', {class: 'opts'}, h('label', {class: 'field'}, h('span', {}, t('ruleset')), rsSel),
            modeSel ? h('label', {class: 'field'}, h('span', {}, t('mode')), modeSel) : null)),
        board.top.length ? h('div', {class: 'card lb-stage'},
          h('div', {class: 'lb-stage-title', 'data-testid': 'lb-stage-title'}, h('strong', {}, rw('lb_top_three')), h('small', {}, `${rulesetName(rs.name, rs.title)}${modeSel ? ` · ${inLang(m.labels[mode])}` : ''}`)),
          podium) : h('div', {class: 'card lb-stage empty'},
          h('p', {class: 'muted'}, t('no_ratings'))),
        meCard(board.me, board),
        h('div', {class: 'card lb-side'},
          rest.length ? h('ol', {class: 'lb-rows', 'data-testid': 'lb-rows', start: 4}, rest.map((p, i) => row(p, i + 3))) : null,
          h('p', {class: 'muted lb-count'}, t('players_rated', {n: board.players})),
          about = h('details', {class: 'lb-about', 'data-testid': 'lb-about', open: roomy.matches ? true : undefined},
            h('summary', {}, rw('lb_about_title')), h('p', {}, rw('lb_about'))))));
    } catch (e) { mount(root, h('div', {class: 'card'}, `${t('error')}${t('colon')}${e.message}`)); }
  }
  show();
  return {dispose() { disposed = true; roomy.removeEventListener('change', follow); }, relabel: show};
}
