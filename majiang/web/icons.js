// The client's drawn icons: 24×24 line drawings (stroke: currentColor), inline SVG, no images to load.
// Used by the header (app.js) and the lobby's mode cards (screens/lobby.js).
const ICON_PATHS = {
  lobby: 'M3 11.5 12 4l9 7.5M5.5 10v10h13V10M10 20v-5h4v5',
  records: 'M4 20V11M10 20V5M16 20v-6M21 20H3',
  friends: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20a6.5 6.5 0 0 1 13 0M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6 6 0 0 1 3.5 6',
  clubs: 'M12 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM5 9.5a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4ZM19 9.5a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4ZM6.5 20a5.5 5.5 0 0 1 11 0M1.5 16a4 4 0 0 1 5.5-3.6M22.5 16a4 4 0 0 0-5.5-3.6',
  rank: 'M8 21h8M12 16.5V21M7 4h10v5a5 5 0 0 1-10 0V4ZM7 6H4a3 3 0 0 0 3.5 4M17 6h3a3 3 0 0 1-3.5 4',
  matches: 'M6 21V3.5M6 4h12l-2.5 4.5L18 13H6',
  rules: 'M12 6.5C10 5 7 4.5 3.5 5v14c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5ZM12 6.5v14',
  settings: 'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4ZM12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1',
  lang: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9M12 3c-2.5 2.5-3.5 5.5-3.5 9s1 6.5 3.5 9',
  menu: 'M4 6.5h16M4 12h16M4 17.5h16',
  create: 'M4 5.5h16v13H4zM12 8.5v7M8.5 12h7',
  join: 'M10 4.5H5.5v15H10M14.5 8 19 12l-4.5 4M19 12H8.5',
  club: 'M12 21s-7.5-4.6-7.5-10.3A4.3 4.3 0 0 1 12 8a4.3 4.3 0 0 1 7.5 2.7C19.5 16.4 12 21 12 21Z',
  cup: 'M7 4h10v4.5a5 5 0 0 1-10 0V4ZM7 6H4v1a3.5 3.5 0 0 0 3.6 3.4M17 6h3v1a3.5 3.5 0 0 1-3.6 3.4M12 13.5V18M8 20.5h8l-.8-2.5H8.8Z',
  close: 'M6 6l12 12M18 6 6 18',
  bolt: 'M13 2.5 5 13.5h6l-1 8 8-11h-6l1-8Z',
  eye: 'M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
};
const SVG_NS = 'http://www.w3.org/2000/svg';
export function icon(name, cls = 'hb-icon') {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', `${cls} icon-${name}`);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  svg.appendChild(path);
  return svg;
}

