// The lobby's own words (zh/en): the create-room panel's groups and short row labels, the home screen's
// captions. A file of their own (i18n.js is shared); `lw(key, vars)` reads them in the chosen language,
// falling back to i18n.js's `t` for a key that is not here.
import {getLang, t} from './i18n.js';

export const LOBBY_WORDS = {
  zh: {
    grp_rules: '规则', grp_clocks: '时间', grp_bots: '机器人', grp_room: '房间',
    row_ruleset: '麻将', row_hands: '局数', row_discard: '出牌', row_claim: '吃碰', row_ready: '准备',
    row_grace: '掉线托管', row_bot_level: '水平', row_bot_delay: '思考', row_tuoguan: '托管水平',
    row_fill: '空位补机器人', row_public: '公开房间', row_ranked: '排位赛', row_watch: '允许观战',
    row_watch_delay: '观战延迟', row_same_address: '同一地址',
    unit_s: '秒', unit_steps: '步',
    help_ranked: '四位注册玩家，不加机器人，计入积分。',
    help_grace: '掉线多少秒后由托管代打。',
    info: '说明',
    home_sub: '三个机器人陪你打，一点就开',
    qm_after: '等待秒数',
    tag_anqing: '钻牌 · 只能自摸', tag_hefei: '84 张 · 海捞', tag_baida: '百搭 · 补花', tag_guobiao: '八番起和',
    card_anqing: '安庆麻将', card_hefei: '合肥麻将', card_baida: '百搭麻将', card_guobiao: '国标麻将',
    mode_quick: '快速开始', modes: '玩法', mode_join: '加入房间', mode_create_sub: '选规则、局数和时间，邀请好友',
    mode_clubs_sub: '和熟人固定开桌，圈内排行', mode_matches_sub: '报名比赛，按名次排名', close: '关闭',
    rooms_none_sub: '创建一个房间，等别人加入',
  },
  en: {
    grp_rules: 'Rules', grp_clocks: 'Clocks', grp_bots: 'Bots', grp_room: 'Room',
    row_ruleset: 'Game', row_hands: 'Hands', row_discard: 'Turn', row_claim: 'Claim', row_ready: 'Ready',
    row_grace: 'Drop grace', row_bot_level: 'Level', row_bot_delay: 'Think time', row_tuoguan: 'Auto\u2011play',
    row_fill: 'Bots in empty seats', row_public: 'Public room', row_ranked: 'Ranked', row_watch: 'Spectators',
    row_watch_delay: 'Watch delay', row_same_address: 'Same IP',
    unit_s: 's', unit_steps: 'moves',
    help_ranked: 'Four accounts, no bots; the result counts for ratings.',
    help_grace: 'Seconds after a drop before auto-play takes the seat.',
    info: 'What is this?',
    home_sub: 'Three bots, the usual rules: one tap',
    qm_after: 'Wait (s)',
    tag_anqing: 'Wilds · self-draw only', tag_hefei: '84 tiles · sea bottom', tag_baida: 'Wild tiles · flowers',
    tag_guobiao: 'Official rules · 8 fan',
    // (the ruleset cards' titles: one short name each, the same length, so the four cards match; the
    // rest of a ruleset's full name is its tag's business)
    card_anqing: 'Anqing', card_hefei: 'Hefei', card_baida: 'Baida', card_guobiao: 'Guobiao',
    mode_quick: 'Quick start', modes: 'Game modes', mode_join: 'Join a room', mode_create_sub: 'Pick the rules, hands and clocks; invite friends',
    mode_clubs_sub: 'Regular tables with people you know', mode_matches_sub: 'Sign up for an event and play for a place', close: 'Close',
    rooms_none_sub: 'Create a room and wait for others',
  },
};

/** Whether the lobby has its own word for `key`. */
export function lwHas(key) { return key in LOBBY_WORDS.zh; }

export function lw(key, vars) {
  const table = LOBBY_WORDS[getLang()] || LOBBY_WORDS.zh;
  let s = table[key] ?? LOBBY_WORDS.zh[key];
  if (s === undefined) return t(key, vars);
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}
