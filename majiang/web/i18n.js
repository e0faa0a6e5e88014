// Chinese by default, English by a switch (stored in localStorage).
import {PLATFORM_WORDS} from './platform_words.js';
import {FRIENDS_WORDS} from './friends_words.js';
import {TOURNAMENT_WORDS} from './tournament_words.js';
import {SETTINGS_WORDS} from './settings_words.js';
import {WAITING_WORDS} from './waiting_words.js';

const NUM_ZH = '一二三四五六七八九';
const SUIT_ZH = ['万', '筒', '条'];
const SUIT_EN = ['Characters', 'Dots', 'Bamboo'];
const HONOR_ZH = ['东风', '南风', '西风', '北风', '红中', '发财', '白板'];
const HONOR_EN = ['East', 'South', 'West', 'North', 'Red Dragon', 'Green Dragon', 'White Dragon'];
const WINDS_ZH = ['东', '南', '西', '北'];
const WINDS_EN = ['E', 'S', 'W', 'N'];

const STRINGS = {
  zh: {
    app_title: '安徽麻将', tagline: '安庆 · 合肥 · 百搭 麻将在线对局',
    your_name: '你的名字', enter: '进入大厅', name_hint: '1–24 个字',
    lobby: '大厅', create_room: '创建房间', ruleset: '规则', mode: '玩法', mode_A: 'A 不打缺', mode_B: 'B 打缺',
    room_type: '房间', room_baoting: '报听', room_bubaoting: '不报听', base_silver: '基础银子',
    hands: '局数', discard_seconds: '出牌时间(秒)', claim_seconds: '吃碰时间(秒)', bot_delay: '机器人思考(秒)',
    public_room: '公开房间', fill_bots: '空位加机器人', create: '创建', join_by_code: '输入房号加入',
    room_code: '房号', join: '加入', open_rooms: '等待中的房间', no_rooms: '暂无房间', no_rooms_watch: '暂无可观战的对局', refresh: '刷新',
    history: '战绩', logout: '换名字', back: '返回', lang: 'English', seats_taken: '{n}/4 人',
    waiting: '等待开局', ready: '准备', readied: '已准备', add_bots: '加机器人', leave: '离开座位',
    share_code: '房号 {code} — 发给朋友加入', empty_seat: '空位', bot: '机器人', offline: '离线',
    bot_level: '机器人水平', tuoguan_level: '托管水平', level_easy: '入门', level_normal: '普通', level_hard: '高手',
    step_down: '减少', step_up: '增加',
    tuoguan: '托管', tuoguan_on: '托管中', cancel_tuoguan: '取消托管',
    menu: '菜单', confirm_dissolve: '确定申请解散房间？', confirm_dissolve_note: '所有在线玩家同意后房间解散，按当前分数结算。',
    vote_refused: '解散未通过：{who} 拒绝', vote_failed: '解散未通过：有人没有同意', room_unknown: '房间 {code} 不存在或已经结束',
    room_closed: '房间已关闭', rotate_hint: '横过手机玩更舒服', ting_more: '+{n} 种', toast_win: '{who} 胡！{how}', list_sep: '，', colon: '：', voice_on: '语音：开', voice_off: '语音：关',
    quick_chat: '快捷语', bd_zhuangfen_item: '庄分', note_zhuangfen: '庄家输赢另加：点炮 1 × 连庄，自摸 2 × 连庄', settings: '设置', set_volume: '音效音量', set_voice: '语音播报', set_motion: '动画', settings_synced: '设置随账号保存，换一台设备登录也一样', settings_local: '游客的设置只存在这个浏览器里', set_auto_pass: '自动过（没有胡时）',
    set_auto_win: '自动胡', set_tile_size: '牌的大小', set_felt: '桌面颜色', felt_green: '绿', felt_blue: '蓝', felt_red: '红', felt_wood: '木', done: '完成', chat_slow: '说得太快了，稍等一下再发', chat_mute: '屏蔽：', phrase_hurry: '快点吧', phrase_sorry: '不好意思', phrase_nice: '打得好',
    phrase_thanks: '谢谢', phrase_oops: '哎呀', phrase_again: '再来一局', phrase_emote_laugh: '哈哈哈', phrase_emote_cry: '呜呜呜',
    phrase_emote_angry: '哼！', phrase_emote_thumb: '牛！', chat_short: '聊', next_hand_in: '下一局 {n} 秒后自动开始',
    missed_turn: '超时：已替你打出这一手（再连续超时 {n} 次将托管）', tuoguan_started: '连续超时，已托管：点「取消托管」继续自己打',
    wall_left: '余 {n} 张', hand_no: '第 {n} 局', dealer: '庄', streak: '连庄 {n}', wild: '钻',
    stand_in: '代', gangpai: '杠牌', indicator: '翻牌', seed_hash: '种子哈希',
    act_win: '胡', act_pass: '过', act_chi: '吃', act_peng: '碰', act_kong: '杠', act_declare: '报听',
    act_wildkong: '直叫', act_expose: '亮杠牌', toast_exposed: '{who} 亮杠牌 {tile}', act_discard: '出牌', cancel: '取消',
    choose_chi: '选择吃法', choose_kong: '选择杠', choose_declare: '报听：请选择要打出的牌',
    your_turn: '轮到你出牌', claim_on: '{who} 打出', ting: '听', ting_none: '',
    unseen: '剩 {n}', declared: '已报听', me: '我',
    settlement: '结算', draw_game: '荒庄', winner: '胡牌', items: '番型', fan: '番', points: '分',
    payments: '支付', payer: '付', payee: '收', amount: '数额', totals: '本局得分', running: '总分',
    revealed: '亮牌', decomposition: '牌型', seed: '种子', hash_ok: '✔ 种子哈希校验通过',
    hash_bad: '✘ 种子哈希不符！', next_hand: '准备下一局', match_over: '比赛结束', final_totals: '最终总分',
    replay: '回放', view_settlement: '查看结算', show_table: '查看牌桌', my_rooms: '我的房间', no_history: '还没有对局记录',
    hand: '局', step: '第 {k}/{n} 步', seat_view: '视角', play: '播放', pause: '暂停',
    replay_missing: '服务器暂不支持逐步回放（缺少 /view 接口）', download_replay: '下载回放文件',
    drew: '摸牌', whole_table: '全桌（明牌）',
    connecting: '连接中…', reconnecting: '连接断开，正在重连…', connected: '已连接',
    replaced: '你在另一个页面打开了这个房间', dissolved: '房间已解散', error: '出错了',
    stale: '操作已过期，已重新同步', vote_dissolve: '申请解散', agree: '同意', refuse: '拒绝',
    vote_on: '{who} 申请解散房间', countdown: '{n} 秒后自动准备', clock: '倒计时',
    not_a_win: '不是胡牌', reason: '原因', from: '来自', self_draw: '自摸', mark_self_draw: '自摸', discard_win: '点炮',
    breakdown: '明细', wins: '胜', total: '总分', rooms: '房间', status_waiting: '等待中',
    status_playing: '对局中', status_finished: '已结束', status_dissolved: '已解散', open: '打开',
    lobby_link: '回大厅', tiles_unseen_title: '听牌提示：可胡的牌与未见张数',
    seat_e: '东', seat_s: '南', seat_w: '西', seat_n: '北', score: '分',
    your_room: '你的房间', back_to_room: '回到牌桌',
    mark_wild: '钻', mark_standin: '代', mark_gangpai: '杠', stand_in_long: '红中代钻',
    more_options: '更多选项', ready_seconds: '准备倒计时(秒)', grace_seconds: '掉线转托管(秒)',
    // the settlement's fairness chip and its panel
    fair_deal: '公平发牌', fair_bad: '牌墙校验不符', fair_what: '公平性：点开看种子与校验',
    fair_checking: '校验中…', fair_unknown: '这一局没有种子可校验',
    fair_explain: '牌墙由一个种子洗出。开局前服务器公布了种子的哈希（SHA-256），局后公布种子本身；你的浏览器重新计算种子的哈希，与开局前公布的一致，就说明牌墙在发牌前已经定好，之后没有被改动。',
    h_stat_hands: '局数', h_stat_wins: '胡牌',  // the history's figures
    whole_table_short: '全桌',  // the replay's seat choice on an upright phone
    wins_sep: '；',  // between the wins of a 一炮多响 in the settlement's title
  },
  en: {
    app_title: 'Anhui Mahjong', tagline: 'Anqing · Hefei · Baida mahjong online',
    your_name: 'Your name', enter: 'Enter the lobby', name_hint: '1–24 characters',
    lobby: 'Lobby', create_room: 'Create a room', ruleset: 'Rules', mode: 'Mode', mode_A: 'A: all suits',
    mode_B: 'B: void a suit', room_type: 'Room', room_baoting: 'Ready call', room_bubaoting: 'No ready call',
    base_silver: 'Base silver', hands: 'Hands', discard_seconds: 'Turn time (s)', claim_seconds: 'Claim time (s)',
    bot_delay: 'Bot think time (s)', public_room: 'Public room', fill_bots: 'Fill empty seats with bots',
    create: 'Create', join_by_code: 'Join by code', room_code: 'Room code', join: 'Join', open_rooms: 'Open rooms',
    no_rooms: 'No open rooms', no_rooms_watch: 'No rooms to watch', refresh: 'Refresh', history: 'History', logout: 'Change name', back: 'Back',
    lang: '中文', seats_taken: '{n}/4 seated', waiting: 'Waiting to start', ready: 'Ready', readied: 'Ready ✓',
    add_bots: 'Add bots', leave: 'Leave seat', share_code: 'Room {code} — share it to invite friends',
    bot_level: 'Bot level', tuoguan_level: 'Auto-play level', level_easy: 'Easy', level_normal: 'Normal',
    level_hard: 'Hard',
    step_down: 'Less', step_up: 'More',
    empty_seat: 'Empty', bot: 'Bot', offline: 'Offline', tuoguan: 'Auto-play', tuoguan_on: 'Auto-playing',
    cancel_tuoguan: 'Stop auto-play',
    menu: 'Menu', confirm_dissolve: 'Ask to dissolve the room?', confirm_dissolve_note: 'The room closes with the scores so far once every connected player agrees.',
    vote_refused: 'Not dissolved: {who} refused', vote_failed: 'Not dissolved: not everyone agreed', room_unknown: 'Room {code} does not exist or has ended',
    room_closed: 'The room is closed', rotate_hint: 'Turn your phone sideways for a bigger table', ting_more: '+{n} more', toast_win: '{who} wins! {how}', list_sep: ', ', colon: ': ', voice_on: 'Voice on', voice_off: 'Voice off',
    quick_chat: 'Quick chat', bd_zhuangfen_item: 'Dealer points', note_zhuangfen: 'added when the dealer wins or pays: 1 × streak on a discard, 2 × on a self-draw', settings: 'Settings', set_volume: 'Effects volume', set_voice: 'Spoken calls', set_motion: 'Animations', settings_synced: 'Kept with your account: the same on every device you sign in on', settings_local: 'A guest\'s settings stay in this browser', set_auto_pass: 'Auto-pass claims (when no win)',
    set_auto_win: 'Auto-win', set_tile_size: 'Tile size', set_felt: 'Table colour', felt_green: 'green', felt_blue: 'blue', felt_red: 'red', felt_wood: 'wood', done: 'Done', chat_slow: 'Too fast: wait a moment before the next phrase', chat_mute: 'Mute:', phrase_hurry: 'Hurry up, please', phrase_sorry: 'Sorry!', phrase_nice: 'Well played',
    phrase_thanks: 'Thanks', phrase_oops: 'Oops', phrase_again: 'One more game?', phrase_emote_laugh: 'Ha ha!', phrase_emote_cry: 'Boo-hoo',
    phrase_emote_angry: 'Hmph!', phrase_emote_thumb: 'Wow!', chat_short: 'Chat', next_hand_in: 'Next hand starts in {n}s',
    missed_turn: 'Time ran out: this turn was played for you ({n} more in a row and auto-play takes over)',
    tuoguan_started: 'Time ran out again: auto-play is on. Tap “Stop auto-play” to play yourself', wall_left: '{n} left', hand_no: 'Hand {n}', dealer: 'Dealer',
    streak: 'Streak {n}', wild: 'Wild', stand_in: 'Sub', gangpai: 'Kong tiles', indicator: 'Indicator',
    seed_hash: 'Seed hash', act_win: 'Win', act_pass: 'Pass', act_chi: 'Chow', act_peng: 'Pung', act_kong: 'Kong',
    act_declare: 'Declare', act_wildkong: 'Wild kong', act_expose: 'Show kong tile', toast_exposed: '{who} shows kong tile {tile}', act_discard: 'Discard',
    cancel: 'Cancel', choose_chi: 'Which chow?', choose_kong: 'Which kong?',
    choose_declare: 'Declare ready: pick the tile to discard', your_turn: 'Your turn: discard a tile',
    claim_on: '{who} discarded', ting: 'Waits', ting_none: '', unseen: '{n} left', declared: 'Declared',
    me: 'me', settlement: 'Settlement', draw_game: 'Draw (wall exhausted)', winner: 'Winner', items: 'Items',
    fan: 'fan', points: 'pts', payments: 'Payments', payer: 'Payer', payee: 'Payee', amount: 'Amount',
    totals: 'This hand', running: 'Total', revealed: 'Hands', decomposition: 'Reading', seed: 'Seed',
    hash_ok: '✔ Seed hash verified', hash_bad: '✘ Seed hash mismatch!', next_hand: 'Ready for next hand',
    match_over: 'Match over', final_totals: 'Final totals', replay: 'Replay', view_settlement: 'Settlement', show_table: 'Show the table',
    my_rooms: 'My rooms', no_history: 'No games yet', hand: 'Hand', step: 'Step {k}/{n}', seat_view: 'Seat',
    play: 'Play', pause: 'Pause', replay_missing: 'The server has no step-by-step view endpoint yet',
    download_replay: 'Download replay file', connecting: 'Connecting…',
    drew: 'draws', whole_table: 'Whole table (open)',
    reconnecting: 'Connection lost, reconnecting…', connected: 'Connected',
    replaced: 'This room was opened in another tab', dissolved: 'The room was dissolved', error: 'Error',
    stale: 'That move came too late: the table was synced again', vote_dissolve: 'Vote to dissolve', agree: 'Agree', refuse: 'Refuse',
    vote_on: '{who} asks to dissolve the room', countdown: 'Auto-ready in {n} s', clock: 'Clock',
    not_a_win: 'Not a win', reason: 'Reason', from: 'from', self_draw: 'self-drawn', mark_self_draw: 'Self-draw!', discard_win: 'on discard',
    breakdown: 'Breakdown', wins: 'Wins', total: 'Total', rooms: 'Rooms', status_waiting: 'Waiting',
    status_playing: 'Playing', status_finished: 'Finished', status_dissolved: 'Dissolved', open: 'Open',
    lobby_link: 'Lobby', tiles_unseen_title: 'Waits: winning tiles and how many are unseen',
    seat_e: 'E', seat_s: 'S', seat_w: 'W', seat_n: 'N', score: 'pts',
    your_room: 'Your room', back_to_room: 'Back to the table',
    mark_wild: 'W', mark_standin: 'S', mark_gangpai: 'K', stand_in_long: 'stands in for the wild',
    more_options: 'More options', ready_seconds: 'Ready countdown (s)', grace_seconds: 'Auto-play after drop (s)',
    // the settlement's fairness chip and its panel
    fair_deal: 'Fair deal', fair_bad: 'Wall check failed', fair_what: 'Fairness: tap for the seed and the check',
    fair_checking: 'Checking…', fair_unknown: 'No seed to check for this hand',
    fair_explain: 'The wall is shuffled from a seed. Before the deal the server published the seed\'s hash (SHA-256); after the hand it shows the seed itself. Your browser hashes the seed again: the same hash as before the deal means the wall was fixed before the first tile and never changed.',
    h_stat_hands: 'Hands', h_stat_wins: 'Wins',  // the history's figures
    whole_table_short: 'All',  // the replay's seat choice on an upright phone
    wins_sep: '; ',  // between the wins of a 一炮多响 in the settlement's title
  },
};

