// Friends (#/friends): my code to share, add by code, requests to answer, the friend list with who is
// online and at which table (join a free seat, watch, or invite them to mine), withdraw, remove, block.
// It refreshes whenever the lobby socket brings news of a friend (majiang/web/lobby_socket.js).
import {h, mount, toast} from '../dom.js';
import {onLang, rulesetName, t} from '../i18n.js';
import {api, session} from '../api.js';
import {avatarEl} from '../avatars.js';
import {errorText} from './account.js';
import {formatCode} from './match.js';
import {joinFromInvite, onLobby, setPendingRequests} from '../lobby_socket.js';

export function friendsScreen({app}) {
  const root = h('section', {class: 'screen friends', 'data-testid': 'friends'});
  mount(app, root);
  let disposed = false;
  const invited = new Set();

  async function act(fn, done) {
    try { await fn(); if (done) toast(done); show(); } catch (e) { toast(errorText(e), 'error', 5000); }
  }

  function codeCard(code) {
    return h('section', {class: 'card friend-code', 'data-testid': 'my-code'},
      h('h2', {}, t('my_code')),
      h('div', {class: 'inline share'}, h('span', {class: 'code big-code', 'data-testid': 'my-friend-code'}, formatCode(code)),
        h('button', {type: 'button', onclick: async () => {
          try { await navigator.clipboard.writeText(formatCode(code)); toast(t('copied')); } catch { toast(formatCode(code)); }
        }}, t('copy')),
        h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.newFriendCode())}, t('new_code'))),
      h('p', {class: 'muted'}, t('code_share')));
  }

  function addForm() {
    const input = h('input', {id: 'friend-code', placeholder: t('code_hint'), maxlength: 12, autocomplete: 'off',
      'aria-label': t('friend_code'), 'data-testid': 'friend-code-input'});
    return h('form', {class: 'card', 'data-testid': 'add-friend', onsubmit: (ev) => {
      ev.preventDefault();
      const code = input.value.replace(/[\s-]/g, '').toUpperCase();
      if (!code) return;
      act(async () => {
        const out = await api.requestFriend({code});
        toast(out.state === 'friends' ? t('now_friends') : t('request_sent'));
        input.value = '';
      });
    }}, h('h2', {}, t('add_friend')), h('div', {class: 'inline'}, input,
      h('button', {class: 'primary', type: 'submit', 'data-testid': 'send-request'}, t('send_request'))));
  }

  function person(p, ...extra) {
    return [avatarEl(p.avatar || 0), h('span', {class: 'pname'}, p.name), ...extra];
  }

  function whereText(f) {
    if (!f.room) return f.online ? t('online') : t('offline_now');
    const at = f.room.status === 'playing' ? t('at_table_playing', {code: f.room.code}) : t('at_table', {code: f.room.code});
    return `${at} · ${rulesetName(f.room.ruleset)}${f.room.free ? ` · ${t('seats_free', {n: f.room.free})}` : ''}`;
  }

  function friendRow(f) {
    const mine = session.room;
    const buttons = [];
    if (f.room && f.room.code !== mine && f.room.status === 'waiting' && f.room.free > 0) {
      buttons.push(h('button', {type: 'button', class: 'primary', 'data-testid': `join-${f.player_id}`,
        onclick: () => joinFromInvite(f.room.code)}, t('join')));
    } else if (f.room && f.room.code !== mine && f.room.watch) {
      buttons.push(h('a', {class: 'button', href: `#/room/${f.room.code}`, 'data-testid': `watch-${f.player_id}`}, t('watch')));
    }
    if (mine && (!f.room || f.room.code !== mine)) {
      const done = invited.has(`${mine}:${f.player_id}`);
      buttons.push(h('button', {type: 'button', 'data-testid': `invite-${f.player_id}`, disabled: done || undefined,
        onclick: () => act(async () => { await api.invite(mine, f.player_id); invited.add(`${mine}:${f.player_id}`); }, t('invited'))},
      done ? t('invited') : t('invite')));
    }
    buttons.push(h('button', {type: 'button', class: 'ghost', 'data-testid': `remove-${f.player_id}`,
      onclick: () => { if (confirm(t('confirm_remove'))) act(() => api.friendAct(f.player_id, 'remove')); }}, t('remove_friend')),
    h('button', {type: 'button', class: 'ghost', onclick: () => { if (confirm(t('confirm_block'))) act(() => api.friendAct(f.player_id, 'block')); }}, t('block')));
    return h('li', {class: `member friend${f.online ? ' is-online' : ''}`, 'data-testid': `friend-${f.player_id}`},
      h('span', {class: 'dot', 'aria-hidden': 'true'}),
      ...person(f, h('span', {class: 'muted where', 'data-testid': `where-${f.player_id}`}, whereText(f))),
      h('span', {class: 'member-actions'}, buttons));
  }

  async function show() {
    let data;
    try { data = await api.friends(); } catch (e) { toast(errorText(e), 'error', 5000); return; }
    if (disposed) return;
    setPendingRequests(data.incoming);
    const requests = data.incoming.length ? h('section', {class: 'card', 'data-testid': 'incoming'}, h('h2', {}, t('incoming')),
      h('ul', {class: 'members'}, data.incoming.map((p) => h('li', {class: 'member', 'data-testid': `request-${p.player_id}`}, ...person(p),
        h('span', {class: 'member-actions'},
          h('button', {type: 'button', class: 'primary', 'data-testid': `accept-${p.player_id}`,
            onclick: () => act(() => api.friendAct(p.player_id, 'accept'), t('now_friends'))}, t('accept')),
          h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.friendAct(p.player_id, 'decline'))}, t('decline')),
          h('button', {type: 'button', class: 'ghost', onclick: () => act(() => api.friendAct(p.player_id, 'block'))}, t('block'))))))) : null;
    const list = h('section', {class: 'card', 'data-testid': 'friend-list'}, h('h2', {}, `${t('friends')} (${data.friends.length})`),
      data.friends.length ? h('ul', {class: 'members'}, data.friends.map(friendRow)) : h('p', {class: 'muted'}, t('no_friends')));
    const waiting = data.outgoing.length ? h('section', {class: 'card', 'data-testid': 'outgoing'}, h('h3', {}, t('outgoing')),
      h('ul', {class: 'members'}, data.outgoing.map((p) => h('li', {class: 'member'}, ...person(p),
        h('span', {class: 'member-actions'}, h('button', {type: 'button', class: 'ghost',
          onclick: () => act(() => api.friendAct(p.player_id, 'remove'))}, t('cancel_request'))))))) : null;
    const blocked = data.blocked.length ? h('section', {class: 'card', 'data-testid': 'blocked'}, h('h3', {}, t('blocked_list')),
      h('ul', {class: 'members'}, data.blocked.map((p) => h('li', {class: 'member'}, ...person(p),
        h('span', {class: 'member-actions'}, h('button', {type: 'button', class: 'ghost',
          onclick: () => act(() => api.friendAct(p.player_id, 'unblock'))}, t('unblock'))))))) : null;
    mount(root, h('div', {class: 'friends-grid'}, h('div', {class: 'col'}, codeCard(data.code), addForm(), waiting, blocked),
      h('div', {class: 'col'}, requests, list)));
  }
  show();
  // news of a friend (a request, an answer, a removal) refreshes the list; presence every 10 s
  const off = onLobby((msg) => { if (msg.type.startsWith('friend') || msg.type === 'hello') show(); });
  const timer = setInterval(show, 10000);
  return {dispose() { disposed = true; off(); clearInterval(timer); }, relabel: show};
}

