// The table picture for one seat's view: four seats around a pond of rivers, the centre panel
// (wall, wild, dealer, hand number), melds, 杠牌 exposures. Shared by the live table and the replay.
import {avatarEl} from './avatars.js';
import {h} from './dom.js';
import {actionLabel, has, rulesetWord, t, tileName, windName, withLevel} from './i18n.js';
import {tileEl} from './tiles.js';

export const POSITIONS = ['me', 'right', 'top', 'left']; // relative to the viewing seat

export function relSeat(view, pos) {
  const me = view.seat ?? 0;
  return (me + POSITIONS.indexOf(pos)) % 4;
}

/** A seat's own wind (0 东 … 3 北): the view's `seats[i].wind` where the ruleset sends it, else counted
 * from the dealer (who is 东). */
export function seatWind(view, seat) {
  const s = view.seats && view.seats[seat];
  return s && typeof s.wind === 'number' ? s.wind : (seat - view.dealer + 4) % 4;
}

// Rulesets that score the wind of the round (圈风): their table shows it. Anqing and Hefei have none
// (their views carry round_wind 0, which would mislead there).
const ROUND_WIND_RULESETS = new Set(['baida', 'guobiao']);
export function hasRoundWind(view) { return ROUND_WIND_RULESETS.has(view.ruleset); }

/** Every wild kind of the hand (`wilds` where there are several, else `wild`). */
export function wildKinds(view) {
  if (view.wilds && view.wilds.length) return view.wilds;
  return view.wild !== null && view.wild !== undefined ? [view.wild] : [];
}

/** Wild tiles first, then by id: how players arrange a hand with a 钻 or 百搭. */
export function arrangeHand(view, tiles) {
  const ws = wildKinds(view);
  return tiles.slice().sort((a, b) => {
    const wa = ws.includes(a), wb = ws.includes(b);
    if (wa !== wb) return wa ? -1 : 1;
    return a - b;
  });
}

function meldEl(view, meld, owner) {
  const kind = meld.kind;
  const tiles = meld.tiles || [];
  let kids;
  if (kind === 'kong_concealed') {
    if (!tiles.length) kids = [0, 1, 2, 3].map(() => tileEl(null, {size: 'meld', back: true}));
    else kids = tiles.map((id, i) => tileEl(id, {size: 'meld', back: i === 0 || i === 3, view}));
  } else {
    let calledIdx = meld.called !== null && meld.called !== undefined ? tiles.indexOf(meld.called) : -1;
    if (kind === 'wildkong') calledIdx = -1;
    kids = tiles.map((id, i) => tileEl(id, {size: 'meld', view, sideways: i === calledIdx}));
  }
  const labels = {chi: t('act_chi'), peng: t('act_peng'), kong_exposed: t('act_kong'), kong_concealed: t('act_kong'),
    kong_added: t('act_kong'), wildkong: t('act_wildkong')};
  return h('span', {class: `meld meld-${kind}`, 'data-owner': owner, title: labels[kind] || kind}, kids);
}

export function meldsEl(view, seat) {
  const s = view.seats[seat];
  const parts = s.melds.map((m) => meldEl(view, m, seat));
  // Laid-open tiles: flowers (补花, ids 34–41) under 花, Anqing's 杠牌 under 杠牌.
  const flowers = (s.exposed || []).filter((id) => id >= 34);
  const gangpai = (s.exposed || []).filter((id) => id < 34);
  if (gangpai.length) {
    parts.push(h('span', {class: 'meld exposed-gangpai', title: t('gangpai'), 'data-testid': `gangpai-${seat}`},
      h('span', {class: 'tag'}, t('gangpai')),
      gangpai.map((id) => tileEl(id, {size: 'meld', view, extraClass: 'gangpai-open'}))));
  }
  if (flowers.length) {
    parts.push(h('span', {class: 'meld exposed-flowers', title: t('flowers'), 'data-testid': `flowers-${seat}`},
      h('span', {class: 'tag'}, t('flowers')),
      flowers.map((id) => tileEl(id, {size: 'meld', view, extraClass: 'flower-open'}))));
  }
  return h('div', {class: 'melds'}, parts);
}

