// Words of the tournament pages (merged into i18n.js's STRINGS; a file of their own so the other
// screens' words merge cleanly).
export const TOURNAMENT_WORDS = {
  zh: {
    tournaments: '比赛', no_tournaments: '还没有比赛', t_status_registering: '报名中', t_status_running: '进行中',
    t_status_finished: '已结束', t_status_cancelled: '已取消', t_rounds: '{n} 轮', t_hands: '每轮 {n} 局',
    t_players: '{n}/{cap} 人', t_start_at: '开赛：{when}', t_when_full: '满员即开赛', t_register: '报名',
    t_unregister: '取消报名', t_checkin: '签到', t_checked_in: '已签到', t_registered: '已报名，开赛前请签到',
    t_my_table: '你的牌桌：第 {r} 轮第 {n} 桌', t_go_table: '去牌桌', t_standings: '排名', t_points: '得分',
    t_firsts: '桌第一', t_opponents: '对手分', t_best: '单轮最高', t_round: '第 {n} 轮', t_table: '第 {n} 桌',
    t_bot: '机器人', t_marked: '托管', t_marked_title: '这一轮超过一半由托管代打（缺席）',
    t_commit: '牌墙承诺（SHA-256）', t_seeds: '已公开的种子', t_sealed: '本轮结束后公开种子',
    t_tiebreaks: '同分依次比：桌第一次数、对手总分、单轮最高分。', t_verify: '校验记录',
    t_duplicate: '复式牌墙：同一轮每桌打同一组牌墙（每桌错开一局），种子开轮前公布哈希、结束后公开。',
    t_registered_list: '报名名单', t_playing: '对局中', t_done: '已结束',
  },
  en: {
    tournaments: 'Tournaments', no_tournaments: 'No tournaments yet', t_status_registering: 'Registration open',
    t_status_running: 'Running', t_status_finished: 'Finished', t_status_cancelled: 'Cancelled', t_rounds: '{n} rounds',
    t_rounds_one: '1 round', t_hands: '{n} hands a round', t_hands_one: '1 hand a round', t_players: '{n}/{cap} players',
    t_start_at: 'Starts {when}', t_when_full: 'Starts when full', t_register: 'Register', t_unregister: 'Withdraw',
    t_checkin: 'Check in', t_checked_in: 'Checked in', t_registered: 'Registered: check in before the start',
    t_my_table: 'Your table: round {r}, table {n}', t_go_table: 'Go to the table', t_standings: 'Standings',
    t_points: 'Points', t_firsts: 'Firsts', t_opponents: 'Opp.', t_best: 'Best', t_round: 'Round {n}', t_table: 'Table {n}',
    t_bot: 'Bot', t_marked: 'Auto', t_marked_title: 'More than half of this round played by auto-play (absent)',
    t_commit: 'Walls committed (SHA-256)', t_seeds: 'Seeds revealed', t_sealed: 'Seeds revealed when the round ends',
    t_tiebreaks: 'Ties: more table wins, then opponents\u2019 points, then the best round.', t_verify: 'Verification record',
    t_duplicate: 'Duplicate walls: every table of a round plays the same walls (each one hand further on); the seeds\u2019 hashes are published before the round, the seeds after it.',
    t_registered_list: 'Registered', t_playing: 'Playing', t_done: 'Done',
  },
};
