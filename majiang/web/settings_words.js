// Words of the settings panel (merged into i18n.js's STRINGS; a file of their own so the other screens'
// words merge cleanly). The older options' own names (set_volume, set_voice, …) stay in i18n.js.
export const SETTINGS_WORDS = {
  zh: {
    set_group_sound: '声音', set_group_play: '打牌', set_group_look: '外观', set_close: '关闭设置',
    set_tile_small: '小', set_tile_medium: '中', set_tile_large: '大',
    set_voice_note: '碰、杠、胡时念出来', set_auto_pass_note: '别人打的牌我不能胡时，自动点过',
    set_auto_win_note: '能胡就自动胡', set_motion_note: '出牌、摸牌和算分的动画',
    set_muted: '静音',
    set_music: '背景音乐', set_music_note: '打牌时放一段轻柔的音乐',
    set_voice_lang: '语音语言', set_voice_lang_ui: '跟随界面', set_voice_lang_zh: '中文', set_voice_lang_en: 'English',
    set_hints: '听牌提示', set_hints_note: '显示听哪几张、还剩几张',
    set_confirm_discard: '点两下出牌', set_confirm_discard_note: '第一下选中，再点一下打出，防止误触',
    set_tile_back: '牌背颜色', back_green: '绿', back_blue: '蓝', back_red: '红', back_gold: '金',
  },
  en: {
    set_group_sound: 'Sound', set_group_play: 'Play', set_group_look: 'Look', set_close: 'Close settings',
    set_tile_small: 'Small', set_tile_medium: 'Medium', set_tile_large: 'Large',
    set_voice_note: 'Say pung, kong and win out loud', set_auto_pass_note: 'Pass a claim at once when it offers no win',
    set_auto_win_note: 'Win whenever a win is offered', set_motion_note: 'Discards, draws and the score flying',
    set_muted: 'Muted',
    set_music: 'Music', set_music_note: 'A soft loop while you play',
    set_voice_lang: 'Voice language', set_voice_lang_ui: 'Auto', set_voice_lang_zh: '中文', set_voice_lang_en: 'English',
    set_hints: 'Waits hint', set_hints_note: 'Your winning tiles and how many are left',
    set_confirm_discard: 'Tap twice to discard', set_confirm_discard_note: 'The first tap lifts the tile, the second throws it',
    set_tile_back: 'Tile backs', back_green: 'green', back_blue: 'blue', back_red: 'red', back_gold: 'gold',
  },
};
