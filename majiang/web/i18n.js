// Chinese by default, English by a switch (stored in localStorage).

const NUM_ZH = '一二三四五六七八九';
const SUIT_ZH = ['万', '筒', '条'];
const SUIT_EN = ['Characters', 'Dots', 'Bamboo'];
const HONOR_ZH = ['东风', '南风', '西风', '北风', '红中', '发财', '白板'];
const HONOR_EN = ['East', 'South', 'West', 'North', 'Red', 'Green', 'White'];
const WINDS_ZH = ['东', '南', '西', '北'];
const WINDS_EN = ['E', 'S', 'W', 'N'];

const STRINGS = {
  zh: {
    app_title: '安徽麻将', tagline: '安庆 · 合肥 麻将在线对局',
    your_name: '你的名字', enter: '进入大厅', name_hint: '1–24 个字',
    lobby: '大厅', create_room: '创建房间', ruleset: '规则', mode: '玩法', mode_A: 'A 不打缺', mode_B: 'B 打缺',
    room_type: '房间', room_baoting: '报听', room_bubaoting: '不报听', base_silver: '基础银子',
    hands: '局数', discard_seconds: '出牌时间(秒)', claim_seconds: '吃碰时间(秒)', bot_delay: '机器人思考(秒)',
    public_room: '公开房间', fill_bots: '空位加机器人', create: '创建', join_by_code: '输入房号加入',
    room_code: '房号', join: '加入', open_rooms: '等待中的房间', no_rooms: '暂无房间', refresh: '刷新',
    history: '战绩', logout: '换名字', back: '返回', lang: 'English', seats_taken: '{n}/4 人',
    waiting: '等待开局', ready: '准备', readied: '已准备', add_bots: '加机器人', leave: '离开座位',
    share_code: '房号 {code} — 发给朋友加入', empty_seat: '空位', bot: '机器人', offline: '离线',
    tuoguan: '托管', tuoguan_on: '托管中', cancel_tuoguan: '取消托管',
    wall_left: '余 {n} 张', hand_no: '第 {n} 局', dealer: '庄', streak: '连庄 {n}', wild: '钻',
    stand_in: '代', gangpai: '杠牌', indicator: '翻牌', seed_hash: '种子哈希',
    act_win: '胡', act_pass: '过', act_chi: '吃', act_peng: '碰', act_kong: '杠', act_declare: '报听',
    act_wildkong: '直叫', act_expose: '亮杠牌', act_discard: '出牌', cancel: '取消',
    choose_chi: '选择吃法', choose_kong: '选择杠', choose_declare: '报听：请选择要打出的牌',
    your_turn: '轮到你出牌', claim_on: '{who} 打出', ting: '听', ting_none: '',
    unseen: '剩 {n}', declared: '已报听', me: '我',
    settlement: '结算', draw_game: '荒庄', winner: '胡牌', items: '番型', fan: '番', points: '分',
    payments: '支付', payer: '付', payee: '收', amount: '数额', totals: '本局得分', running: '总分',
    revealed: '亮牌', decomposition: '牌型', seed: '种子', hash_ok: '✔ 种子哈希校验通过',
    hash_bad: '✘ 种子哈希不符！', next_hand: '准备下一局', match_over: '比赛结束', final_totals: '最终总分',
    replay: '回放', view_settlement: '查看结算', my_rooms: '我的房间', no_history: '还没有对局记录',
    hand: '局', step: '第 {k}/{n} 步', seat_view: '视角', play: '播放', pause: '暂停',
    replay_missing: '服务器暂不支持逐步回放（缺少 /view 接口）', download_replay: '下载回放文件',
    drew: '摸牌', whole_table: '全桌（明牌）',
    connecting: '连接中…', reconnecting: '连接断开，正在重连…', connected: '已连接',
    replaced: '你在另一个页面打开了这个房间', dissolved: '房间已解散', error: '出错了',
    stale: '操作已过期，已重新同步', vote_dissolve: '申请解散', agree: '同意', refuse: '拒绝',
    vote_on: '{who} 申请解散房间', countdown: '{n} 秒后自动准备', clock: '倒计时',
    not_a_win: '不是胡牌', reason: '原因', from: '来自', self_draw: '自摸', discard_win: '点炮',
    breakdown: '明细', wins: '胜', total: '总分', rooms: '房间', status_waiting: '等待中',
    status_playing: '对局中', status_finished: '已结束', status_dissolved: '已解散', open: '打开',
    lobby_link: '回大厅', tiles_unseen_title: '听牌提示：可胡的牌与未见张数',
    seat_e: '东', seat_s: '南', seat_w: '西', seat_n: '北', score: '分',
    your_room: '你的房间', back_to_room: '回到牌桌',
    mark_wild: '钻', mark_standin: '代', mark_gangpai: '杠', stand_in_long: '红中代钻',
    more_options: '更多设置', ready_seconds: '准备倒计时(秒)', grace_seconds: '掉线转托管(秒)',
  },
  en: {
    app_title: 'Anhui Mahjong', tagline: 'Anqing · Hefei mahjong online',
    your_name: 'Your name', enter: 'Enter the lobby', name_hint: '1–24 characters',
    lobby: 'Lobby', create_room: 'Create a room', ruleset: 'Rules', mode: 'Mode', mode_A: 'A 不打缺 (no void)',
    mode_B: 'B 打缺 (void a suit)', room_type: 'Room', room_baoting: 'Declare (报听)', room_bubaoting: 'No declare (不报听)',
    base_silver: 'Base silver', hands: 'Hands', discard_seconds: 'Turn time (s)', claim_seconds: 'Claim time (s)',
    bot_delay: 'Bot think time (s)', public_room: 'Public room', fill_bots: 'Fill empty seats with bots',
    create: 'Create', join_by_code: 'Join by code', room_code: 'Room code', join: 'Join', open_rooms: 'Open rooms',
    no_rooms: 'No open rooms', refresh: 'Refresh', history: 'History', logout: 'Change name', back: 'Back',
    lang: '中文', seats_taken: '{n}/4 seated', waiting: 'Waiting to start', ready: 'Ready', readied: 'Ready ✓',
    add_bots: 'Add bots', leave: 'Leave seat', share_code: 'Room {code} — share it to invite friends',
    empty_seat: 'Empty', bot: 'Bot', offline: 'offline', tuoguan: 'Auto-play', tuoguan_on: 'Auto-playing',
    cancel_tuoguan: 'Stop auto-play', wall_left: '{n} left', hand_no: 'Hand {n}', dealer: 'Dealer',
    streak: 'Streak {n}', wild: 'Wild', stand_in: 'Sub', gangpai: 'Kong tiles', indicator: 'Indicator',
    seed_hash: 'Seed hash', act_win: 'Win', act_pass: 'Pass', act_chi: 'Chow', act_peng: 'Pung', act_kong: 'Kong',
    act_declare: 'Declare', act_wildkong: 'Wild kong', act_expose: 'Expose', act_discard: 'Discard',
    cancel: 'Cancel', choose_chi: 'Which chow?', choose_kong: 'Which kong?',
    choose_declare: 'Declare ready: pick the tile to discard', your_turn: 'Your turn: discard a tile',
    claim_on: '{who} discarded', ting: 'Waits', ting_none: '', unseen: '{n} left', declared: 'Declared',
    me: 'me', settlement: 'Settlement', draw_game: 'Draw (wall exhausted)', winner: 'Winner', items: 'Items',
    fan: 'fan', points: 'pts', payments: 'Payments', payer: 'Payer', payee: 'Payee', amount: 'Amount',
    totals: 'This hand', running: 'Total', revealed: 'Hands', decomposition: 'Reading', seed: 'Seed',
    hash_ok: '✔ seed hash verified', hash_bad: '✘ seed hash mismatch!', next_hand: 'Ready for next hand',
    match_over: 'Match over', final_totals: 'Final totals', replay: 'Replay', view_settlement: 'Settlement',
    my_rooms: 'My rooms', no_history: 'No games yet', hand: 'Hand', step: 'step {k}/{n}', seat_view: 'Seat',
    play: 'Play', pause: 'Pause', replay_missing: 'The server has no step-by-step view endpoint yet',
    download_replay: 'Download replay file', connecting: 'Connecting…',
    drew: 'draws', whole_table: 'Whole table (open)',
    reconnecting: 'Connection lost, reconnecting…', connected: 'Connected',
    replaced: 'This room was opened in another tab', dissolved: 'Room dissolved', error: 'Error',
    stale: 'Out of date; resynchronized', vote_dissolve: 'Vote to dissolve', agree: 'Agree', refuse: 'Refuse',
    vote_on: '{who} asks to dissolve the room', countdown: 'auto-ready in {n}s', clock: 'Clock',
    not_a_win: 'Not a win', reason: 'Reason', from: 'from', self_draw: 'self-drawn', discard_win: 'on discard',
    breakdown: 'Breakdown', wins: 'wins', total: 'Total', rooms: 'Rooms', status_waiting: 'waiting',
    status_playing: 'playing', status_finished: 'finished', status_dissolved: 'dissolved', open: 'Open',
    lobby_link: 'Lobby', tiles_unseen_title: 'Waits: winning tiles and how many are unseen',
    seat_e: 'E', seat_s: 'S', seat_w: 'W', seat_n: 'N', score: 'pts',
    your_room: 'Your room', back_to_room: 'Back to the table',
    mark_wild: 'W', mark_standin: 'S', mark_gangpai: 'K', stand_in_long: 'stands in for the wild',
    more_options: 'More options', ready_seconds: 'Ready countdown (s)', grace_seconds: 'Auto-play after drop (s)',
  },
};

