// The built-in avatars (0..11, docs/protocol.md): a character on a colour, drawn by CSS; no images to load.
import {api} from './api.js';
import {h} from './dom.js';

export const AVATARS = [
  ['东', '#c0392b'], ['南', '#d35400'], ['西', '#b7950b'], ['北', '#1e8449'], ['中', '#a93226'], ['发', '#117a65'],
  ['白', '#5d6d7e'], ['梅', '#884ea0'], ['兰', '#2471a3'], ['竹', '#229954'], ['菊', '#ca6f1e'], ['春', '#cb4335'],
];

export function avatarEl(n, size = 'md') {
  const [ch, colour] = AVATARS[n] || AVATARS[0];
  return h('span', {class: `avatar avatar-${size}`, style: {background: colour}, 'aria-hidden': 'true'}, ch);
}

// A person's avatar is their public profile's (a room's state does not carry it): asked for once per player
// while the page lives, then kept, for the waiting room and the table alike. The number when known; else
// null, and ``onKnown(n)`` is called when it comes (a profile that cannot be read counts as avatar 0).
const known = new Map();  // player id → its avatar, or the callbacks waiting for it
export function playerAvatar(id, onKnown) {
  const got = known.get(id);
  if (typeof got === 'number') return got;
  if (got) { got.push(onKnown); return null; }
  const waiting = [onKnown];
  known.set(id, waiting);
  const settle = (n) => { known.set(id, n); for (const f of waiting) f(n); };
  api.profile(id).then((p) => settle(p && Number.isInteger(p.avatar) && p.avatar >= 0 && p.avatar < AVATARS.length ? p.avatar : 0),
    () => settle(0));
  return null;
}
// What this player just chose (the account page's save), so a table or waiting room drawn later shows it.
export function rememberAvatar(id, n) { known.set(id, n); }
