// The waiting room before a match, drawn as the table it is about to be: the four seats around a felt
// square (my seat at the bottom, the others where they will sit; an empty one offers a bot for itself),
// the room code in the middle with a button that copies the room's link, how many are ready and the
// ready countdown under it, and the room's rules in a line of chips; 准备 / 加机器人 / 邀请好友 / 离开座位
// below. The seats stay one list in seat order (a screen reader
// reads them in turn); ranking.css-like placement comes from each seat's data-pos (waiting.css). Each
// seat is a card of one size: the player's avatar (its wind on its corner), the name, the chips (机器人 and
// its level, 我, 已准备).
import {h, toast} from '../dom.js';
import {t, windName, rulesetName, withLevel} from '../i18n.js';
import {api} from '../api.js';
import {avatarEl, playerAvatar} from '../avatars.js';

// A person's avatar is their public profile's (avatars.js playerAvatar); until it comes, the first letter of
// the name on grey. A bot has one of the four flowers (梅兰竹菊), by its seat.
function seatAvatar(x) {
  if (!x.occupied) return h('span', {class: 'avatar avatar-lg wr-avatar wr-avatar-empty', 'aria-hidden': 'true'}, '+');
  if (x.bot) return withClass(avatarEl(7 + (x.seat % 4), 'lg'));
  const id = x.player_id;
  // (the room may have been drawn again meanwhile: every avatar of this player now on the page)
  const known = id ? playerAvatar(id, (n) => {
    for (const old of document.querySelectorAll(`.wr-avatar-wait[data-player="${CSS.escape(id)}"]`)) old.replaceWith(withClass(avatarEl(n, 'lg')));
  }) : null;
  if (typeof known === 'number') return withClass(avatarEl(known, 'lg'));
  const el = h('span', {class: 'avatar avatar-lg wr-avatar wr-avatar-wait', 'aria-hidden': 'true'}, (x.name || '?').slice(0, 1));
  if (id) el.dataset.player = id;
  return el;
}
function withClass(el) { el.classList.add('wr-avatar'); return el; }

const POSITIONS = ['me', 'right', 'top', 'left'];  // counter-clockwise from my seat, as at the table

/** room: RoomState; seat: mine (null when watching); notice: a line to show first (or null);
 *  on: {ready, addBots, invite, leave}. */
export function waitingRoomEl(room, seat, notice, on) {
  const me = seat !== null && seat !== undefined ? room.seats[seat] : null;
  const empty = room.seats.filter((s) => !s.occupied).length;
  const bottom = me ? seat : 0;
  const mode = room.options.mode ? t(`mode_${room.options.mode}`) : room.options.room ? t(`room_${room.options.room}`) : '';
  const link = `${location.origin}/#/room/${room.code}`;
  const s = room.settings || {};
  const facts = [
    s.hands ? t('hands_n', {n: s.hands}) : null,
    s.discard_seconds ? t('wr_turn_clock', {n: Math.round(s.discard_seconds)}) : null,
    s.ranked ? t('wr_ranked') : null,
    s.public === false ? t('wr_private') : null,
  ].filter(Boolean);
  // (the totals only once there are any: a first match's four 0s said nothing)
  const scored = room.seats.some((x) => x.total);
  const readyN = room.seats.filter((x) => x.occupied && x.ready).length;
  const seatEl = (x) => {
    const pos = POSITIONS[(x.seat - bottom + 4) % 4];
    const cls = ['wr-seat', x.seat === seat ? 'mine' : '', x.occupied ? '' : 'empty', x.ready ? 'is-ready' : ''].filter(Boolean).join(' ');
    return h('li', {class: cls, 'data-pos': pos, 'data-seat': x.seat},
      h('span', {class: 'wr-face'}, seatAvatar(x), h('span', {class: 'wind'}, windName(x.seat))),
      h('span', {class: 'wr-who'},
        h('span', {class: 'name'}, x.occupied ? x.name : t('empty_seat')),
        h('span', {class: 'wr-chips'},
          x.bot ? h('span', {class: 'chip bot', 'data-testid': `level-${x.seat}`}, withLevel(t('bot'), x.level)) : null,
          x.occupied && !x.connected && !x.bot ? h('span', {class: 'chip warn'}, t('offline')) : null,
          x.seat === seat ? h('span', {class: 'chip wr-you'}, t('wr_you')) : null,
          x.occupied ? null : h('span', {class: 'chip wr-waiting'}, t('wr_waiting')),
          x.ready ? h('span', {class: 'chip ok wr-ready', title: t('readied')}, t('readied')) : null)),
      scored ? h('span', {class: 'score'}, String(x.total || 0)) : null,
      // an empty seat, for a seated player: a bot for this seat alone (加机器人 below fills them all)
      !x.occupied && me ? h('button', {type: 'button', class: 'ghost small wr-seat-bot', 'data-testid': `add-bot-${x.seat}`,
        'aria-label': t('wr_add_bot_to'),
        onclick: async (ev) => {
          ev.currentTarget.disabled = true;
          try { await api.addBots(room.code, [x.seat]); } catch (e) {
            ev.target.disabled = false;
            toast(`${t('error')}${t('colon')}${e.message}`, 'error', 4000);
          }
        }}, t('wr_add_bot')) : null);
  };
  return h('div', {class: 'card waiting waiting-room', 'data-testid': 'waiting'},
    h('div', {class: 'wr-head'},
      h('h2', {}, rulesetName(room.ruleset, room.title), mode ? h('span', {class: 'wr-mode'}, mode) : null),
      facts.length ? h('div', {class: 'wr-facts'}, facts.map((f) => h('span', {class: 'chip'}, f))) : null),
    notice ? h('p', {class: 'warn', 'data-testid': 'notice'}, notice) : null,
    h('div', {class: 'wr-table'},
      h('ul', {class: 'seat-list'}, room.seats.map(seatEl)),
      h('div', {class: 'wr-centre'},
        h('p', {class: 'room-code'}, h('span', {class: 'muted'}, t('room_code')),
          h('strong', {'data-testid': 'room-code'}, room.code)),
        h('button', {type: 'button', class: 'ghost small wr-copy', 'data-testid': 'copy-room-link', title: link,
          onclick: async () => {
            try { await navigator.clipboard.writeText(link); toast(t('copied')); } catch { toast(link); }
          }}, t('wr_copy_link')),
        h('p', {class: 'wr-ready-n', 'data-testid': 'ready-count'}, t('wr_ready_n', {n: readyN})),
        room.countdown ? h('p', {class: 'muted countdown', 'data-testid': 'countdown', 'data-countdown': room.countdown.remaining},
          t('countdown', {n: Math.ceil(room.countdown.remaining)})) : h('p', {class: 'muted wr-share'}, t('wr_share')))),
    h('div', {class: 'buttons'},
      me && !me.ready ? h('button', {type: 'button', class: 'primary big', 'data-testid': 'ready', onclick: on.ready}, t('ready')) : null,
      me && me.ready ? h('span', {class: 'chip ok big'}, t('readied')) : null,
      empty ? h('button', {type: 'button', 'data-testid': 'add-bots', onclick: on.addBots}, t('add_bots')) : null,
      empty && me ? h('button', {type: 'button', 'data-testid': 'invite-friends', onclick: on.invite}, t('invite_friends')) : null,
      h('button', {type: 'button', class: 'ghost', 'data-testid': 'leave', onclick: on.leave}, t('leave'))));
}