export function riverEl(view, seat, lastDiscard) {
  const s = view.seats[seat];
  const n = s.river.length;
  // (a long river — more than three rows of six — lays eight to a row, so it stays three rows deep; on a
  // phone held sideways, where height is short and width spare, past two rows: styles.css, .deep)
  return h('div', {class: `river river-${seat} ${n > 18 ? 'long' : ''} ${n > 12 ? 'deep' : ''}`, 'data-testid': `river-${seat}`, 'data-n': n},
    s.river.map((r, i) => tileEl(r.tile, {
      size: 'river', view,
      dim: r.claimed,
      highlight: lastDiscard && lastDiscard.seat === seat && i === n - 1,
      badge: r.declared ? t('ting') : null,
    })));
}

function seatHeader(view, seat, room, opts) {
  const rs = room && room.seats ? room.seats[seat] : null;
  const name = rs && rs.name ? rs.name : (opts.names && opts.names[seat]) || `#${seat + 1}`;
  const wind = windName(seatWind(view, seat));
  const isDealer = view.dealer === seat;
  const total = room && room.totals ? room.totals[seat] : rs ? rs.total : null;
  const s = view.seats[seat];
  // (the table's seat plates carry each player's avatar, opts.avatars: a seat without one has none)
  const avatar = opts.avatars && typeof opts.avatars[seat] === 'number' ? avatarEl(opts.avatars[seat], 'seat') : null;
  if (avatar) avatar.dataset.testid = `avatar-${seat}`;
  return h('div', {class: `seat-head ${view.current === seat && view.phase !== 'over' ? 'active' : ''} ${avatar ? 'with-avatar' : ''}`},
    avatar,
    h('span', {class: `wind ${isDealer ? 'dealer' : ''}`, title: isDealer ? t('dealer') : ''}, wind),
    isDealer ? h('span', {class: 'chip dealer-chip'}, t('dealer')) : null,
    h('span', {class: 'name'}, name, seat === view.seat && opts.markMe ? ` (${t('me')})` : ''),
    // (the level apart, so a narrow side seat can show it alone: "普通" where "机器人 · 普通" does not fit)
    rs && rs.bot ? h('span', {class: 'chip bot', 'data-testid': `level-${seat}`, title: withLevel(t('bot'), rs.level)},
      h('span', {class: 'chip-kind'}, t('bot')),
      rs.level && has(`level_${rs.level}`) ? [h('span', {class: 'chip-sep'}, ' · '), h('span', {class: 'chip-level'}, t(`level_${rs.level}`))]
        : null) : null,
    rs && rs.tuoguan ? h('span', {class: 'chip warn', 'data-testid': `level-${seat}`}, withLevel(t('tuoguan'), rs.level))
      : null,
    rs && rs.occupied && !rs.connected && !rs.bot ? h('span', {class: 'chip warn'}, t('offline')) : null,
    s.declared ? h('span', {class: 'chip ting'}, t('declared')) : null,
    // (a chip of its own with its unit, "0 分" / "0 pts": a bare figure after the name read as part of it,
    // "Bot 3 0")
    total !== null && total !== undefined ? h('span', {class: `score ${total > 0 ? 'pos' : total < 0 ? 'neg' : ''}`,
      'data-testid': `score-${seat}`, title: t('running')},
      h('b', {class: 'score-n'}, total > 0 ? `+${total}` : String(total)), h('small', {class: 'score-unit'}, t('score'))) : null,
    // this hand's change beside the running total, "(+12)", counting up once; not when it is the total
    // (the first hand: "-18 -18" read as a mistake)
    view.phase === 'over' && view.settlement && view.settlement.totals && view.settlement.totals[seat] !== total
      ? h('span', {class: `delta ${total !== null && total !== undefined ? 'with-total' : ''} ${view.settlement.totals[seat] > 0 ? 'pos' : view.settlement.totals[seat] < 0 ? 'neg' : ''}`,
        // (the table counts it up from 0; a replay has no running total and no counter: the figure itself)
        'data-count-to': total !== null && total !== undefined ? view.settlement.totals[seat] : undefined,
        'data-testid': `delta-${seat}`}, total !== null && total !== undefined ? '0'
        : view.settlement.totals[seat] > 0 ? `+${view.settlement.totals[seat]}` : String(view.settlement.totals[seat])) : null,
    h('span', {class: 'clock', 'data-clock-seat': seat}));
}

