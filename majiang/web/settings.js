// The player's table settings, remembered per browser (localStorage `mj.settings`): effects volume,
// auto-pass claims, auto-win, tile size and table colour. (Voice and sound on/off have their own keys.)
const DEFAULTS = {volume: 0.8, autoPass: false, autoWin: false, tileSize: 1, felt: 'green'};
export const FELTS = {green: ['#0f5c3b', '#0a4329', '#16734b'], blue: ['#163f66', '#0e2c4a', '#1f5687'],
  red: ['#5e1f25', '#43141a', '#7a2a31'], wood: ['#5a4026', '#3f2c19', '#735434']};

export function settings() {
  try { return {...DEFAULTS, ...JSON.parse(localStorage.getItem('mj.settings') || '{}')}; } catch { return {...DEFAULTS}; }
}

export function saveSettings(patch) {
  const next = {...settings(), ...patch};
  localStorage.setItem('mj.settings', JSON.stringify(next));
  applySettings(next);
  return next;
}

/** The look: the felt's colours and the tile scale as CSS variables on the root. */
export function applySettings(s = settings()) {
  const root = document.documentElement.style;
  const felt = FELTS[s.felt] || FELTS.green;
  root.setProperty('--felt', felt[0]);
  root.setProperty('--felt-dark', felt[1]);
  root.setProperty('--felt-light', felt[2]);
  root.setProperty('--tile-scale', String(s.tileSize || 1));
}