// Issue 12: the settlement's table words, the dial, the ranking, sound, help. Kept in their own block
// (merged below) so that other changes to STRINGS above merge cleanly.
const TABLE_WORDS = {
  zh: {
    more_below: '下面还有', item_mopai_tianhu: '摸牌天胡', item_dihu: '地胡', item_gangkai: '杠开', item_zuangang: '钻杠', item_minggang: '明杠',
    item_jiagang: '明杠', item_angang: '暗杠', item_gangpai: '杠牌', item_feng: '风', item_yilong: '一龙', item_ziyise: '字一色',
    item_couyise: '凑一色', item_qingyise: '清一色', item_shuang_tianhu: '双天胡', item_qidui_youzuan: '七对有钻',
    item_qidui_tianhu: '七对天胡', item_sizuan_tianhu: '四钻天胡', item_dadiaoche: '大吊车', item_zhijiao: '直叫',
    item_paofeng: '跑风', item_pengpenghu: '碰碰胡', item_menqing: '门清', item_pinghu: '平胡', item_qixing_guiwei: '七星归位',
    item_shisanlan: '十三烂', item_base: '基本分', item_zhi: '支', item_shuangbazhi: '双八支', item_queyimen: '缺一门',
    item_tong: '同', item_kan: '坎', item_gang: '杠', item_huo: '活', item_ka: '卡', item_shuangpuzi: '双铺子',
    item_qidui: '七对', item_hailao: '海捞', item_tianhu: '天胡',
    shape_边: '边张', shape_卡: '卡张', shape_独吊: '独吊', shape_留钻: '留钻', shape_单调: '单调', shape_边张: '边张', shape_夹: '夹张',
    group_chow: '顺', group_pung: '刻', group_pair: '对', group_chi: '吃', group_peng: '碰', group_gangpai: '杠牌',
    group_kong: '杠', group_minggang: '明杠', group_angang: '暗杠', group_jiagang: '明杠', group_wildkong: '直叫',
    note_paofeng_hard: '硬对对胡：手中无钻', note_gangpai: '亮 {n} 张，每张 1 番', note_feng: '风刻 {tiles}',
    note_kong: '{tile} {n} 番', note_kong_wind: '{tile} 风杠 {n}+1 番', note_gangkai: '连开 {n} 杠后摸到胡牌',
    note_zuangang: '直叫的钻杠', note_yilong: '同一门一到九', note_couyise: '一门加字牌', note_qingyise: '只有一门',
    note_ziyise: '全是字牌', note_menqing: '没有吃、碰、明杠', note_pinghu: '没有别的番种：只收底分', note_pengpenghu: '全是刻子加一对',
    note_qidui_youzuan: '七对（钻作对子），含跑风', note_qidui_tianhu: '七对，钻只成钻对：30 + 跑风 6',
    note_shuang_tianhu: '七对，四个钻成两对', note_sizuan_tianhu: '四个钻：30 + 跑风 6', note_dadiaoche: '四副落地，单吊胡',
    note_zhijiao: '手里一个钻，摸到第二个：开杠，补牌即胡', note_mopai_tianhu: '庄家起手十四张即胡',
    note_dihu: '闲家第一次摸牌即胡', note_qixing_guiwei: '十三烂且东南西北中发白齐全', note_shisanlan: '数牌相隔三以上，字牌各不相同',
    note_zhi: '{suit} {n} 张', note_queyimen: '没有{suits}', note_tong: '{n} 张 {r}', note_kan: '暗刻', note_huo: '四张同牌未开杠',
    note_gang: '暗杠', note_shuangpuzi: '两副相同的顺子', note_hailao: '在海捞区胡牌', note_shuangbazhi: '两门各八张以上',
    note_tianhu: '庄家起手十四张即胡', note_qidui: '七个对子',
    suit_0: '万', suit_1: '饼', suit_2: '条',
    bd_base: '基本分', bd_di: '底', bd_fan: '番', bd_points: '分', bd_lianzhuang: '连庄', bd_zhuangfen: '庄分', bd_zhuang: '庄分',
    bd_multiplier: '包', bd_base_silver: '基础银子',
    note_shunbao: '顺包 ×{x}（{who} 给胡家 {k} 口）', note_fanbao: '反包 ×{x}（胡家给 {who} {k} 口）',
    note_hefei_pay: '{how} {p}', note_hefei_pay_zhuang: '{how} {p} + 庄分 {z}×连庄 {s} = {total}',
    win_self: '{who} 自摸', win_discard: '{who} 胡 · {from} 点炮', winning_tile: '胡牌张', wild_as: '钻作 {tile}',
    hover_breakdown: '点一下看明细', your_hand: '胡牌手牌', seal_self: '自摸', seal_win: '胡', seal_draw: '荒庄', hero_you: '你本局', hands_revealed: '各家手牌', concealed: '手牌',
    to_act: '{who} 行动', ranking: '排名', place: '名次', place_n: '第 {n} 名', rank_you: '你是第 {n} 名', rank_you_first: '你是第一名！', best_hand: '最大一手',
    self_draws: '自摸', discards_in: '点炮', play_again: '原班人马再来一局', back_lobby: '返回大厅',
    rematch_offer: '{who} 想原班人马再来一局', rematch_join: '加入再来一局（{code}）', rematch_go: '去新房间 {code}',
    leave_table: '离开', sound_on: '声音：开', sound_off: '声音：关', rules: '规则说明',
    ting_after: '打 {tile} 听 {waits}（{n} 张）', ting_now: '{waits}（{n} 张）',
    ting_self_draw_only: '过水：摸牌前只能自摸',
    aria_discard: '{who} 打出 {tile}', aria_call: '{who} {act} {tile}', aria_your_turn: '轮到你了',
    aria_win: '{who} 胡了', key_help: '键盘：←/→ 选牌，Enter 打出，1–9 直接选第几张',
    chi_claimed: '吃的那张', countdown_short: '{n} 秒',
    watching: '观战中', watch_delay: '观战延迟(步)', allow_watch: '允许观战', watch_note: '你在观战：只看得到公开的牌',
    watch_full: '房间已满，进入观战', seat_in_tuoguan: '你离开后，你的座位正由托管代打',
    watch_rooms: '正在对局（可观战）', watch: '观战',
    ev_hand_started: '第 {n} 局开始', ev_dealt: '起手 {n} 张', ev_hand_ended: '本局结束',
    ruleset_anqing: '安庆麻将', ruleset_hefei: '合肥麻将', ruleset_baida: '百搭麻将', created: '开房', finished: '结束', outcome: '战果',
    play_now: '开一局', play_now_note: '一点就开：三个机器人陪你打，默认规则和时限（要自己选就用下面的「创建房间」）', play_now_bots: '与机器人', won_by: '{who} 胡', step_first: '第一步', step_prev: '上一步', step_next: '下一步', step_last: '最后一步', wins_n: '胡 {n} 次', hands_n: '{n} 局', match_summary_link: '对局总结', first_place: '第一', date: '日期',
    rotate_chip: '横屏更好玩', rotate_dismiss: '不再提示',
  },
  en: {
    more_below: 'More below', item_mopai_tianhu: "Dealer's heavenly hand", item_dihu: 'Earthly hand', item_gangkai: 'Win after a kong',
    item_zuangang: 'Wild kong', item_minggang: 'Open kong', item_jiagang: 'Open kong', item_angang: 'Concealed kong',
    item_gangpai: 'Kong tiles', item_feng: 'Wind pungs', item_yilong: 'Full straight', item_ziyise: 'All honours',
    item_couyise: 'Half flush', item_qingyise: 'Full flush', item_shuang_tianhu: 'Double heavenly pairs',
    item_qidui_youzuan: 'Seven pairs with wilds', item_qidui_tianhu: 'Heavenly seven pairs',
    item_sizuan_tianhu: 'Four wilds', item_dadiaoche: 'Big crane (lone wait)', item_zhijiao: 'Wild call',
    item_paofeng: 'Running wind', item_pengpenghu: 'All pungs', item_menqing: 'Concealed hand', item_pinghu: 'Plain win',
    item_qixing_guiwei: 'Seven stars', item_shisanlan: 'Thirteen apart', item_base: 'Base', item_zhi: 'Long suit',
    item_shuangbazhi: 'Two long suits', item_queyimen: 'Missing suit', item_tong: 'Same rank', item_kan: 'Concealed pung',
    item_gang: 'Concealed kong', item_huo: 'Four alike', item_ka: 'Single wait', item_shuangpuzi: 'Twin chows',
    item_qidui: 'Seven pairs', item_hailao: 'Sea bottom', item_tianhu: 'Heavenly hand',
    shape_边: 'Edge wait', shape_卡: 'Middle wait', shape_独吊: 'Pair wait', shape_留钻: 'Kept wild', shape_单调: 'Pair wait',
    shape_边张: 'Edge wait', shape_夹: 'Middle wait',
    group_chow: 'chow', group_pung: 'pung', group_pair: 'pair', group_chi: 'chow', group_peng: 'pung',
    group_gangpai: 'kong tile', group_kong: 'kong', group_minggang: 'open kong', group_angang: 'concealed kong',
    group_jiagang: 'open kong', group_wildkong: 'wild kong',
    note_paofeng_hard: 'all pungs, no wild held', note_gangpai: '{n} laid open, 1 fan each', note_feng: 'pung of {tiles}',
    note_kong: '{tile}, {n} fan', note_kong_wind: '{tile}, wind kong {n}+1 fan', note_gangkai: '{n} kong(s) in a row, then the winning draw',
    note_zuangang: 'the wild kong of a wild call', note_yilong: '1 to 9 of one suit', note_couyise: 'one suit and honours',
    note_qingyise: 'one suit only', note_ziyise: 'honours only', note_menqing: 'no chow, pung or open kong',
    note_pinghu: 'no other scoring item: only the base is paid', note_pengpenghu: 'all pungs and a pair',
    note_qidui_youzuan: 'seven pairs with wilds as partners, running wind included',
    note_qidui_tianhu: 'seven pairs, wilds only paired together: 30 + 6', note_shuang_tianhu: 'seven pairs, four wilds as two pairs',
    note_sizuan_tianhu: 'all four wilds: 30 + 6', note_dadiaoche: 'four melds down, won on the lone tile',
    note_zhijiao: 'held one wild, drew the second: kong, the replacement wins', note_mopai_tianhu: 'the dealer wins on the opening 14',
    note_dihu: "a non-dealer's first draw wins", note_qixing_guiwei: 'thirteen apart with all seven honours',
    note_shisanlan: 'suit tiles 3 or more apart, honours all different',
    note_zhi: '{n} {suit}', note_queyimen: 'no {suits}', note_tong: '{n} tiles of rank {r}', note_kan: 'concealed pungs',
    note_huo: 'four alike, not konged', note_gang: 'concealed kongs', note_shuangpuzi: 'two identical chows',
    note_hailao: 'won in the sea-bottom draws', note_shuangbazhi: 'two suits of 8 or more', note_tianhu: 'the dealer wins on the opening 14',
    note_qidui: 'seven pairs',
    suit_0: 'Characters', suit_1: 'Dots', suit_2: 'Bamboo',
    bd_base: 'base', bd_di: 'base', bd_fan: 'fan', bd_points: 'points', bd_lianzhuang: 'streak', bd_zhuangfen: 'dealer',
    bd_zhuang: 'dealer', bd_multiplier: 'bao', bd_base_silver: 'base silver',
    note_shunbao: 'bao ×{x} ({k} calls from {who} to the winner)', note_fanbao: 'reverse bao ×{x} ({k} calls from the winner to {who})',
    note_hefei_pay: '{how} {p}', note_hefei_pay_zhuang: '{how} {p} + dealer {z}×streak {s} = {total}',
    win_self: '{who} wins, self‑drawn', win_discard: '{who} wins on {from}’s discard', winning_tile: 'Winning tile',
    wild_as: 'wild as {tile}', hover_breakdown: 'Tap for the breakdown', your_hand: 'Winning hand', seal_self: 'Self-draw', seal_win: 'Win', seal_draw: 'Draw', hero_you: 'You, this hand', hands_revealed: 'All hands',
    concealed: 'Hand', to_act: '{who} to act', ranking: 'Ranking', place: 'Place', place_n: '#{n}', rank_you: 'You placed #{n}', rank_you_first: 'You won the match!', best_hand: 'Best hand',
    self_draws: 'Self-drawn', discards_in: 'Dealt in', play_again: 'Play again, same seats', back_lobby: 'Back to the lobby',
    rematch_offer: '{who} wants a rematch', rematch_join: 'Join the rematch ({code})', rematch_go: 'Go to room {code}',
    leave_table: 'Leave', sound_on: 'Sound on', sound_off: 'Sound off', rules: 'Rules',
    ting_after: 'Discard {tile}: waits {waits} ({n} left)', ting_now: '{waits} ({n} left)',
    ting_self_draw_only: 'Passed a win: self-draw only until you draw',
    aria_discard: '{who} discards {tile}', aria_call: '{who} {act} {tile}', aria_your_turn: 'Your turn',
    aria_win: '{who} wins', key_help: 'Keys: ←/→ pick a tile, Enter discards, 1–9 picks the n-th tile',
    chi_claimed: 'claimed tile', countdown_short: '{n}s',
    watching: 'Watching', watch_delay: 'Spectator delay (actions)', allow_watch: 'Allow spectators',
    watch_note: 'You are watching: public tiles only', watch_full: 'The room is full: you are watching',
    seat_in_tuoguan: 'Since you left, auto-play is playing your seat',
    watch_rooms: 'Games being played (watch)', watch: 'Watch',
    ev_hand_started: 'Hand {n} begins', ev_dealt: 'is dealt {n} tiles', ev_hand_ended: 'The hand ends',
    ruleset_anqing: 'Anqing Mahjong', ruleset_hefei: 'Hefei Mahjong', ruleset_baida: 'Baida Mahjong (wild flowers)', created: 'opened', finished: 'finished',
    outcome: 'Outcome', play_now: 'Play now', play_now_note: 'One tap: a table with three bots, the usual rules and clocks (to choose them, create a room below)', play_now_bots: 'With bots', won_by: '{who} won', step_first: 'First step', step_prev: 'Previous step', step_next: 'Next step', step_last: 'Last step', wins_n: '{n} wins', wins_n_one: '1 win', hands_n: '{n} hands', hands_n_one: '1 hand', match_summary_link: 'Match summary', first_place: 'first', date: 'Date',
    rotate_chip: 'Play sideways', rotate_dismiss: 'Do not show again',
  },
};
// Each module's words join STRINGS; a key another module already gave a different text would
// silently replace it (the table's 申请解散 once showed the club's dissolve text), so it is listed here
// instead and the tests require the list empty.
export const COLLISIONS = [];
function merge(name, words) {
  for (const l of ['zh', 'en']) {
    for (const [k, v] of Object.entries(words[l] || {})) {
      if (k in STRINGS[l] && STRINGS[l][k] !== v) COLLISIONS.push(`${name}.${l}.${k}`);
      STRINGS[l][k] = v;
    }
  }
}
merge('TABLE_WORDS', TABLE_WORDS);

