// Words of the waiting room (screens/waiting.js), merged into i18n.js's STRINGS.
export const WAITING_WORDS = {
  zh: {
    wr_copy_link: '复制链接', wr_share: '发给朋友，坐满开局', wr_waiting: '等待加入',
    wr_turn_clock: '出牌 {n} 秒', wr_ranked: '排位赛', wr_private: '不公开',
    wr_you: '我', wr_ready_n: '{n}/4 已准备', wr_add_bot: '+ 机器人', wr_add_bot_to: '这个座位加一个机器人',
  },
  en: {
    wr_copy_link: 'Copy link', wr_share: 'Send it to friends: play starts when all four are ready',
    wr_waiting: 'Waiting', wr_turn_clock: '{n} s a turn', wr_ranked: 'Ranked', wr_private: 'Private',
    wr_you: 'You', wr_ready_n: '{n} of 4 ready', wr_add_bot: '+ Bot', wr_add_bot_to: 'A bot in this seat',
  },
};
