// The settings panel (the table's ☰ → 设置, and the account page), laid out as a game's options screen:
// three groups (声音 / 打牌 / 外观), each option one row with a switch, a slider or a few choices, the note
// that explains it under its name (sideways the notes go to the row's tooltip: the short screen has no
// room). 声音: effects volume, background music (a switch with its own volume), spoken calls and the
// language they are spoken in; 打牌: auto-win, auto-pass, the 听 hint, tap twice to discard; 外观: animations, tile size, table
// colour, tile back colour. What it sets is kept by settings.js (this browser, and the account's other
// devices).
import {h} from '../dom.js';
import {t} from '../i18n.js';
import {sounds} from '../sound.js';
import {FELTS, TILE_BACKS, VOICE_LANGS, saveSettings, setVoice, settings, voiceOn} from '../settings.js';

const TILE_SIZES = [[0.9, 'set_tile_small'], [1, 'set_tile_medium'], [1.1, 'set_tile_large']];

/** done(): close it; changed(): re-draw what shows the settings (the tile size, the swatch). */
export function settingsPanel(done, changed = () => {}) {
  const s = settings();
  const text = (label, note) => h('span', {class: 'sp-text'}, h('span', {class: 'sp-label'}, label),
    note ? h('span', {class: 'sp-note'}, note) : null);
  // A switch is a real checkbox (role=switch): the keyboard, a screen reader and the tests use it as one.
  const switchEl = (testid, on, set, label) => h('input', {type: 'checkbox', role: 'switch', class: 'switch', checked: on,
    'data-testid': testid, 'aria-label': label, onchange: (ev) => set(ev.target.checked)});
  const toggle = (testid, label, note, on, set) => h('label', {class: 'sp-row', title: note || null},
    text(label, note), switchEl(testid, on, set));
  const check = (key, label, note) => toggle(`set-${key}`, label, note, s[key] !== false, (on) => { saveSettings({[key]: on}); });

  // A slider filled up to its value, the value beside it (0 reads "muted").
  const slider = (key, testid, onInput) => {
    const v0 = Number(s[key]);
    const out = h('output', {class: 'sp-value', 'data-testid': `${testid}-value`}, volumeText(v0));
    const input = h('input', {type: 'range', min: 0, max: 1, step: 0.1, value: v0, 'data-testid': testid, 'aria-label': t(`set_${key === 'volume' ? 'volume' : 'music'}`),
      oninput: (ev) => {
        const v = Number(ev.target.value);
        saveSettings({[key]: v});
        ev.target.style.setProperty('--p', String(v));
        out.textContent = volumeText(v);
        onInput(v);
      }});
    // (the fill's share as a custom property: set through style: {...} it was dropped, Object.assign does
    // not set a "--" property, so every slider drew the stylesheet's 80 % whatever its value)
    input.style.setProperty('--p', String(v0));
    return h('span', {class: 'sp-slider'}, input, out);
  };
  const volume = h('label', {class: 'sp-row sp-wide'}, text(t('set_volume')), slider('volume', 'set-volume', () => sounds.discard()));
  // the music: its volume and its switch on one row (the slider waits, dimmed, while it is off)
  const musicSlider = slider('musicVolume', 'set-music-volume', () => {});
  const musicRow = h('div', {class: `sp-row sp-wide sp-music ${s.music ? '' : 'is-off'}`, title: t('set_music_note')},
    text(t('set_music'), t('set_music_note')),
    h('span', {class: 'sp-music-controls'}, musicSlider,
      switchEl('set-music', !!s.music, (on) => { saveSettings({music: on}); musicRow.classList.toggle('is-off', !on); }, t('set_music'))));

  // A few choices side by side, the chosen one gold (a radio group).
  const segments = (testid, label, options, current, pick) => {
    const box = h('div', {class: 'sp-segments', role: 'radiogroup', 'aria-label': label, 'data-testid': testid},
      options.map(([v, words, id]) => h('button', {
        type: 'button', role: 'radio', class: 'sp-segment', 'aria-checked': String(v === current), 'data-value': v,
        'data-testid': `${testid}-${id}`,
        onclick: (ev) => {
          for (const b of box.children) b.setAttribute('aria-checked', String(b === ev.currentTarget));
          pick(v);
        }}, words)));
    return box;
  };
  const voiceLangs = segments('set-voiceLang', t('set_voice_lang'),
    VOICE_LANGS.map((v) => [v, t(`set_voice_lang_${v}`), v]), VOICE_LANGS.includes(s.voiceLang) ? s.voiceLang : 'ui',
    (v) => saveSettings({voiceLang: v}));

  // The tile size is three choices (a slider's 0.85…1.15 meant nothing to a player); an older stored
  // value shows as the nearest of them.
  const nearest = TILE_SIZES.reduce((a, b) => (Math.abs(b[0] - s.tileSize) < Math.abs(a[0] - s.tileSize) ? b : a))[0];
  const sizes = segments('set-tileSize', t('set_tile_size'), TILE_SIZES.map(([v, key]) => [v, t(key), key.slice(9)]), nearest,
    (v) => { saveSettings({tileSize: v}); changed(); });

  // Swatches: the table's felt as a round cloth, the tile back as a small tile.
  const swatches = (cls, swatch, testid, table, current, key, nameOf, look) => {
    const box = h('div', {class: `sp-swatches ${cls}`, role: 'radiogroup', 'aria-label': t(key === 'felt' ? 'set_felt' : 'set_tile_back')},
      Object.entries(table).map(([k, c]) => h('button', {type: 'button', class: `${swatch} swatch ${current === k ? 'on' : ''}`,
        role: 'radio', 'data-testid': `${testid}-${k}`, 'aria-label': nameOf(k), 'aria-checked': String(current === k),
        'aria-pressed': String(current === k), title: nameOf(k), style: {background: look(c)},
        onclick: (ev) => {
          for (const b of box.children) {
            b.classList.toggle('on', b === ev.currentTarget);
            b.setAttribute('aria-pressed', String(b === ev.currentTarget));
            b.setAttribute('aria-checked', String(b === ev.currentTarget));
          }
          saveSettings({[key]: k});
          changed();
        }})));
    return box;
  };
  const felts = swatches('sp-felts', 'felt-swatch', 'felt', FELTS, s.felt, 'felt', (k) => t(`felt_${k}`),
    (c) => `radial-gradient(circle at 50% 35%, ${c[2]}, ${c[0]} 70%)`);
  const backs = swatches('sp-backs', 'back-swatch', 'back', TILE_BACKS, TILE_BACKS[s.tileBack] ? s.tileBack : 'green', 'tileBack', (k) => t(`back_${k}`),
    (c) => `linear-gradient(150deg, ${c[0]} 0%, ${c[1]} 55%, ${c[2]} 100%)`);

  const wide = (label, control, note) => h('div', {class: 'sp-row sp-wide', title: note || null}, text(label, note), control);
  const group = (key, ...rows) => h('section', {class: 'sp-group', 'data-group': key}, h('h4', {}, t(key)), rows);
  return h('div', {class: 'modal-back', onclick: (ev) => { if (ev.target === ev.currentTarget) done(); }},
    h('div', {class: 'modal confirm settings-panel', role: 'dialog', 'aria-label': t('settings'), 'data-testid': 'settings'},
      // the title bar: the title at the left, 完成 and ✕ at the right, ✕ in the corner — the same places at
      // every size (sideways 完成 had moved up into the head and ✕ to the title's left)
      h('div', {class: 'sp-head'}, h('h3', {}, t('settings')),
        h('div', {class: 'sp-head-buttons'},
          h('button', {type: 'button', class: 'primary sp-done', 'data-testid': 'settings-done', onclick: done}, t('done')),
          h('button', {type: 'button', class: 'sp-close', 'aria-label': t('set_close'), title: t('set_close'),
            'data-testid': 'settings-close', onclick: done}, '✕'))),
      h('div', {class: 'settings-form'},
        group('set_group_sound', volume, musicRow,
          toggle('set-voice', t('set_voice'), t('set_voice_note'), voiceOn(), (on) => setVoice(on)),
          wide(t('set_voice_lang'), voiceLangs)),
        group('set_group_play', check('autoWin', t('set_auto_win'), t('set_auto_win_note')),
          check('autoPass', t('set_auto_pass'), t('set_auto_pass_note')),
          check('hints', t('set_hints'), t('set_hints_note')),
          check('confirmDiscard', t('set_confirm_discard'), t('set_confirm_discard_note'))),
        group('set_group_look', check('motion', t('set_motion'), t('set_motion_note')),
          wide(t('set_tile_size'), sizes),
          wide(t('set_felt'), felts),
          wide(t('set_tile_back'), backs)))));
}

function volumeText(v) {
  return v > 0 ? `${Math.round(v * 100)}%` : t('set_muted');
}