// 百搭麻将 (baida): its own table words. Keys `<word>_<ruleset>` override the shared word for that ruleset
// (see rulesetWord below), so Anqing's 钻/杠牌/番 never show at a baida table. Item names: `item_baida_<key>`
// (and `item_baida_<key>_<engine name>` where the engine names one key several ways: 边/卡/单吊, 三/四/七百搭,
// 中/发/白刻); notes `note_baida_<key>`.
const BAIDA_WORDS = {
  zh: {
    dealer_roll: '定庄', unit: '分', wild_baida: '百搭', mark_wild_baida: '搭', unit_anqing: '番', unit_hefei: '分', unit_baida: '台',
    mark_plain: '本', plain_indicator: '翻出的那张本身：普通牌，不是百搭',
    flowers: '花', mark_flower: '花', bu_hua: '补花', round_wind: '{w}风圈', seat_wind_of: '{w}家',
    rob_prompt: '{who} 加杠 {tile} — 抢杠？', act_rob: '抢杠', rob_kong: '抢杠', rob_from: '{who} 胡 · 抢 {from} 的杠',
    item_baida_pinghu: '平胡', item_baida_zimo: '自摸', item_baida_menqing: '门清',
    item_baida_bianka_边: '边', item_baida_bianka_卡: '卡', item_baida_bianka_单吊: '单吊', item_baida_bianka_边卡单吊: '边卡单吊',
    item_baida_duidui: '对对胡', item_baida_qidui: '七对', item_baida_gangkai: '杠开', item_baida_haidi: '海底捞月',
    item_baida_qianggang: '抢杠', item_baida_wubaida: '无百搭', item_baida_sanbaida_三百搭: '三百搭',
    item_baida_sanbaida_四百搭: '四百搭', item_baida_sanbaida_七百搭: '七百搭', item_baida_quanqiuren: '全求人',
    item_baida_long: '一条龙', item_baida_zhuang: '庄', item_baida_tianhu: '天胡', item_baida_dihu: '地胡',
    item_baida_qingyise: '清一色', item_baida_hunyise: '混一色', item_baida_ziyise: '字一色',
    item_baida_hua: '正花', item_baida_hua_set: '四花', item_baida_hua_all: '八花',
    item_baida_jian_中刻: '中刻', item_baida_jian_发刻: '发刻', item_baida_jian_白刻: '白刻',
    item_baida_weifeng: '位风', item_baida_quanfeng: '圈风',
    note_baida_pinghu: '没有别的台', note_baida_zimo: '自己摸到胡牌', note_baida_menqing: '没有吃、碰、明杠',
    note_baida_bianka: '只听这一张', note_baida_duidui: '四副刻子加一对', note_baida_qidui: '七个对子',
    note_baida_gangkai: '杠或补花后补的牌胡', note_baida_haidi: '摸墙上最后一张胡', note_baida_qianggang: '胡别人加杠的那张',
    note_baida_wubaida: '手里没有百搭', note_baida_sanbaida: '手里 {n} 张百搭', note_baida_quanqiuren: '四副都是吃碰来的，单吊胡',
    note_baida_long: '同一门一到九', note_baida_zhuang: '庄家胡', note_baida_zhuang_kept: '庄家胡，连庄 {n} 次',
    note_baida_tianhu: '庄家起手即胡', note_baida_dihu: '胡庄家打出的第一张牌', note_baida_qingyise: '只有一门',
    note_baida_hunyise: '一门加字牌', note_baida_ziyise: '全是字牌', note_baida_hua: '{w}家的花',
    note_baida_hua_set: '一组四张花', note_baida_hua_all: '八张花全亮', note_baida_jian: '刻子或杠',
    note_baida_weifeng: '自己门风的刻子', note_baida_quanfeng: '本圈圈风的刻子',
    bd_baida_tai: '台', bd_baida_di: '底', bd_baida_multiplier: '放冲双倍',
    pay_baida_self: '自摸：底 {di} × {tai} 台', pay_baida_double: '{why}付双倍：2 × 底 {di} × {tai} 台',
    pay_baida_self_dbl: '自摸：底 {di} × 2^({tai}−1)', pay_baida_double_dbl: '{why}付双倍：2 × 底 {di} × 2^({tai}−1)',
    pay_baida_cap: '（封顶 {cap} 台）', why_fangchong: '放冲', why_qianggang: '被抢杠', wild_as_baida: '百搭作 {tile}',
  },
  en: {
    dealer_roll: 'First dealer', unit: 'pts', wild_baida: 'Wild (百搭)', mark_wild_baida: 'W', unit_anqing: 'fan', unit_hefei: 'pts', unit_baida: 'tai',
    mark_plain: 'P', plain_indicator: 'the indicator itself: a plain tile, not a wild',
    flowers: 'Flowers', mark_flower: 'F', bu_hua: 'replaces a flower', round_wind: '{w} round', seat_wind_of: '{w} seat',
    rob_prompt: '{who} adds {tile} to a kong — rob the kong?', act_rob: 'Rob the kong', rob_kong: 'robbing the kong',
    rob_from: '{who} wins robbing {from}’s kong',
    item_baida_pinghu: 'Plain win', item_baida_zimo: 'Self-drawn', item_baida_menqing: 'Concealed hand',
    item_baida_bianka_边: 'Edge wait', item_baida_bianka_卡: 'Middle wait', item_baida_bianka_单吊: 'Pair wait',
    item_baida_bianka_边卡单吊: 'One-tile wait', item_baida_duidui: 'All pungs', item_baida_qidui: 'Seven pairs',
    item_baida_gangkai: 'Win on a replacement', item_baida_haidi: 'Last tile of the wall', item_baida_qianggang: 'Robbing a kong',
    item_baida_wubaida: 'No wild', item_baida_sanbaida_三百搭: 'Three wilds', item_baida_sanbaida_四百搭: 'Four wilds',
    item_baida_sanbaida_七百搭: 'Seven wilds', item_baida_quanqiuren: 'All melds called', item_baida_long: 'Full straight',
    item_baida_zhuang: 'Dealer', item_baida_tianhu: 'Heavenly hand', item_baida_dihu: 'Earthly hand',
    item_baida_qingyise: 'Full flush', item_baida_hunyise: 'Half flush', item_baida_ziyise: 'All honours',
    item_baida_hua: 'Seat flower', item_baida_hua_set: 'Flower set', item_baida_hua_all: 'All eight flowers',
    item_baida_jian_中刻: 'Red dragon pung', item_baida_jian_发刻: 'Green dragon pung', item_baida_jian_白刻: 'White dragon pung',
    item_baida_weifeng: 'Seat wind pung', item_baida_quanfeng: 'Round wind pung',
    note_baida_pinghu: 'nothing else scores', note_baida_zimo: 'drawn by the winner', note_baida_menqing: 'no chow, pung or open kong',
    note_baida_bianka: 'waiting on this one tile only', note_baida_duidui: 'four pungs and a pair', note_baida_qidui: 'seven pairs',
    note_baida_gangkai: 'won on the replacement after a kong or a flower', note_baida_haidi: 'won on the last tile of the wall',
    note_baida_qianggang: 'won on the tile another player added to a kong', note_baida_wubaida: 'no wild in the hand',
    note_baida_sanbaida: '{n} wilds in the hand', note_baida_quanqiuren: 'four called melds, won on the lone tile',
    note_baida_long: '1 to 9 of one suit', note_baida_zhuang: 'the dealer wins', note_baida_zhuang_kept: 'the dealer wins, deal kept {n} time(s)',
    note_baida_tianhu: "the dealer's opening hand", note_baida_dihu: "won on the dealer's first discard",
    note_baida_qingyise: 'one suit only', note_baida_hunyise: 'one suit and honours', note_baida_ziyise: 'honours only',
    note_baida_hua: 'flower of the {w} seat', note_baida_hua_set: 'a whole set of four flowers', note_baida_hua_all: 'all eight flowers laid open',
    note_baida_jian: 'a pung or kong', note_baida_weifeng: "a pung of the seat's own wind", note_baida_quanfeng: "a pung of the round's wind",
    bd_baida_tai: 'tai', bd_baida_di: 'base', bd_baida_multiplier: 'discarder pays double',
    pay_baida_self: 'self-drawn: base {di} × {tai} tai', pay_baida_double: '{why} pays double: 2 × base {di} × {tai} tai',
    pay_baida_self_dbl: 'self-drawn: base {di} × 2^({tai}−1)', pay_baida_double_dbl: '{why} pays double: 2 × base {di} × 2^({tai}−1)',
    pay_baida_cap: ' (capped at {cap} tai)', why_fangchong: 'the discarder', why_qianggang: 'the robbed player', wild_as_baida: 'wild as {tile}',
  },
};
merge('BAIDA_WORDS', BAIDA_WORDS);

