// The review screens' own words (zh/en): the settlement, the replay, the history and the match summary.
// A file of their own (i18n.js is shared); `rw(key, vars)` reads them in the chosen language, falling back
// to i18n.js's `t` for a key that is not here.
import {getLang, t} from './i18n.js';

export const REVIEW_WORDS = {
  zh: {
    // 一炮多响: one title for every winner of the one discard
    multi_win: '{who} 胡 · {from} 点炮', seal_multi: '一炮\n多响', and_sep: '、', and_last: '、',
    items_sum: '合计',
    // the items' card by the ruleset's own unit (百搭 counts 台: "番" is not its word)
    items_anqing: '番型', items_guobiao: '番种', items_hefei: '计分', items_baida: '台数',
    // the leaderboard
    lb_games: '{n} 场', lb_game_one: '1 场',
    // the history's and 战绩's match cards
    h_hands: '每局', h_vs: '对手', h_sep: ' · ', lb_about_title: '积分怎么算', lb_top_three: '前三甲',
    lb_about: '积分是你的实力估计，± 后是它的不确定度；排名按「积分 − 3 × 不确定度」。每打完一场排位赛都会更新，前几场显示「定级中」。',
  },
  en: {
    multi_win: '{who} win on {from}’s discard', seal_multi: 'Multi-win', and_sep: ', ', and_last: ' and ',
    items_sum: 'Total',
    items_anqing: 'Items', items_guobiao: 'Fans', items_hefei: 'Items', items_baida: 'Items',
    lb_games: '{n} matches', lb_game_one: '1 match',
    h_hands: 'Hands', h_vs: 'vs', h_sep: ' · ', lb_about_title: 'How ratings work', lb_top_three: 'Top three',
    lb_about: 'A rating is an estimate of your skill; the number after ± is how unsure it still is. Places go by rating minus three times that. Every ranked match updates it; the first few show "Provisional".',
  },
};

export function rw(key, vars) {
  const table = REVIEW_WORDS[getLang()] || REVIEW_WORDS.zh;
  let s = table[key] ?? REVIEW_WORDS.zh[key];
  if (s === undefined) return t(key, vars);
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

/** The title of a settlement's list of items in the ruleset's words. */
export function itemsTitle(ruleset) { return `items_${ruleset}` in REVIEW_WORDS.zh ? rw(`items_${ruleset}`) : t('items'); }

/** Names as a list in words: "阿明、小李", "Ann, Bo and Cy". */
export function namesText(names) {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(rw('and_sep'))}${rw('and_last')}${names[names.length - 1]}`;
}
