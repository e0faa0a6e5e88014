// The built-in avatars (0..11, docs/protocol.md): a character on a colour, drawn by CSS; no images to load.
import {h} from './dom.js';

export const AVATARS = [
  ['东', '#c0392b'], ['南', '#d35400'], ['西', '#b7950b'], ['北', '#1e8449'], ['中', '#a93226'], ['发', '#117a65'],
  ['白', '#5d6d7e'], ['梅', '#884ea0'], ['兰', '#2471a3'], ['竹', '#229954'], ['菊', '#ca6f1e'], ['春', '#cb4335'],
];

export function avatarEl(n, size = 'md') {
  const [ch, colour] = AVATARS[n] || AVATARS[0];
  return h('span', {class: `avatar avatar-${size}`, style: {background: colour}, 'aria-hidden': 'true'}, ch);
}
