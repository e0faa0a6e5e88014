// The settings panel (the table's ☰ → 设置, and the account page): effects volume, spoken calls,
// animations, auto-pass claims, auto-win, tile size, table colour. What it sets is kept by settings.js
// (this browser, and the account's other devices). It is laid out as a game's options screen: three
// groups (声音 / 打牌 / 外观), each option one row with a switch, a slider or a few choices, the note that
// explains it under its name (sideways the notes go to the row's tooltip: the short screen has no room).
import {h} from '../dom.js';
import {t} from '../i18n.js';
import {sounds} from '../sound.js';
import {FELTS, saveSettings, setVoice, settings, voiceOn} from '../settings.js';

const TILE_SIZES = [[0.9, 'set_tile_small'], [1, 'set_tile_medium'], [1.1, 'set_tile_large']];

/** done(): close it; changed(): re-draw what shows the settings (the tile size, the swatch). */
export function settingsPanel(done, changed = () => {}) {
  const s = settings();
  const text = (label, note) => h('span', {class: 'sp-text'}, h('span', {class: 'sp-label'}, label),
    note ? h('span', {class: 'sp-note'}, note) : null);
  // A switch is a real checkbox (role=switch): the keyboard, a screen reader and the tests use it as one.
  const toggle = (testid, label, note, on, set) => h('label', {class: 'sp-row', title: note || null},
    text(label, note),
    h('input', {type: 'checkbox', role: 'switch', class: 'switch', checked: on, 'data-testid': testid,
      onchange: (ev) => set(ev.target.checked)}));
  const check = (key, label, note) => toggle(`set-${key}`, label, note, s[key], (on) => { saveSettings({[key]: on}); });

  const percent = h('output', {class: 'sp-value', 'data-testid': 'set-volume-value'}, volumeText(s.volume));
  const volume = h('label', {class: 'sp-row sp-wide'}, text(t('set_volume')),
    h('span', {class: 'sp-slider'},
      h('input', {type: 'range', min: 0, max: 1, step: 0.1, value: s.volume, 'data-testid': 'set-volume',
        style: {'--fill': `${Math.round(s.volume * 100)}%`},
        oninput: (ev) => {
          const v = Number(ev.target.value);
          saveSettings({volume: v});
          ev.target.style.setProperty('--fill', `${Math.round(v * 100)}%`);
          percent.textContent = volumeText(v);
          sounds.discard();
        }}),
      percent));

  // The tile size is three choices (a slider's 0.85…1.15 meant nothing to a player); an older stored
  // value shows as the nearest of them.
  const nearest = TILE_SIZES.reduce((a, b) => (Math.abs(b[0] - s.tileSize) < Math.abs(a[0] - s.tileSize) ? b : a))[0];
  const sizes = h('div', {class: 'sp-segments', role: 'radiogroup', 'aria-label': t('set_tile_size'), 'data-testid': 'set-tileSize'},
    TILE_SIZES.map(([v, key]) => h('button', {
      type: 'button', role: 'radio', class: 'sp-segment', 'aria-checked': String(v === nearest), 'data-value': v,
      'data-testid': `set-tileSize-${key.slice(9)}`,
      onclick: (ev) => {
        for (const b of sizes.children) b.setAttribute('aria-checked', String(b === ev.currentTarget));
        saveSettings({tileSize: v});
        changed();
      }}, t(key))));

  const felts = h('div', {class: 'sp-felts'}, Object.entries(FELTS).map(([k, c]) =>
    h('button', {type: 'button', class: `felt-swatch ${s.felt === k ? 'on' : ''}`, 'data-testid': `felt-${k}`,
      'aria-label': t(`felt_${k}`), 'aria-pressed': String(s.felt === k), title: t(`felt_${k}`),
      style: {background: `radial-gradient(circle at 50% 35%, ${c[2]}, ${c[0]} 70%)`},
      onclick: (ev) => {
        for (const b of felts.children) {
          b.classList.toggle('on', b === ev.currentTarget);
          b.setAttribute('aria-pressed', String(b === ev.currentTarget));
        }
        saveSettings({felt: k});
        changed();
      }})));

  const group = (key, ...rows) => h('section', {class: 'sp-group'}, h('h4', {}, t(key)), rows);
  return h('div', {class: 'modal-back', onclick: (ev) => { if (ev.target === ev.currentTarget) done(); }},
    h('div', {class: 'modal confirm settings-panel', role: 'dialog', 'aria-label': t('settings'), 'data-testid': 'settings'},
      h('div', {class: 'sp-head'}, h('h3', {}, t('settings')),
        h('button', {type: 'button', class: 'sp-close', 'aria-label': t('set_close'), title: t('set_close'),
          'data-testid': 'settings-close', onclick: done}, '✕')),
      h('div', {class: 'settings-form'},
        group('set_group_sound', volume,
          toggle('set-voice', t('set_voice'), t('set_voice_note'), voiceOn(), (on) => setVoice(on))),
        group('set_group_play', check('autoWin', t('set_auto_win'), t('set_auto_win_note')),
          check('autoPass', t('set_auto_pass'), t('set_auto_pass_note'))),
        group('set_group_look', check('motion', t('set_motion'), t('set_motion_note')),
          h('div', {class: 'sp-row sp-wide'}, text(t('set_tile_size')), sizes),
          h('div', {class: 'sp-row sp-wide'}, text(t('set_felt')), felts))),
      h('div', {class: 'buttons'}, h('button', {type: 'button', class: 'primary', 'data-testid': 'settings-done', onclick: done}, t('done')))));
}

function volumeText(v) {
  return v > 0 ? `${Math.round(v * 100)}%` : t('set_muted');
}