/** The room option for two seats from one address (allow | warn | refuse; majiang/server/addresses.py). */
export function sameAddressSelect(id, value = 'allow') {
  return h('select', {id, name: id}, ['allow', 'warn', 'refuse'].map((v) =>
    h('option', {value: v, selected: v === value ? true : undefined}, t(`same_${v}`))));
}

/** From the waiting room: a dialog over the table listing my friends, each with an invite to room
 * `code` (the player stays seated: leaving the table for the friends screen would free the seat). */
export function openInviteDialog(code) {
  const old = document.getElementById('invite-dialog');
  if (old) old.remove();
  const done = new Set();
  let friends = null;  // null: still loading; an Error: the list could not be had
  const close = () => { box.remove(); document.removeEventListener('keydown', onKey); };
  const onKey = (ev) => { if (ev.key === 'Escape') close(); };
  const box = h('div', {id: 'invite-dialog', class: 'invite-dialog', role: 'dialog', 'aria-modal': 'true',
    'data-testid': 'invite-dialog', onclick: (ev) => { if (ev.target === box) close(); }});

  function row(f) {
    const sent = done.has(f.player_id);
    return h('li', {class: `member friend${f.online ? ' is-online' : ''}`},
      h('span', {class: 'dot', 'aria-hidden': 'true'}), avatarEl(f.avatar || 0), h('span', {class: 'pname'}, f.name),
      h('span', {class: 'muted where'}, f.online ? t('online') : t('offline_now')),
      h('span', {class: 'member-actions'}, h('button', {type: 'button', class: 'primary', 'data-testid': `invite-${f.player_id}`,
        disabled: sent || undefined, onclick: async () => {
          try { await api.invite(code, f.player_id); done.add(f.player_id); render(); } catch (e) { toast(errorText(e), 'error', 5000); }
        }}, sent ? t('invited') : t('invite'))));
  }

  function render() {
    if (!box.isConnected && friends !== null) return;
    const here = Array.isArray(friends) ? friends.filter((f) => !f.room || f.room.code !== code) : [];
    box.setAttribute('aria-label', t('invite_friends'));
    mount(box, h('div', {class: 'card'}, h('div', {class: 'card-head'}, h('h2', {}, t('invite_friends')),
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'invite-dialog-close', onclick: close}, t('done'))),
    h('ul', {class: 'members'}, friends === null ? h('li', {class: 'muted'}, '…')
      : friends instanceof Error ? h('li', {class: 'warn'}, errorText(friends))
        : here.length ? here.map(row) : h('li', {class: 'muted'}, t('no_friends'))),
    h('p', {class: 'muted'}, h('a', {href: '#/friends', onclick: close}, t('add_friend')))));
  }
  render();
  document.body.appendChild(box);
  document.addEventListener('keydown', onKey);
  onLang(() => render());  // (a closed dialog ignores it)
  api.friends().then((data) => { friends = data.friends; render(); }).catch((e) => { friends = e; render(); });
}
