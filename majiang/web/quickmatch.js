// The lobby's quick match card: ruleset and mode, one button; while the server looks for three players of
// near rating the card shows how long it has waited, the rating window (it widens with the wait) and a
// cancel; "fill with bots after N s" seats whoever is near and bots (unrated). docs/server.md, "Quick match".
import {h, mount, toast} from './dom.js';
import {rulesetName, t} from './i18n.js';
import {api, session} from './api.js';
import {chipGroup, stepper} from './form_controls.js';
import {lw} from './lobby_words.js';

const MODE_KEYS = ['mode', 'room'];

export function modeChoices(rs) {
  // The option a rating is kept for (majiang/platform/ratings.py mode_of): Anqing's 玩法, Hefei's room.
  if (!rs) return {key: null, choices: []};  // the rulesets are not loaded yet
  const info = (rs.option_info || []).find((i) => MODE_KEYS.includes(i.key));
  if (!info || !info.choices) return {key: null, choices: []};
  return {key: info.key, choices: Object.keys(info.choices), labels: info.choices, value: (rs.options || {})[info.key]};
}

export function quickMatchCard({go, getInfo, inLang}) {
  let ticket = null, poll = null, tick = null, startedAt = 0, waitedAtStart = 0, windowNow = 0;
  let timerEl = null, windowEl = null;
  const card = h('section', {class: 'card quick', 'data-testid': 'quick-match'});
  const ruleset = h('select', {id: 'qm-ruleset', 'data-testid': 'qm-ruleset', onchange: () => fillModes()});
  // the mode's chips, made again for each ruleset (a ruleset without modes shows one: any mode)
  const anyMode = () => chipGroup('qm-mode', [['-', t('any_mode')]], '-', {'data-testid': 'qm-mode'});
  const modeBox = h('div', {class: 'opt-row opt-chips'});
  let mode = null;
  function showMode(group) {
    mode = group;
    mode.setAttribute('aria-labelledby', 'qm-mode-label');
    mount(modeBox, h('span', {class: 'opt-name'}, h('span', {class: 'opt-label', id: 'qm-mode-label'}, t('mode'))), mode);
  }
  showMode(anyMode());
  const bots = h('input', {type: 'checkbox', class: 'switch', role: 'switch', id: 'qm-bots', 'data-testid': 'qm-bots'});
  const after = h('input', {type: 'number', id: 'qm-after', min: 1, max: 600, step: 1, value: 30, 'data-testid': 'qm-after'});

  function fillModes() {
    const rulesets = (getInfo() || {}).rulesets || [];
    const rs = rulesets.find((r) => r.name === ruleset.value) || rulesets[0];
    const m = modeChoices(rs);
    showMode(m.choices.length
      ? chipGroup('qm-mode', m.choices.map((c) => [c, inLang(m.labels[c])]), m.value, {'data-testid': 'qm-mode'})
      : anyMode());
  }

  function clock(s) { const n = Math.max(0, Math.floor(s)); return `${Math.floor(n / 60)}:${String(n % 60).padStart(2, '0')}`; }

  function render() {
    if (!ticket) {
      mount(card, h('h2', {}, t('quick_match')),
        h('label', {class: 'opt-row', for: 'qm-ruleset'}, h('span', {class: 'opt-name'}, h('span', {class: 'opt-label'}, t('ruleset'))), ruleset),
        modeBox,
        h('label', {class: 'opt-row opt-switch', for: 'qm-bots'}, h('span', {class: 'opt-name'}, h('span', {class: 'opt-label'}, t('quick_bots', {n: after.value || 30}))), bots),
        bots.checked ? h('label', {class: 'opt-row', for: 'qm-after'}, h('span', {class: 'opt-name'}, h('span', {class: 'opt-label'}, lw('qm_after'))), stepper(after)) : null,
        h('button', {type: 'button', class: 'primary', 'data-testid': 'qm-go', onclick: start}, t('quick_go')));
      return;
    }
    // built once per wait; the clock ticks only the two lines' text (a re-built button would slip a click)
    timerEl = h('p', {class: 'quick-wait', 'data-testid': 'qm-timer', role: 'timer', 'aria-live': 'off'});
    windowEl = h('p', {class: 'muted', 'data-testid': 'qm-window'});
    mount(card, h('h2', {}, t('quick_match')), timerEl, windowEl,
      h('button', {type: 'button', 'data-testid': 'qm-cancel', onclick: cancel}, t('quick_cancel')));
    tickText();
  }

  function tickText() {
    if (!ticket || !timerEl) return;
    const waited = waitedAtStart + (performance.now() - startedAt) / 1000;
    timerEl.textContent = t('quick_waiting', {t: clock(waited)});
    windowEl.textContent = t('quick_window', {w: windowNow});
  }

  async function start() {
    const rs = getInfo().rulesets.find((r) => r.name === ruleset.value) || getInfo().rulesets[0];
    const m = modeChoices(rs);
    const options = m.key ? {[m.key]: mode.value} : {};
    try {
      ticket = await api.quickMatch({ruleset: rs.name, options, bots_after: bots.checked ? Number(after.value) : null});
      startedAt = performance.now(); waitedAtStart = ticket.waited; windowNow = ticket.window;
      poll = setInterval(check, 1000);
      tick = setInterval(tickText, 250);
      render();
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000); }
  }

  async function check() {
    if (!ticket) return;
    try {
      const now = await api.quickPoll(ticket.ticket);
      windowNow = now.window;
      if (now.status === 'matched') {
        stop();
        toast(t('quick_found'));
        session.room = now.room;
        go(`#/room/${now.room}`);
      }
    } catch (e) { stop(); render(); toast(`${t('error')}${t('colon')}${e.message}`, 'error', 5000); }
  }

  async function cancel() {
    const id = ticket && ticket.ticket;
    stop();
    render();
    if (id) { try { await api.quickCancel(id); } catch { /* already seated or gone: the next poll would say */ } }
  }

  function stop() { clearInterval(poll); clearInterval(tick); poll = tick = null; ticket = null; }

  bots.addEventListener('change', render);
  after.addEventListener('input', () => { if (!ticket) render(); });
  return {
    el: card,
    ready() {
      const info = getInfo();
      if (!info || !info.rulesets || !info.rulesets.length) { render(); return; }
      mount(ruleset, info.rulesets.map((r) => h('option', {value: r.name}, rulesetName(r.name, r.title))));
      fillModes();
      render();
    },
    dispose() { cancel(); },
  };
}
