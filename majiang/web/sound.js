// Table sounds made in the browser (WebAudio oscillators; no files to download), and the aria-live
// announcer. Muting and the voice switch are settings (settings.js).
import {h} from './dom.js';
import {muted, setMuted, setVoice, settings, voiceOn} from './settings.js';

export {muted, setMuted, setVoice, voiceOn};

let ctx = null;

function audio() {
  if (muted()) return null;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  if (!ctx) ctx = new AC();
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

/** One short tone: frequency (Hz), length (s), wave shape, start offset (s), loudness. */
function tone(freq, len, type = 'sine', at = 0, gain = 0.12) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + at;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(Math.max(0.0002, gain * settings().volume), t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + len + 0.02);
}

export const sounds = {
  discard() { tone(1800, 0.05, 'square', 0, 0.05); tone(900, 0.06, 'triangle', 0.01, 0.08); },
  call() { tone(660, 0.12, 'sawtooth', 0, 0.07); tone(990, 0.16, 'sawtooth', 0.08, 0.06); },
  win() { [523, 659, 784, 1046].forEach((f, i) => tone(f, 0.25, 'triangle', i * 0.09, 0.1)); },
  turn() { tone(880, 0.09, 'sine', 0, 0.1); tone(1175, 0.12, 'sine', 0.1, 0.1); },
  tick() { tone(1400, 0.04, 'square', 0, 0.04); },
};

/** The polite live region screen readers read: discards, calls, your turn, in the chosen language. */
export function announcer() {
  let el = document.getElementById('announce');
  if (!el) {
    el = h('div', {id: 'announce', class: 'sr-only', 'aria-live': 'polite', role: 'log', 'data-testid': 'announce'});
    document.body.appendChild(el);
  }
  return (text) => {
    const line = h('p', {}, text);
    el.appendChild(line);
    while (el.children.length > 5) el.removeChild(el.firstChild);
  };
}

// Spoken calls (碰, 杠, 吃, 胡, 自摸, 报听) through the browser's speech synthesis, in the chosen
// language, with their own switch (on unless switched off).
export function speak(text, lang) {
  if (!voiceOn() || !text || !window.speechSynthesis || typeof SpeechSynthesisUtterance === 'undefined') return;
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.lang = lang === 'zh' ? 'zh-CN' : 'en-US';
    u.rate = 1.1;
    window.speechSynthesis.speak(u);
  } catch { /* no voice on this system: the effects and the toasts still say it */ }
}
