// A tiny DOM helper: h('div', {class: 'x', onclick: fn, 'aria-label': '…'}, child, 'text', [more]).

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'html') el.innerHTML = v;
      else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'value') el.value = v;
      else if (k === 'checked') el.checked = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function mount(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

let toastTimer = null;
/**
 * A short notice. On the table they stack in one place, the pond's free corner (#toast-slot), so
 * they never cover a seat, the indicator panel or the buttons; elsewhere one at the top.
 */
let toastSlot = null;
/** Where toasts stack while a screen shows one (the table's pond corner); null: the top of the page. */
export function setToastSlot(el) { toastSlot = el; }

export function toast(text, kind = 'info', ms = 2600) {
  const slot = toastSlot;
  // `text` may be a function of the language: such a toast is worded again after a language switch.
  const make = typeof text === 'function' ? text : null;
  if (make) text = make();
  // While the settlement (or the ranking) is open over the table, the pond's toasts are hidden under it
  // (styles.css): the table's news (a call, a win) is what the settlement says already, so it is not
  // shown; a warning or an error goes to the page's toast, above the dialog.
  const covered = slot && slot.isConnected && document.querySelector('.settle-back');
  if (covered && (kind === 'info' || kind === 'win')) return;
  if (slot && !covered) {
    const item = h('div', {class: `toast-item ${kind}`, 'data-testid': 'toast'}, text);
    item.reword = make;
    slot.appendChild(item);
    // A warning taller than the slot (a phone's slot holds two short lines: "Time ran out again: auto-play
    // is on…" showed only its last word, "yourself") goes to the page's toast over the centre, whole.
    const whole = kind !== 'warn' || item.offsetHeight <= slot.clientHeight + 1;
    if (whole) {
      while (slot.children.length > 3) slot.removeChild(slot.firstChild);
      // Only what fits shows: on a phone the slot has a fixed height (it must not push the rivers down) and
      // its toasts stand on its bottom edge, so the oldest, pushed out over the top, goes; the newest stays.
      // (layout offsets, not boxes: a toast still sliding in is drawn 6 px above its place)
      const above = (e) => e.offsetTop - (e.offsetParent === slot ? 0 : slot.offsetTop) < -1;
      while (slot.children.length > 1 && above(slot.firstChild)) slot.removeChild(slot.firstChild);
      setTimeout(() => item.remove(), ms);
      return;
    }
    item.remove();
  }
  pageToast(text, kind, ms);
}

/** The page's own toast (over the centre panel at a table, over a settlement above its buttons). */
function pageToast(text, kind, ms) {
  let box = document.getElementById('toast');
  if (!box) {
    box = h('div', {id: 'toast', role: 'status', 'aria-live': 'polite'});
    document.body.appendChild(box);
  }
  box.textContent = text;
  const at = placeToast() ? ' at-centre' : '';
  if (at && !box.classList.contains('at-centre')) {
    box.className = 'at-centre';  // (first its hidden state there, so it fades in rather than sliding down)
    void box.offsetWidth;
  }
  box.className = `show ${kind}${at}`;
  clearTimeout(toastTimer);
  // (hidden where it is: it fades out in place rather than sliding up across the board)
  toastTimer = setTimeout(() => { box.className = at.trim(); }, ms);
  // (and it follows its place while it shows: a redraw or a scroll under it moves the board)
  if (at) {
    const follow = () => { if (box.classList.contains('show') && placeToast()) requestAnimationFrame(follow); };
    requestAnimationFrame(follow);
  }
}

/** At the table the page's toast (a warning or an error while the settlement is open) stands where it
 * covers no tile: over the settlement's title while the dialog is open (at the top of the page it sat over
 * the top seat's revealed hand, above the dialog, for its 2.6 s), else over the centre panel, the dial.
 * It fades in there (styles.css #toast.at-centre), not sliding from the top, and is placed again on every
 * frame while it shows and after the table's fit. True: placed. */
export function placeToast() {
  const box = document.getElementById('toast');
  if (!box) return false;
  const modal = document.querySelector('.table-screen .settle-back .settle-modal');
  const foot = modal && modal.querySelector('[data-testid=settle-buttons]');
  const seen = (e) => { const r = e && e.getBoundingClientRect(); return r && r.height > 0 && r.bottom > 0 ? r : null; };
  const half = box.offsetHeight / 2 + 4;  // (the whole toast on the screen)
  const at = (x, y) => {
    box.style.top = `${Math.round(Math.min(Math.max(y, half), window.innerHeight - half))}px`;
    box.style.left = `${Math.round(x)}px`;
    return true;
  };
  // Over a settlement: just above its buttons, on the fade where its details run under them. Its head
  // (who won, the winning hand, every seat's points) is what a player reads first, so a warning never
  // covers it, and the buttons stay free to press.
  const m = modal && seen(modal), f = seen(foot);
  if (m && f) return at(m.left + m.width / 2, f.top - half - 4);
  if (m) return at(m.left + m.width / 2, m.top + 48);  // (a dialog without its buttons: its top band)
  const c = seen(document.querySelector('.board .center-info'));
  if (c) return at(c.left + c.width / 2, c.top + c.height / 2);
  box.style.top = '';
  box.style.left = '';
  return false;
}

/** Hide the toast at once (a screen change: its news belongs to the screen left behind). */
export function clearToast() {
  clearTimeout(toastTimer);
  const box = document.getElementById('toast');
  if (box) box.className = box.classList.contains('at-centre') ? 'at-centre' : '';
}

let pendingNotice = null;
/** A toast for the next screen (shown after the route change that would clear it): "no such room". */
export function noticeAfterRoute(text, kind = 'warn', ms = 6000) { pendingNotice = {text, kind, ms}; }
export function flushNotice() {
  if (!pendingNotice) return;
  const {text, kind, ms} = pendingNotice;
  pendingNotice = null;
  toast(text, kind, ms);
}

/** Word the table's toasts again in the language now chosen (those made from a function). */
export function relabelToasts() {
  if (!toastSlot) return;
  for (const item of toastSlot.children) if (item.reword) item.textContent = item.reword();
  refitToasts();
}

/** A warning that no longer fits the pond's toast row — worded again in a longer language, or the screen
 * turned — moves to the page's toast, whole (in English "Time ran out again: auto-play is on…" grew from
 * the one line it had in Chinese to three, and the row showed only its last). */
export function refitToasts() {
  if (!toastSlot || !toastSlot.isConnected) return;
  for (const item of [...toastSlot.children]) {
    if (!item.classList.contains('warn') || item.offsetHeight <= toastSlot.clientHeight + 1) continue;
    item.remove();
    pageToast(item.textContent, 'warn', 4000);
  }
}

let pressedAt = -1e9;
/**
 * Attributes for a game button that acts when pressed (pointerdown), not on the click after the release:
 * a server message that redraws the table between the press and the release replaces the button with a
 * new element, and the browser then sends no click at all (the tap was lost). The click that follows a
 * press is ignored (on the same element, or — a touch's click lands on whatever is under the finger by
 * then — on any other such button within 700 ms); a click without a press (Enter, Space) still acts.
 */
export function onPress(fn) {
  return {
    onpointerdown: (ev) => {
      if (ev.button !== 0 || ev.isPrimary === false || ev.currentTarget.disabled) return;
      pressedAt = performance.now();
      fn(ev);
    },
    onclick: (ev) => {
      if (performance.now() - pressedAt < 700) return;
      fn(ev);
    },
  };
}
