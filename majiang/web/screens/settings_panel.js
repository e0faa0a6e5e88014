// The settings panel (the table's ☰ → 设置, and the account page): effects volume, spoken calls,
// animations, auto-pass claims, auto-win, tile size, table colour. What it sets is kept by settings.js
// (this browser, and the account's other devices).
import {h} from '../dom.js';
import {t} from '../i18n.js';
import {sounds} from '../sound.js';
import {FELTS, saveSettings, setVoice, settings, voiceOn} from '../settings.js';

/** done(): close it; changed(): re-draw what shows the settings (the tile size, the swatch). */
export function settingsPanel(done, changed = () => {}) {
  const s = settings();
  const check = (key, label) => h('label', {class: 'row check'}, h('span', {}, label),
    h('input', {type: 'checkbox', checked: s[key], 'data-testid': `set-${key}`, onchange: (ev) => { saveSettings({[key]: ev.target.checked}); }}));
  return h('div', {class: 'modal-back', onclick: (ev) => { if (ev.target === ev.currentTarget) done(); }},
    h('div', {class: 'modal confirm', role: 'dialog', 'aria-label': t('settings'), 'data-testid': 'settings'},
      h('h3', {}, t('settings')),
      h('div', {class: 'settings-form'},
        h('label', {class: 'row'}, h('span', {}, t('set_volume')), h('input', {type: 'range', min: 0, max: 1, step: 0.1, value: s.volume,
          'data-testid': 'set-volume', oninput: (ev) => { saveSettings({volume: Number(ev.target.value)}); sounds.discard(); }})),
        h('label', {class: 'row check'}, h('span', {}, t('set_voice')), h('input', {type: 'checkbox', checked: voiceOn(), 'data-testid': 'set-voice',
          onchange: (ev) => setVoice(ev.target.checked)})),
        check('motion', t('set_motion')), check('autoPass', t('set_auto_pass')), check('autoWin', t('set_auto_win')),
        h('label', {class: 'row'}, h('span', {}, t('set_tile_size')), h('input', {type: 'range', min: 0.85, max: 1.15, step: 0.05, value: s.tileSize,
          'data-testid': 'set-tileSize', onchange: (ev) => { saveSettings({tileSize: Number(ev.target.value)}); changed(); }})),
        h('div', {class: 'row'}, h('span', {}, t('set_felt')), h('span', {class: 'buttons'}, Object.entries(FELTS).map(([k, c]) =>
          h('button', {type: 'button', class: `felt-swatch ${s.felt === k ? 'on' : ''}`, 'data-testid': `felt-${k}`, 'aria-label': t(`felt_${k}`),
            style: {background: c[0]}, onclick: () => { saveSettings({felt: k}); changed(); }}))))),
      h('div', {class: 'buttons'}, h('button', {type: 'button', class: 'primary', 'data-testid': 'settings-done', onclick: done}, t('done')))));
}
