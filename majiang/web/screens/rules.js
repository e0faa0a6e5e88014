// The rules pages (#/rules, #/rules/anqing/A …): how to win, what is special, the scoring table with
// values and the room options with their one-line explanations (both from the server: `rules_table`
// and `option_info` in GET /api/rulesets), one worked example (the server's too: `examples`, scored by
// the ruleset's own scoring).
import {h, mount} from '../dom.js';
import {getLang, t} from '../i18n.js';
import {api} from '../api.js';
import {tileEl} from '../tiles.js';
import {breakdownText, itemName, parseTiles} from '../phrases.js';
import {PAGES, helpText} from '../help_text.js';

/** "456m 567p · chow 123m" → the same words with each tile group drawn. */
function tilesLine(text) {
  return text.split(/(\s+)/).map((part) => (/^(?:[0-9]+[mpsz]|f[1-8])+$/.test(part)
    ? h('span', {class: 'tile-row'}, parseTiles(part).map((id) => tileEl(id, {size: 'mini'})))
    : part));
}

function optionRows(info, ruleset) {
  const rs = info && info.rulesets ? info.rulesets.find((r) => r.name === ruleset) : null;
  const oi = rs && rs.option_info;
  if (!oi) return null;
  const lang = getLang();
  const rows = Object.entries(oi).map(([key, o]) => {
    const label = (o.label && (o.label[lang] || o.label.zh)) || o[`label_${lang}`] || key;
    const help = (o.help && (o.help[lang] || o.help.zh)) || (o.explain && (o.explain[lang] || o.explain.zh)) || o[`help_${lang}`] || '';
    return h('tr', {}, h('td', {class: 'item-name'}, label), h('td', {class: 'muted'}, help));
  });
  return rows.length ? rows : null;
}

/** The page's scoring table from the server (`rules_table` in GET /api/rulesets): [] until it answers. */
function tableRows(info, ruleset, page) {
  const rs = info && info.rulesets ? info.rulesets.find((r) => r.name === ruleset) : null;
  return (rs && rs.rules_table && rs.rules_table[page.split('/')[1]]) || [];
}

/** The page's worked example from the server (`examples` in GET /api/rulesets): null until it answers. */
function serverExample(info, ruleset, page) {
  const rs = info && info.rulesets ? info.rulesets.find((r) => r.name === ruleset) : null;
  return (rs && rs.examples && rs.examples[page.split('/')[1]]) || null;
}

/** The example's score as the ruleset's scoring computed it: "跑风 6 = 6 番", then who pays what. */
function exampleLines(ex, ruleset, tx, unit, lang) {
  const s = ex.settlement;
  const seatName = (seat) => `${tx.winds[(seat - ex.dealer + 4) % 4]}${tx.seat}${seat === ex.dealer ? tx.dealer : ''}`;
  const items = s.items || [];
  const sum = s.extra && typeof s.extra.fan === 'number' ? s.extra.fan : items.reduce((a, i) => a + i.value, 0);
  const itemsLine = `${items.map((i) => `${itemName(i, ruleset)} ${i.value}`).join(' + ')} = ${sum} ${unit}`;
  const winner = s.winners[0];
  const payments = (s.payments || []).map((p) => h('li', {},
    `${seatName(p.payer)}${lang === 'zh' ? '' : ' '}${tx.pays} ${p.amount}`,
    h('span', {class: 'muted'}, lang === 'zh' ? `（${breakdownText(p.breakdown, ruleset)}）` : ` (${breakdownText(p.breakdown, ruleset)})`)));
  const payLine = `${tx.total}${lang === 'zh' ? '：' : ': '}${seatName(winner)} +${s.totals[winner]}`;
  return [h('p', {'data-testid': 'example-items'}, itemsLine),
    h('ul', {'data-testid': 'example-payments'}, payments, h('li', {}, h('strong', {}, payLine)))];
}

// The server's rulesets as last fetched: the next rules page draws its table and example from them at
// once (a new page drew an empty table until its own fetch came back), then takes the fresh answer.
let known = null;

export function rulesScreen({app}, ruleset, mode) {
  const root = h('section', {class: 'screen rules', 'data-testid': 'rules'});
  mount(app, root);
  let info = known;
  // A ruleset without modes (百搭麻将) has one page, `default`; `#/rules/baida` opens it too.
  const key = `${ruleset}/${mode || 'default'}`;
  const page = PAGES.includes(key) ? key : null;

  function render() {
    const tx = helpText(getLang());
    const nav = h('nav', {class: 'rules-nav'}, PAGES.map((p) => h('a', {href: `#/rules/${p}`, class: p === page ? 'on' : '',
      'data-testid': `rules-${p.replace('/', '-')}`}, tx.pages[p].name)));
    if (!page) {
      mount(root, h('div', {class: 'rules-book'}, h('div', {class: 'card rules-head'}, h('h2', {}, tx.title), h('p', {class: 'muted'}, tx.intro), nav)));
      return;
    }
    const p = tx.pages[page];
    const lang = getLang();
    const items = tableRows(info, ruleset, page);
    const opts = optionRows(info, ruleset);
    const ex = serverExample(info, ruleset, page);
    // A game's rule book: the ruleset's name over its pages as tabs, each part a panel under a tile and its
    // title (how to win and what is special side by side on a wide screen), the scoring table a list of
    // cards on a phone.
    const panel = (cls, icon, title, ...body) => h('section', {class: `card rules-panel ${cls}`},
      h('h3', {}, h('span', {class: 'rules-icon', 'aria-hidden': 'true'}, tileEl(parseTiles(icon)[0], {size: 'mini'})), title), ...body);
    mount(root, h('div', {class: 'rules-book'},
      h('div', {class: 'card rules-head'}, h('h2', {}, p.name), nav),
      h('div', {class: 'rules-pair'},
        panel('rules-win', '5z', tx.win, h('ul', {}, p.win.map((x) => h('li', {}, tilesLine(x))))),
        panel('rules-special', '6z', tx.special, h('ul', {}, p.special.map((x) => h('li', {}, tilesLine(x)))))),
      panel('rules-score', '1p', p.table || tx.table,  // a page may name its own unit (百搭麻将 counts 台, not 番)
        h('table', {class: 'list rules-table', 'data-testid': 'rules-table'},
          h('thead', {}, h('tr', {}, h('th', {}, p.item || tx.item), h('th', {}, p.value || tx.value), h('th', {}, tx.when))),
          h('tbody', {}, items.map(({name, value, when}) => h('tr', {},
            h('td', {class: 'item-name'}, lang === 'zh' ? name.zh : `${name.en} (${name.zh})`),
            h('td', {class: 'num'}, value[lang] || value.zh), h('td', {class: 'muted'}, when[lang] || when.zh))))),
        h('p', {class: 'rules-pay'}, p.pay)),
      ex ? panel('rules-example', '1m', tx.example,
        h('p', {class: 'example-hand'}, tilesLine(ex.hand[lang] || ex.hand.zh), ' + ', tilesLine(ex.win)),
        h('p', {}, ex.story[lang] || ex.story.zh),
        exampleLines(ex, ruleset, tx, p.unit, lang)) : null,
      opts ? panel('rules-options', '1s', tx.options, h('table', {class: 'list rules-opts'}, h('tbody', {}, opts))) : null,
      h('p', {class: 'rules-back'}, h('a', {class: 'button', href: '#/lobby'}, t('lobby_link')))));
  }
  render();
  api.rulesets().then((r) => { known = r; info = r; render(); }).catch(() => {});
  return {relabel: render};
}