// 国标麻将 (guobiao): its fans are named by the settlement itself (each item: its id, the Chinese name,
// the English name in its note; phrases.itemName), so only the table's own words are here.
const GUOBIAO_WORDS = {
  zh: {
    ruleset_guobiao: '国标麻将', unit_guobiao: '番',
    gb_min_check: '起和 {min} 番：本手计 {n} 番（花牌 {f} 番不计）', gb_min_ok: '够番',
    pay_gb_full: '{how}：底分 + 番', pay_gb_base: '底分', why_gb_self: '自摸', why_gb_discard: '放炮', why_gb_rob: '被抢杠',
    bd_guobiao_base: '底分', bd_guobiao_fan: '番',
  },
  en: {
    ruleset_guobiao: 'Guobiao (Chinese Official)', unit_guobiao: 'fan',
    gb_min_check: 'Minimum {min} fan: this hand counts {n} ({f} from flowers not counted)', gb_min_ok: 'enough',
    pay_gb_full: '{how}: base + fans', pay_gb_base: 'base', why_gb_self: 'self-drawn', why_gb_discard: 'the discarder',
    why_gb_rob: 'the robbed player', bd_guobiao_base: 'base', bd_guobiao_fan: 'fans',
  },
};
merge('GUOBIAO_WORDS', GUOBIAO_WORDS);
merge('PLATFORM_WORDS', PLATFORM_WORDS);
merge('SETTINGS_WORDS', SETTINGS_WORDS);
merge('WAITING_WORDS', WAITING_WORDS);

