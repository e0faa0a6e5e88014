// The 听 hint: which tiles would complete this seat's hand, and how many of each it cannot see.
//
// The server works the winning tiles out with the ruleset's own scoring (view.ting: Anqing's wild
// rules, 十三烂, held 杠牌, mode B's suits, Hefei's eight in a suit and 报听 all included), so the
// hint lists exactly the tiles a `win` would be offered on. This module only adds the unseen counts,
// which come from the seat's own view.

/** How many of each kind this seat cannot see, from its view alone: 4 − seen for the 34 suit and honour
 *  kinds, 1 − seen for each of the 8 flowers (34–41: one of each; a 百搭 hand can wait on them). */
export function unseenCounts(view) {
  const seen = new Array(42).fill(0);
  for (const t of view.hand) seen[t]++;
  for (const s of view.seats) {
    for (const m of s.melds) for (const t of m.tiles) seen[t]++;
    for (const t of s.exposed) seen[t]++;
    for (const r of s.river) if (!r.claimed) seen[r.tile]++;
  }
  if (view.indicator !== null && view.indicator !== undefined && view.indicator_in_wall) seen[view.indicator]++;
  return seen.map((c, kind) => Math.max(0, (kind < 34 ? 4 : 1) - c));
}

/**
 * The hint for the current view: {waits: [{tile, unseen}], byDiscard: Map(tile -> [{tile, unseen}]), selfDrawOnly}.
 * A waiting hand (3n+1): the waits now. On its turn (3n+2): for each discard that leaves the hand
 * ready, the waits after it.
 */
export function hintFor(view) {
  if (!view || !view.ting || view.phase === 'over') return null;
  const unseen = unseenCounts(view);
  const wrap = (ws) => ws.map((tile) => ({tile, unseen: unseen[tile]}));
  const byDiscard = new Map();
  for (const d of view.ting.by_discard) byDiscard.set(d.discard, wrap(d.waits));
  // selfDrawOnly: the seat let a discard win go (过水不胡) and wins only on its own draw until it draws again.
  return {waits: wrap(view.ting.waits), byDiscard, selfDrawOnly: !!view.ting.self_draw_only};
}
