// Background music: a soft loop made in the browser (WebAudio oscillators, no file to fetch), off unless
// the player switches it on in the settings (settings.js calls setMusic with the switch and its volume,
// at start and on every change). A slow pad of three notes a bar under a few plucked notes of the
// pentatonic scale, 4 bars of 2.4 s, over and over. A browser lets sound start only after the player's
// first tap or key: until then the loop waits for one. <html data-music> says "playing" or "off".

const BAR = 2.4;  // seconds
// A minor pentatonic: Am, F(add9), C, G — the pad's notes, and each bar's plucked notes (0 = rest).
const PADS = [[220.0, 261.63, 329.63], [174.61, 220.0, 261.63], [196.0, 261.63, 329.63], [196.0, 246.94, 293.66]];
const PLUCKS = [
  [659.25, 0, 523.25, 587.33, 0, 440.0, 0, 523.25],
  [523.25, 0, 440.0, 0, 392.0, 0, 440.0, 0],
  [659.25, 0, 783.99, 0, 659.25, 587.33, 0, 523.25],
  [587.33, 0, 493.88, 0, 392.0, 0, 440.0, 0],
];
const LOUDNESS = 0.22;  // the whole loop at volume 100 %: under the effects, never over them

let ctx = null;
let master = null;
let timer = null;
let nextBar = 0;
let bar = 0;
let want = {on: false, volume: 0.5};
let waiting = false;

function mark() {
  document.documentElement.dataset.music = timer && ctx && ctx.state === 'running' ? 'playing' : 'off';
}

function note(freq, at, len, type, gain) {
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  // a slow swell for the pad, a soft pluck for the notes; never a click at either end
  const attack = type === 'sine' ? Math.min(0.6, len / 3) : 0.015;
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + len);
  osc.connect(g).connect(master);
  osc.start(at);
  osc.stop(at + len + 0.05);
}

function schedule() {
  if (!ctx) return;
  // keep about one bar ahead of the clock (a background tab's timer may run late: skip what is past)
  if (nextBar < ctx.currentTime) nextBar = ctx.currentTime + 0.05;
  while (nextBar < ctx.currentTime + BAR) {
    const i = bar % PADS.length;
    for (const f of PADS[i]) note(f, nextBar, BAR * 1.15, 'sine', 0.05);
    note(PADS[i][0] / 2, nextBar, BAR, 'sine', 0.06);
    PLUCKS[i].forEach((f, k) => { if (f) note(f, nextBar + k * (BAR / 8), 0.9, 'triangle', 0.028); });
    nextBar += BAR;
    bar += 1;
  }
  mark();
}

function start() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  if (!ctx) {
    ctx = new AC();
    master = ctx.createGain();
    master.gain.value = 0.0001;
    master.connect(ctx.destination);
    ctx.addEventListener('statechange', mark);
  }
  if (ctx.state === 'suspended') {
    ctx.resume().catch(() => {});
    // (no tap yet: the first one starts it)
    if (!waiting) {
      waiting = true;
      const go = () => {
        waiting = false;
        window.removeEventListener('pointerdown', go, true);
        window.removeEventListener('keydown', go, true);
        if (want.on && ctx) ctx.resume().then(schedule).catch(() => {});
      };
      window.addEventListener('pointerdown', go, true);
      window.addEventListener('keydown', go, true);
    }
  }
  master.gain.cancelScheduledValues(ctx.currentTime);
  master.gain.setTargetAtTime(Math.max(0.0001, want.volume * LOUDNESS), ctx.currentTime, 0.3);
  if (!timer) {
    nextBar = ctx.currentTime + 0.1;
    timer = setInterval(schedule, 400);
  }
  schedule();
}

function stop() {
  if (timer) { clearInterval(timer); timer = null; }
  if (ctx && master) {
    master.gain.cancelScheduledValues(ctx.currentTime);
    master.gain.setTargetAtTime(0.0001, ctx.currentTime, 0.15);
  }
  mark();
}

/** The music on or off, at a volume from 0 to 1 (settings.js: its switch, its slider and the mute). */
export function setMusic(on, volume) {
  want = {on: !!on && volume > 0, volume: Number(volume) || 0};
  if (want.on) start(); else stop();
}

/** Whether the loop is running (the tests and the panel ask). */
export function musicPlaying() { return !!timer && !!ctx && ctx.state === 'running'; }