// What the operator (网管) tells players: the lobby's announcement, drain, and its actions on a table.
const OPERATOR_WORDS = {
  zh: {
    announcement: '公告', draining: '服务器即将维护：暂停开新房间，进行中的对局照常进行',
    notice_hand_dissolved: '网管解散了本局（{reason}）：算作新一局开始，连庄数 {n}。请重新准备。',
    notice_removed: '网管把你移出了房间：{reason}', notice_room_closed: '网管关闭了房间：{reason}',
  },
  en: {
    announcement: 'Announcement', draining: 'Maintenance soon: no new rooms for now; running matches play on',
    notice_hand_dissolved: 'The operator dissolved this hand ({reason}): it counts as a new game, dealer streak {n}. Get ready again.',
    notice_removed: 'The operator removed you from the room: {reason}', notice_room_closed: 'The operator closed this room: {reason}',
  },
};
merge('OPERATOR_WORDS', OPERATOR_WORDS);

// Ranked play: quick match, ranked rooms, the leaderboard.
const RANKED_WORDS = {
  zh: {
    quick_match: '快速匹配', quick_go: '开始匹配', quick_bots: '{n} 秒后用机器人补位（不计分）',
    quick_waiting: '匹配中 {t}', quick_window: '积分范围 ±{w}', quick_cancel: '取消匹配', quick_found: '匹配成功',
    ranked_room: '排位赛（四位注册玩家，无机器人，计入积分）', leaderboard: '排行榜', rating: '积分',
    lb_place: '名次', matches: '场次', provisional: '定级中', my_place: '我的名次：第 {n} 名 · {r}',
    not_rated: '你在这个玩法还没有积分', no_ratings: '还没有人有积分', players_rated: '{n} 位玩家',
    any_mode: '—', lb_player: '玩家',
  },
  en: {
    quick_match: 'Quick match', quick_go: 'Find a table', quick_bots: 'Fill with bots after {n} s (unrated)',
    quick_waiting: 'Searching {t}', quick_window: 'Rating window ±{w}', quick_cancel: 'Cancel', quick_found: 'Table found',
    ranked_room: 'Ranked (four accounts, no bots; counts for ratings)', leaderboard: 'Leaderboard', rating: 'Rating',
    lb_place: '#', matches: 'Matches', provisional: 'Provisional', my_place: 'Your place: #{n} · {r}',
    not_rated: 'You have no rating in this mode yet', no_ratings: 'Nobody is rated yet', players_rated: '{n} players',
    any_mode: '—', lb_player: 'Player',
  },
};
merge('RANKED_WORDS', RANKED_WORDS);
// The table's toasts as sentences: who did what ("Bot 4 declares ready", not "Bot 4 Declare"); the 听 count.
const TOAST_WORDS = {
  zh: {
    toast_chi: '{who} 吃 {tile}', toast_peng: '{who} 碰 {tile}', toast_kong_claim: '{who} 杠 {tile}', toast_kong: '{who} 杠',
    toast_wildkong: '{who} 直叫', toast_declare: '{who} 报听', toast_bu_hua: '{who} 补花 {tile}',
    toast_won: '{who} 胡！', toast_won_self: '{who} 胡！自摸',
    // the 听 count on a hand tile: its tooltip, the hint's legend of it, the phones' unit
    ting_badge: '打出这张就听牌：{waits}，还剩 {n} 张可胡', ting_legend: '= 剩几张可胡', ting_left: '剩{n}张',
  },
  en: {
    toast_chi: '{who} chows {tile}', toast_peng: '{who} pungs {tile}', toast_kong_claim: '{who} kongs {tile}',
    toast_kong: '{who} declares a kong', toast_wildkong: '{who} makes a wild kong', toast_declare: '{who} declares ready',
    toast_bu_hua: '{who} replaces the flower {tile}', toast_won: '{who} wins!', toast_won_self: '{who} wins by self-draw!',
    ting_badge: 'Discard this to be ready: waits {waits}, {n} winning tiles left', ting_legend: '= winning tiles left',
    ting_left: '{n} left',
  },
};
merge('TOAST_WORDS', TOAST_WORDS);

