// Words of the settings panel (merged into i18n.js's STRINGS; a file of their own so the other screens'
// words merge cleanly). The options' own names (set_volume, set_voice, …) stay in i18n.js.
export const SETTINGS_WORDS = {
  zh: {
    set_group_sound: '声音', set_group_play: '打牌', set_group_look: '外观', set_close: '关闭设置',
    set_tile_small: '小', set_tile_medium: '中', set_tile_large: '大',
    set_voice_note: '碰、杠、胡时念出来', set_auto_pass_note: '别人打的牌我不能胡时，自动点过',
    set_auto_win_note: '能胡就自动胡', set_motion_note: '出牌、摸牌和算分的动画',
    set_muted: '静音',
  },
  en: {
    set_group_sound: 'Sound', set_group_play: 'Play', set_group_look: 'Look', set_close: 'Close settings',
    set_tile_small: 'Small', set_tile_medium: 'Medium', set_tile_large: 'Large',
    set_voice_note: 'Say pung, kong and win out loud', set_auto_pass_note: 'Pass a claim at once when it offers no win',
    set_auto_win_note: 'Win whenever a win is offered', set_motion_note: 'Discards, draws and the score flying',
    set_muted: 'Muted',
  },
};