function oppHand(view, seat) {
  const s = view.seats[seat];
  if (view.revealed) {
    return h('div', {class: 'opp-hand revealed'}, arrangeHand(view, view.revealed[seat]).map((id) => tileEl(id, {size: 'meld', view})));
  }
  const n = s.hand_count;
  return h('div', {class: 'opp-hand', 'data-count': n, 'aria-label': `${n}`},
    Array.from({length: n}, () => tileEl(null, {size: 'back', back: true})));
}

/** Which seat acts now, as this view may know it: the discarder's turn, or (to a seat asked in a claim
 * window) that seat itself. */
export function actingSeat(view) {
  if (!view || view.phase === 'over') return null;
  if (view.phase === 'claim' && view.claim) return view.seat;
  return view.current;
}

/** The centre dial: the four seat winds placed as the seats sit, the one to act lit, its clock large. */
function dialEl(view) {
  const acting = actingSeat(view);
  const winds = POSITIONS.map((pos) => {
    const seat = relSeat(view, pos);
    return h('span', {class: `dial-wind dial-${pos} ${seat === acting ? 'on' : ''} ${seat === view.dealer ? 'dealer' : ''}`,
      'data-dial-seat': seat}, windName(seatWind(view, seat)));
  });
  return h('div', {class: 'dial', 'data-testid': 'dial', 'data-acting': acting ?? ''}, winds,
    hasRoundWind(view) ? h('span', {class: 'dial-round', 'data-testid': 'dial-round', title: t('round_wind', {w: windName(view.round_wind)})},
      windName(view.round_wind)) : null,
    h('span', {class: 'dial-clock', 'data-testid': 'dial-clock', 'data-dial-clock': ''}));
}

/** Dice as their faces (⚀–⚅): the hand's roll in the centre, 定庄's in the corner menu. */
const diceFaces = (dice) => dice.map((d) => '⚀⚁⚂⚃⚄⚅'[d - 1]).join('');

function centerPanel(view, opts) {
  const bits = [];
  bits.push(dialEl(view));
  bits.push(h('div', {class: 'wall-left', 'data-testid': 'wall-left'}, t('wall_left', {n: view.wall_left})));
  bits.push(h('div', {class: 'hand-no'}, t('hand_no', {n: view.hand_no}),
    hasRoundWind(view) ? h('span', {class: 'chip round-wind', 'data-testid': 'round-wind'}, t('round_wind', {w: windName(view.round_wind)})) : null,
    view.streak ? h('span', {class: 'chip'}, t('streak', {n: view.streak})) : null));
  const wildRow = [];
  if (view.indicator !== null && view.indicator !== undefined) {
    wildRow.push(h('figure', {class: 'mini-fig'}, tileEl(view.indicator, {size: 'mini'}),
      h('figcaption', {}, t('indicator'))));
  }
  const wilds = wildKinds(view);
  if (wilds.length) {
    wildRow.push(h('figure', {class: 'mini-fig', 'data-testid': 'wild-fig'}, h('span', {class: 'tile-row'}, wilds.map((id) => tileEl(id, {size: 'mini', view}))),
      h('figcaption', {}, rulesetWord('wild', view.ruleset))));
  }
  if (view.stand_in !== null && view.stand_in !== undefined) {
    wildRow.push(h('figure', {class: 'mini-fig'}, tileEl(view.stand_in, {size: 'mini', view}), h('figcaption', {}, t('stand_in'))));
  }
  if (view.gangpai && view.gangpai.length) {
    wildRow.push(h('figure', {class: 'mini-fig'}, h('span', {class: 'tile-row'}, view.gangpai.map((id) => tileEl(id, {size: 'mini'}))),
      h('figcaption', {}, t('gangpai'))));
  }
  if (wildRow.length) bits.push(h('div', {class: 'wild-row'}, wildRow));
  if (view.dice && view.dice.length) bits.push(h('div', {class: 'dice', 'aria-hidden': 'true'}, diceFaces(view.dice)));
  if (opts.centerExtra) bits.push(opts.centerExtra);
  return h('div', {class: 'center-info'}, bits);
}

