// My account (#/me): a guest makes an account (keeping its id and records) or signs in to one; an
// account edits its display name and avatar, sees its statistics, signs out here or everywhere.
import {h, mount, toast} from '../dom.js';
import {dateText, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {AVATARS, avatarEl, rememberAvatar} from '../avatars.js';
import {loadAccountSettings} from '../settings.js';
import {settingsPanel} from './settings_panel.js';

const pct = (x) => `${Math.round(x * 100)}%`;

export function errorText(e) {
  const key = `err_${e.code}`;
  const known = t(key);
  return known !== key ? known : `${t('error')}${t('colon')}${e.message}`;
}

function field(id, label, attrs) {
  const input = h('input', {id, name: id, ...attrs});
  return [h('label', {for: id}, label), input];
}

export function signInForm(go) {
  const [uLabel, user] = field('signin-user', t('username'), {autocomplete: 'username', maxlength: 20, required: true});
  const [pLabel, pass] = field('signin-pass', t('password'), {type: 'password', autocomplete: 'current-password', maxlength: 128, required: true});
  return h('form', {class: 'card narrow', 'data-testid': 'signin', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const out = await api.signIn(user.value.trim(), pass.value);
      session.forget();  // a guest who signs in to an account leaves the guest behind on this device
      session.save(out);
      loadAccountSettings();  // what this account set on its other devices
      go('#/lobby');
    } catch (e) { toast(errorText(e), 'error', 5000); }
  }}, h('h2', {}, t('have_account'), ' ', t('sign_in')), uLabel, user, pLabel, pass,
  h('button', {class: 'primary', type: 'submit', 'data-testid': 'signin-submit'}, t('sign_in')));
}

function registerForm(go) {
  const [uLabel, user] = field('reg-user', t('username'), {autocomplete: 'username', maxlength: 20, required: true,
    placeholder: t('username_hint'), pattern: '[A-Za-z0-9_]{3,20}'});
  const [pLabel, pass] = field('reg-pass', t('password'), {type: 'password', autocomplete: 'new-password', minlength: 8,
    maxlength: 128, required: true, placeholder: t('password_hint')});
  return h('form', {class: 'card narrow', 'data-testid': 'register', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      session.save(await api.register({username: user.value.trim(), password: pass.value}));
      loadAccountSettings();  // (a new account: this browser's settings become its own)
      toast(t('saved'));
      go('#/me');
    } catch (e) { toast(errorText(e), 'error', 5000); }
  }}, h('h2', {}, t('account')), h('p', {class: 'muted'}, t('guest_note')), uLabel, user, pLabel, pass,
  h('button', {class: 'primary', type: 'submit', 'data-testid': 'register-submit'}, t('register')));
}

export function statsTable(stats) {
  if (!stats || !stats.length) return h('p', {class: 'muted'}, t('no_records'));
  const cols = [['stat_hands', (s) => s.hands], ['stat_wins', (s) => s.wins], ['stat_self', (s) => pct(s.self_draw_rate)],
    ['stat_dealin', (s) => pct(s.deal_in_rate)], ['stat_avg', (s) => s.avg_points], ['stat_best', (s) => s.best]];
  return h('div', {class: 'scroll-x'}, h('table', {class: 'list stats', 'data-testid': 'stats'},
    h('thead', {}, h('tr', {}, h('th', {}, t('ruleset')), cols.map(([k]) => h('th', {class: 'num'}, t(k))))),
    h('tbody', {}, stats.map((s) => h('tr', {}, h('td', {}, rulesetName(s.ruleset)),
      cols.map(([, f]) => h('td', {class: 'num'}, String(f(s)))))))));
}

export function accountScreen({app, go}) {
  const root = h('section', {class: 'screen account', 'data-testid': 'account'});
  mount(app, root);
  let disposed = false;

  async function show() {
    if (!session.token) {
      mount(root, h('div', {class: 'account-grid'}, signInForm(go),
        h('a', {class: 'button', href: '#/lobby', 'data-testid': 'as-guest'}, t('play_as_guest'))));
      return;
    }
    let me;
    try { me = await api.account(); } catch (e) { toast(errorText(e), 'error'); return; }
    if (disposed) return;
    const profile = h('div', {class: 'card', 'data-testid': 'profile'});
    const nameInput = h('input', {id: 'display-name', value: me.name, maxlength: 24});
    let avatar = me.avatar;
    const picker = h('div', {class: 'avatar-picker', role: 'radiogroup', 'aria-label': t('avatar')});
    const drawPicker = () => mount(picker, AVATARS.map((_, i) => h('button', {type: 'button', role: 'radio',
      'aria-checked': String(i === avatar), class: i === avatar ? 'pick on' : 'pick', 'data-avatar': i,
      onclick: () => { avatar = i; drawPicker(); }}, avatarEl(i))));
    drawPicker();
    const save = h('form', {class: 'profile-form', onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const out = await api.editProfile({name: nameInput.value, avatar});
        session.save({token: out.token, player_id: session.playerId, name: out.profile.name, expires: out.expires});
        rememberAvatar(session.playerId, out.profile.avatar ?? avatar);
        toast(t('saved'));
        show();
      } catch (e) { toast(errorText(e), 'error', 5000); }
    }}, h('label', {for: 'display-name'}, t('display_name')), nameInput, h('span', {}, t('avatar')), picker,
    h('button', {class: 'primary', type: 'submit', 'data-testid': 'save-profile'}, t('save')));
    mount(profile,
      h('div', {class: 'card-head'}, h('h2', {}, avatarEl(me.avatar, 'lg'), ' ', me.name),
        me.account ? h('span', {class: 'muted', 'data-testid': 'username'}, t('signed_in_as', {name: me.username})) : null),
      save,
      me.names && me.names.length > 1 ? h('p', {class: 'muted'}, t('name_history'), ': ',
        me.names.slice(1).map((n) => `${n.name} (${dateText(n.at)})`).join('、')) : null,
      h('h3', {}, t('stats')), statsTable(me.stats),
      // the same settings as at the table; an account keeps them for its other devices, a guest here
      h('p', {class: 'inline'}, h('button', {type: 'button', class: 'ghost', 'data-testid': 'open-settings',
        onclick: () => { const close = () => panel.remove(); const panel = settingsPanel(close); root.appendChild(panel); }}, t('settings')),
      h('span', {class: 'muted'}, me.account ? t('settings_synced') : t('settings_local'))),
      me.account ? h('div', {class: 'inline'},
        h('button', {type: 'button', 'data-testid': 'sign-out', onclick: () => signOut(false)}, t('sign_out')),
        h('button', {type: 'button', class: 'ghost', 'data-testid': 'sign-out-all', onclick: () => signOut(true)}, t('sign_out_all'))) : null);
    mount(root, h('div', {class: 'account-grid'}, profile, me.account ? null : registerForm(go), me.account ? null : signInForm(go)));
  }

  async function signOut(everywhere) {
    try { await api.signOut(everywhere); } catch { /* signed out anyway on this device */ }
    session.forget();
    go('#/');
  }

  show();
  return {dispose() { disposed = true; }, relabel: show};
}