merge('FRIENDS_WORDS', FRIENDS_WORDS);  // friends, invites, the lobby socket's notices
merge('TOURNAMENT_WORDS', TOURNAMENT_WORDS);

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
  // English counts: a key_one form is used for exactly one ("1 win", "2 wins")
  const one = vars && vars.n !== undefined && Number(vars.n) === 1 && STRINGS[lang][`${key}_one`];
  let s = one || (STRINGS[lang][key] ?? STRINGS.zh[key] ?? key);
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

/** A bot or 托管 chip with its level (easy | normal | hard), e.g. 机器人 · 高手. */
export function withLevel(label, level) {
  return level && has(`level_${level}`) ? `${label} · ${t(`level_${level}`)}` : label;
}

/** Every string of a language, key to words (the tests read the English ones for full-width punctuation). */
export function words(l) { return {...STRINGS[l]}; }

/** Whether `key` is a known string (in this language or the Chinese fallback). */
export function has(key) { return key in STRINGS[lang] || key in STRINGS.zh; }

/** A word as a ruleset says it: `<key>_<ruleset>` when that ruleset has its own (百搭 for 钻, 台 for 番),
 * else the shared `<key>`. */
export function rulesetWord(key, ruleset, vars) {
  return ruleset && has(`${key}_${ruleset}`) ? t(`${key}_${ruleset}`, vars) : t(key, vars);
}

