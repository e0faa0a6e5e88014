// Enter a name: POST /api/session, keep the token.
import {h, mount, toast} from '../dom.js';
import {t} from '../i18n.js';
import {api, session} from '../api.js';
import {tileEl} from '../tiles.js';

export function nameScreen({app, go}) {
  const input = h('input', {id: 'name', name: 'name', maxlength: 24, required: true, autocomplete: 'nickname',
    placeholder: t('name_hint'), value: session.name || ''});
  const form = h('form', {class: 'card narrow name-card', onsubmit: async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    try {
      session.save(await api.login(name));
      // an invite link (#/join/CODE) opened before entering a name goes on to the invite
      if (location.hash.startsWith('#/join/')) go(location.hash);
      else go(session.room ? `#/room/${session.room}` : '#/lobby');
    } catch (e) { toast(`${t('error')}${t('colon')}${e.message}`, 'error'); }
  }},
  h('div', {class: 'hero-tiles', 'aria-hidden': 'true'}, [31, 32, 33, 4, 13, 22].map((id) => tileEl(id, {size: 'hero'}))),
  h('h1', {}, t('app_title')),
  h('p', {class: 'muted'}, t('tagline')),
  h('label', {for: 'name'}, t('your_name')), input,
  h('button', {class: 'primary', type: 'submit', 'data-testid': 'enter'}, t('enter')),
  h('a', {href: '#/me', class: 'muted', 'data-testid': 'to-sign-in'}, t('have_account'), ' ', t('sign_in')));
  mount(app, h('section', {class: 'screen center name-screen'}, form));
  input.focus();
  return {};
}
