// The player's table settings: effects volume, sound and voice on/off, the spoken calls' language,
// background music and its volume, animations, auto-pass claims, auto-win, the 听 hint, tile size, table
// colour, tile back colour and the language. Each browser keeps them (localStorage `mj.settings`, with
// `mj.mute`, `mj.voice` and `mj.lang` for the older switches); an account also keeps them on the server
// (GET/POST /api/account/settings), so a second device signed in to it gets them: loadAccountSettings()
// takes the server's at start and after signing in, and every change is sent back (a guest's stay in its
// browser). What the table shows follows them through the root element: CSS variables (--felt…,
// --tile-scale, --back-…) and flags (data-motion, data-hints, data-tile-back) that settings.css reads.
import {api, session} from './api.js';
import {getLang, setLang, words} from './i18n.js';
import {setMusic} from './music.js';

const DEFAULTS = {volume: 0.8, autoPass: false, autoWin: false, tileSize: 1, felt: 'green', motion: true,
  music: false, musicVolume: 0.5, voiceLang: 'ui', hints: true, tileBack: 'green', confirmDiscard: false};
export const FELTS = {green: ['#0f5c3b', '#0a4329', '#16734b'], blue: ['#163f66', '#0e2c4a', '#1f5687'],
  red: ['#5e1f25', '#43141a', '#7a2a31'], wood: ['#5a4026', '#3f2c19', '#735434']};
// The tile backs' colours (light, middle, dark of the back's gradient); green is the table's own.
export const TILE_BACKS = {green: ['#34b073', '#1d7d4f', '#135c39'], blue: ['#4d93dc', '#24609f', '#163f6d'],
  red: ['#df5a52', '#a82a2c', '#6c1618'], gold: ['#efc75c', '#c08f1f', '#7d5a0b']};
export const VOICE_LANGS = ['ui', 'zh', 'en'];

export function settings() {
  try { return {...DEFAULTS, ...JSON.parse(localStorage.getItem('mj.settings') || '{}')}; } catch { return {...DEFAULTS}; }
}

export function saveSettings(patch) {
  const next = {...settings(), ...patch};
  localStorage.setItem('mj.settings', JSON.stringify(next));
  applySettings(next);
  remember(patch);
  return next;
}

export function muted() { return localStorage.getItem('mj.mute') === '1'; }
export function setMuted(on) { localStorage.setItem('mj.mute', on ? '1' : '0'); applyMusic(); remember({sound: !on}); }
export function voiceOn() { return localStorage.getItem('mj.voice') !== '0'; }
export function setVoice(on) { localStorage.setItem('mj.voice', on ? '1' : '0'); remember({voice: !!on}); }

/** The language the calls are spoken in: the player's choice, or the screen's ('ui'). */
export function voiceLang() {
  const v = settings().voiceLang;
  return v === 'zh' || v === 'en' ? v : getLang();
}

/** A spoken call's words and language, e.g. voiceText('act_pung') → ['Pung', 'en']: the table speaks
 *  them with sound.js's speak(...voiceText(key)). */
export function voiceText(key, vars) {
  const l = voiceLang();
  let text = words(l)[key] ?? words('zh')[key] ?? key;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, v);
  return [text, l];
}

/** Whether the 听 hint (the waits line and the counts on the tiles) shows at the table. */
export function hintsOn() { return settings().hints !== false; }

function applyMusic(s = settings()) { setMusic(!!s.music && !muted(), Number(s.musicVolume) || 0); }

/** No animation: the system asks for reduced motion, or the player switched animations off. */
export function reducedMotion() {
  return !settings().motion || (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/** The look: the felt's colours and the tile scale as CSS variables on the root; motion off as a flag. */
export function applySettings(s = settings()) {
  const root = document.documentElement.style;
  const felt = FELTS[s.felt] || FELTS.green;
  root.setProperty('--felt', felt[0]);
  root.setProperty('--felt-dark', felt[1]);
  root.setProperty('--felt-light', felt[2]);
  root.setProperty('--tile-scale', String(s.tileSize || 1));
  const back = TILE_BACKS[s.tileBack] || TILE_BACKS.green;
  root.setProperty('--back-light', back[0]);
  root.setProperty('--back-mid', back[1]);
  root.setProperty('--back-dark', back[2]);
  const flags = document.documentElement.dataset;
  flags.tileBack = TILE_BACKS[s.tileBack] ? s.tileBack : 'green';
  flags.motion = s.motion === false ? 'off' : 'on';
  flags.hints = s.hints === false ? 'off' : 'on';
  applyMusic(s);
}

/** Everything the server keeps for an account, as this browser has it now. */
function everything() {
  const s = settings();
  return {volume: s.volume, autoPass: s.autoPass, autoWin: s.autoWin, tileSize: s.tileSize, felt: s.felt,
    motion: s.motion !== false, sound: !muted(), voice: voiceOn(), lang: getLang(),
    music: !!s.music, musicVolume: s.musicVolume, voiceLang: s.voiceLang, hints: s.hints !== false, tileBack: s.tileBack};
}

// Changes go to the server a moment later, together (a slider sends one request, not twenty).
let pending = {};
let timer = null;
function remember(patch) {
  if (!session.isAccount) return;
  pending = {...pending, ...patch};
  clearTimeout(timer);
  timer = setTimeout(() => {
    const body = pending;
    pending = {};
    api.saveSettings(body).catch(() => { /* offline: this browser keeps them; the next change sends again */ });
  }, 300);
}

// The language the server just sent: switching to it is not a change to send back (an echo would be
// a second request racing the player's next real change).
let fromServer = null;

/** The language is a setting too: app.js calls this when the player switches it. */
export function rememberLang(lang) {
  if (lang === fromServer) { fromServer = null; return; }
  remember({lang});
}

/** An account's settings from the server into this browser (none stored yet: this browser's go up). */
export async function loadAccountSettings() {
  if (!session.isAccount) return;
  let stored;
  try { stored = (await api.settings()).settings; } catch { return; }
  if (!stored) { remember(everything()); return; }
  const {sound, voice, lang, ...table} = stored;
  localStorage.setItem('mj.settings', JSON.stringify({...settings(), ...table}));
  if (sound !== undefined) localStorage.setItem('mj.mute', sound ? '0' : '1');
  if (voice !== undefined) localStorage.setItem('mj.voice', voice ? '1' : '0');
  applySettings();
  if (lang && lang !== getLang()) { fromServer = lang; setLang(lang); fromServer = null; }
}