const FLOWER_ZH = '春夏秋冬梅兰竹菊';
const FLOWER_EN = ['Spring', 'Summer', 'Autumn', 'Winter', 'Plum', 'Orchid', 'Bamboo', 'Chrysanthemum'];

export function tileName(id) {
  if (id === null || id === undefined) return lang === 'zh' ? '牌背' : 'tile back';
  if (id >= 34) return lang === 'zh' ? FLOWER_ZH[id - 34] : FLOWER_EN[id - 34];  // flowers (百搭麻将)
  if (id >= 27) return (lang === 'zh' ? HONOR_ZH : HONOR_EN)[id - 27];
  const r = id % 9, s = Math.floor(id / 9);
  // (English counts: "1 Character", "1 Dot", "5 Characters"; bamboo has no plural)
  return lang === 'zh' ? NUM_ZH[r] + SUIT_ZH[s] : `${r + 1} ${r === 0 && s < 2 ? SUIT_EN[s].slice(0, -1) : SUIT_EN[s]}`;
}

/** A ruleset's name in the player's language (the server's title otherwise). */
export function rulesetName(name, title) {
  const k = `ruleset_${name}`;
  return STRINGS[lang][k] || title || name;
}

/** A date and time (seconds since the epoch) as this language writes it. */
export function dateText(seconds) {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB',
    {year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit'});
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