/** What the centre no longer shows (it keeps the game's state: the dial, the wall, the wilds, the hand):
 * hand 1's roll that picked the first dealer (定庄, Anqing, counted from 东) and the seed's hash, as small
 * lines for the table's corner menu. */
export function tableFacts(view) {
  return h('div', {class: 'table-facts', 'data-testid': 'table-facts'},
    view.dealer_dice && view.dealer_dice.length
      ? h('div', {class: 'dice', 'data-testid': 'dealer-dice', title: `${windName(0)} → ${windName(view.dealer)}`},
        `${t('dealer_roll')} ${diceFaces(view.dealer_dice)} = ${view.dealer_dice.reduce((a, d) => a + d, 0)}`)
      : null,
    h('div', {class: 'hash', 'data-testid': 'seed-hash', title: view.seed_hash},
      `${t('seed_hash')} ${view.seed_hash ? view.seed_hash.slice(0, 10) : ''}…`));
}

/**
 * The board. opts: {room, names, myHand: Element (the interactive own hand), lastDiscard, centerExtra, markMe}
 */
export function boardEl(view, opts = {}) {
  const room = opts.room;
  const seatOf = (pos) => relSeat(view, pos);
  const opp = (pos) => {
    const seat = seatOf(pos);
    return h('section', {class: `seat seat-${pos}`, 'data-seat': seat, 'aria-label': windName(seatWind(view, seat))},
      seatHeader(view, seat, room, opts),
      h('div', {class: 'seat-tiles'}, oppHand(view, seat), meldsEl(view, seat)));
  };
  const me = seatOf('me');
  const mine = h('section', {class: `seat seat-me ${opts.myTurn ? 'my-turn' : ''}`, 'data-seat': me},
    seatHeader(view, me, room, {...opts, markMe: true}),
    opts.myControls || null,
    h('div', {class: 'my-row'}, meldsEl(view, me), opts.myHand || oppHand(view, me)),
    opts.myHint || null, opts.myCover || null);
  const pond = h('div', {class: 'pond'},
    opts.toastSlot || null,
    h('div', {class: 'pond-top'}, riverEl(view, seatOf('top'), opts.lastDiscard)),
    h('div', {class: 'pond-left'}, riverEl(view, seatOf('left'), opts.lastDiscard)),
    centerPanel(view, opts),
    h('div', {class: 'pond-right'}, riverEl(view, seatOf('right'), opts.lastDiscard)),
    h('div', {class: 'pond-me'}, riverEl(view, me, opts.lastDiscard)));
  return h('div', {class: 'board', 'data-phase': view.phase},
    opp('top'), opp('left'), pond, opp('right'), mine);
}

/** The prompt of a claim window: "X 打出 [tile]", or for a 抢杠 window (`claim.robbing`: the tile another
 * seat adds to its pung) "X 加杠 五条 — 抢杠？". */
export function claimPromptEl(view, nameOf) {
  const c = view.claim;
  const tile = tileEl(c.tile, {size: 'mini', view});
  if (c.robbing) {
    return h('span', {class: 'prompt', 'data-testid': 'rob-prompt'},
      t('rob_prompt', {who: nameOf(c.discarder), tile: tileName(c.tile)}), ' ', tile);
  }
  return h('span', {class: 'prompt', 'data-testid': 'claim-prompt'}, t('claim_on', {who: nameOf(c.discarder)}), ' ', tile);
}

/** An action button's label; 胡 in a 抢杠 window reads 抢杠. */
export function claimActionLabel(view, action) {
  return action.type === 'win' && view.claim && view.claim.robbing ? t('act_rob') : actionLabel(action);
}

export function describeTiles(ids) { return ids.map((id) => tileName(id)).join(' '); }
