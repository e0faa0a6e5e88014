// The lobby's controls as a game shows them: a short choice as a row of chips (a radio group) rather
// than a drop-down, a number as − value + rather than a bare field. Both keep the interface the form
// reads (`.value`, a `change` event), so the create form reads them as it read a select or an input.
import {h} from './dom.js';
import {t} from './i18n.js';

// `choices`: [[value, label], …]. The group's `.value` is the chosen value; setting it chooses.
export function chipGroup(id, choices, value, attrs = {}) {
  const group = h('div', {id, role: 'radiogroup', class: 'chips', ...attrs});
  let current = value;
  const buttons = choices.map(([v, label]) => h('button', {
    type: 'button', role: 'radio', class: 'chip-choice', 'data-value': v, onclick: () => pick(v, true),
  }, label));
  function pick(v, announce) {
    if (!choices.some(([c]) => c === v)) return;
    current = v;
    for (const b of buttons) {
      const on = b.dataset.value === v;
      b.setAttribute('aria-checked', String(on));
      b.tabIndex = on ? 0 : -1;  // (one tab stop for the group; the arrows move within it)
    }
    if (announce) group.dispatchEvent(new Event('change', {bubbles: true}));
  }
  group.addEventListener('keydown', (ev) => {
    const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[ev.key];
    if (!step) return;
    ev.preventDefault();
    const i = choices.findIndex(([c]) => c === current);
    const next = choices[(i + step + choices.length) % choices.length][0];
    pick(next, true);
    buttons.find((b) => b.dataset.value === next).focus();
  });
  Object.defineProperty(group, 'value', {get: () => current, set: (v) => pick(v, false)});
  for (const b of buttons) group.appendChild(b);
  pick(value, false);
  return group;
}

// A number field between a − and a + button (the field stays: typed values still count).
export function stepper(input) {
  const nudge = (up) => {
    if (up) input.stepUp(); else input.stepDown();
    input.dispatchEvent(new Event('input', {bubbles: true}));
    input.dispatchEvent(new Event('change', {bubbles: true}));
  };
  return h('span', {class: 'stepper'},
    h('button', {type: 'button', class: 'step-down', tabindex: '-1', 'aria-label': t('step_down'), onclick: () => nudge(false)}, '−'),
    input,
    h('button', {type: 'button', class: 'step-up', tabindex: '-1', 'aria-label': t('step_up'), onclick: () => nudge(true)}, '+'));
}