let lang = localStorage.getItem('mj.lang') || 'zh';
if (!STRINGS[lang]) lang = 'zh';
const listeners = new Set();

export function getLang() { return lang; }
export function setLang(l) {
  lang = STRINGS[l] ? l : 'zh';
  localStorage.setItem('mj.lang', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const fn of listeners) fn(lang);
}
export function onLang(fn) { listeners.add(fn); }
export function toggleLang() { setLang(lang === 'zh' ? 'en' : 'zh'); }

export function t(key, vars) {
  let s = STRINGS[lang][key] ?? STRINGS.zh[key] ?? key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

const FLOWER_ZH = '春夏秋冬梅兰竹菊';
const FLOWER_EN = ['Spring', 'Summer', 'Autumn', 'Winter', 'Plum', 'Orchid', 'Bamboo', 'Chrysanthemum'];

export function tileName(id) {
  if (id === null || id === undefined) return lang === 'zh' ? '牌背' : 'tile back';
  if (id >= 34) return lang === 'zh' ? FLOWER_ZH[id - 34] : FLOWER_EN[id - 34];  // flowers (百搭麻将)
  if (id >= 27) return (lang === 'zh' ? HONOR_ZH : HONOR_EN)[id - 27];
  const r = id % 9, s = Math.floor(id / 9);
  return lang === 'zh' ? NUM_ZH[r] + SUIT_ZH[s] : `${r + 1} ${SUIT_EN[s]}`;
}

export function windName(i) { return (lang === 'zh' ? WINDS_ZH : WINDS_EN)[i]; }

export function actionLabel(a) {
  switch (a.type) {
    case 'win': return t('act_win');
    case 'pass': return t('act_pass');
    case 'chi': return t('act_chi');
    case 'peng': return t('act_peng');
    case 'kong': return t('act_kong');
    case 'declare': return t('act_declare');
    case 'wildkong': return t('act_wildkong');
    case 'expose': return t('act_expose');
    default: return t('act_discard');
  }
}

document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
