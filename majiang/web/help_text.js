// The rules pages' prose, per ruleset and mode, in both languages (the help screen picks by getLang()).
// Long prose lives here rather than in i18n.js's short strings. The scoring table of each page (items,
// values, when they apply) is the server's: `rules_table` in GET /api/rulesets, kept next to the scoring
// code (majiang/rules/*_scoring/table.py).

const TEXT = {
  zh: {
    title: '规则说明', intro: '每种玩法一页：怎样胡、有什么特别、番型与分值、一个算分例子。',
    win: '怎样胡牌', special: '特别之处', table: '番型与分值', example: '算分例子', options: '房间选项', item: '番型', value: '分值', when: '说明',
    pages: {
      'anqing/A': {
        name: '安庆麻将 · A 不打缺',
        win: ['四副面子加一对将（或七对、十三烂等特殊牌型），只能自摸，没有点炮、抢杠。', '吃只能吃上家，碰、明杠可以碰任何人。'],
        special: ['钻牌：翻牌的下一张（同门循环，字牌 东南西北、中发白 各自循环）四张都是钻，可当任何牌。',
          '红中代钻：钻不是中发白时，红中当作钻本来那张牌用（可吃碰杠）；发、白是杠牌。',
          '杠牌：摸到要亮出并从牌尾补一张，每张 +1 番，手里有杠牌不能胡。',
          '打出钻以后，本局再胡必须有跑风或杠开；自摸钻胡必须本身含跑风或是直叫。'],
        pay: '每家付给胡家：(底 + 番 + 连庄) × 基础银子。底：与庄家之间 8 + 4×连庄数，其余 4。三口以上顺包 ×3、反包 ×6。',
        example: {hand: '456m(钻作5m) 567p 123s 44s · 吃 123m', win: '3s', text: '闲家摸到三条胡：边张 12→3，跑风 6 番。庄家付 8 + 6 = 14，另两家各付 4 + 6 = 10，胡家共 +34。'},
      },
      'anqing/B': {
        name: '安庆麻将 · B 打缺',
        win: ['胡牌最多只能有两门数牌（钻算它代表的牌），只能自摸。', '不能吃，只能碰和杠。'],
        special: ['钻、红中代钻、杠牌与 A 玩法相同；打缺时发、白可以不亮，当字牌留着（不算分）。', '清一色、凑一色、字一色计分。'],
        pay: '与 A 玩法相同：(底 + 番 + 连庄) × 基础银子。',
        example: {hand: '222m 777m 555s 888s 33s', win: '3s', text: '闲家手里无钻，自摸三条成对对胡（硬对对胡）：碰碰胡 3 + 跑风 6 + 门清 3 = 12 番。庄家付 8 + 12 = 20，另两家各 4 + 12 = 16，共 +52。'},
      },
      'hefei/baoting': {
        name: '合肥麻将 · 报听',
        win: ['只用 2–8 的万、饼、条共 84 张。四副面子加一对或七对，且至少一门有 8 张以上。', '要点炮胡必须先报听；没报听只能自摸。不能吃、碰、明杠，可以暗杠。'],
        special: ['报听后手牌锁定：摸到的牌不能胡就打出（除非能暗杠且仍听牌）。', '最后四张是海捞区：每人摸一张不打，先自摸者胡。'],
        pay: '基本分 12 加各项分。点炮只由放炮者付；自摸三家都付。庄家参与的支付另加庄分。',
        example: {hand: '234m 345p 567p 345s 22p', win: '2p', text: '报听后自摸二饼（单调，卡 +1），饼正好八张（不加支）：12 + 1 = 13。两个闲家各付 13；庄家（连庄 1）付 13 + 2×1 = 15，共 +41。'},
      },
      'hefei/bubaoting': {
        name: '合肥麻将 · 不报听',
        win: ['与报听房相同的牌和胡牌条件，不用报听就可以点炮胡或自摸。'],
        special: ['一炮多响：几家可以同时胡同一张牌，各自由放炮者付。'],
        pay: '基本分 10 加各项分；点炮由放炮者付，自摸三家付。',
        example: {hand: '222m 345m 678m 456s 33m', win: '3m', text: '别人打出三万点炮：万十一张（支 +3）、缺饼（缺一门 +1）、坎 222m（+1）、单调（卡 +1）。10 + 6 = 16，放炮者付 16。'},
      },
      'baida/default': {
        name: '百搭麻将（台）',
        table: '台数表', item: '台型', value: '台数',
        win: ['144 张牌：万、筒、条、东南西北中发白各四张，加春夏秋冬梅兰竹菊八张花。四副面子加一对将，或七对；百搭可以当任何牌。',
          '吃上家，碰、明杠任何人，暗杠、加杠在自己出牌时。可以自摸，也可以胡别人打出的牌；几家可以同时胡同一张（一炮多响）。',
          '别人加杠时可以抢杠胡那张牌。胡牌至少要有起胡台数（默认 1 台，所以任何完整的牌都能胡）。'],
        special: ['花与补花：摸到不是百搭的花立刻亮在面前，从牌尾补一张（起手时从庄家起依次补）。补花后补的牌自摸胡也算杠开。',
          '百搭：开局前翻一张牌（翻牌），同样的其余几张就是百搭（翻到花时是同组的另外三张花）。百搭留在手里，可以当任何牌，但不能用来吃、碰、杠；打出去的百搭只当它本来的牌。',
          '门风与圈风：庄家是东，下家南、西、北。圈风从东开始，庄家轮过一圈后换南。自己门风、本圈圈风的刻子各算 1 台。',
          '只算胡牌那家的台。'],
        pay: '点炮（放冲）或被抢杠：放冲的人一家付 2 × 底 × 台。自摸：另外三家各付 底 × 台。房间选项可以改成翻倍（底 × 2^(台−1)）和封顶。',
        example: {hand: '567p 345s f2f3f4 88m · 吃 234m · 花 f6', win: '5s',
          text: '翻牌是春，夏秋冬三张花是百搭。南家（门风南）手里留着夏秋冬，亮着兰，庄家（东）打出五条，南家胡：三张百搭当东风刻子。三百搭 2 + 正花（兰，南家的花）1 + 圈风（东风圈的东风刻）1 = 4 台，庄家放冲付 2 × 1 × 4 = 8。'},
      },
    },
  },
  en: {
    title: 'Rules', intro: 'One page per ruleset and mode: how to win, what is special, the scoring table, one worked example.',
    win: 'How to win', special: 'What is special', table: 'Scoring', example: 'Worked example', options: 'Room options', item: 'Item', value: 'Value', when: 'When',
    pages: {
      'anqing/A': {
        name: 'Anqing mahjong · A (no void)',
        win: ['Four sets and a pair (or seven pairs, thirteen apart and other special hands); self-drawn only: no win on a discard, no robbing a kong.', 'Chow only from the player before you; pung and open kong from anyone.'],
        special: ['Wild (钻): the tile after the indicator (within its suit; winds and dragons cycle) — all four copies stand for any tile.',
          'Red dragon stand-in (代): when the wild is not a dragon, 红中 plays as the wild\u2019s own face (it can be chowed, punged, konged); 发 and 白 are kong tiles.',
          'Kong tiles (杠牌): lay one open when drawn and draw a replacement from the tail; +1 fan each; no win while holding one.',
          'After you discard a wild, your win this hand needs running wind or a kong win; a win on a drawn wild must itself count running wind or be a wild call.'],
        pay: 'Each other player pays the winner (base + fan + streak bonus) × base silver. Base: 8 + 4×streak between the dealer and another player, else 4. Three or more calls from one player: bao ×3 (reverse bao ×6).',
        example: {hand: '456m (wild as 5m) 567p 123s 44s · chow 123m', win: '3s', text: 'A non-dealer draws 3 Bamboo: an edge wait (12→3), running wind 6 fan. The dealer pays 8 + 6 = 14, the other two 4 + 6 = 10 each: +34.'},
      },
      'anqing/B': {
        name: 'Anqing mahjong · B (void a suit)',
        win: ['The winning hand holds at most two of the three suits (a wild counts as what it stands for); self-drawn only.', 'No chow: pung and kong only.'],
        special: ['Wilds, the red dragon stand-in and kong tiles as in mode A; in mode B 发/白 may be kept as honours (they then score nothing).', 'Full flush, half flush and all honours score.'],
        pay: 'As in mode A: (base + fan + streak bonus) × base silver.',
        example: {hand: '222m 777m 555s 888s 33s', win: '3s', text: 'A non-dealer with no wild self-draws 3 Bamboo for all pungs (hard): all pungs 3 + running wind 6 + concealed 3 = 12 fan. The dealer pays 8 + 12 = 20, the other two 4 + 12 = 16: +52.'},
      },
      'hefei/baoting': {
        name: 'Hefei mahjong · declare (报听)',
        win: ['84 tiles: 2–8 of Characters, Dots, Bamboo. Four sets and a pair or seven pairs, with 8 or more tiles of one suit.', 'A discard win needs a declaration (报听) first; undeclared, self-draw only. No chow, pung or open kong; concealed kongs allowed.'],
        special: ['After declaring the hand is locked: a drawn tile that does not win is discarded (unless it makes a kong that keeps the hand ready).', 'The last four tiles are the sea bottom: each player draws one without discarding; the first self-draw wins.'],
        pay: 'Base 12 plus the items. On a discard only the discarder pays; on a self-draw all three pay. Payments with the dealer add dealer points.',
        example: {hand: '234m 345p 567p 345s 22p', win: '2p', text: 'Declared, self-draws 2 Dots (pair wait: single wait +1); exactly eight Dots (no long suit): 12 + 1 = 13. The two non-dealers pay 13 each, the dealer (streak 1) 13 + 2×1 = 15: +41.'},
      },
      'hefei/bubaoting': {
        name: 'Hefei mahjong · no declare (不报听)',
        win: ['The same tiles and winning rule as the declare room; wins on a discard or by self-draw without declaring.'],
        special: ['Several players may win on one discard; the discarder pays each.'],
        pay: 'Base 10 plus the items; on a discard the discarder pays, on a self-draw all three pay.',
        example: {hand: '222m 345m 678m 456s 33m', win: '3m', text: 'A win on another player\u2019s 3 Characters: eleven Characters (long suit +3), no Dots (missing suit +1), a concealed pung 222m (+1), a pair wait (single wait +1). 10 + 6 = 16 from the discarder.'},
      },
      'baida/default': {
        name: 'Baida mahjong (tai, wild flowers)',
        table: 'Scoring in tai', value: 'Tai',
        win: ['144 tiles: four of each suit tile, wind and dragon, plus eight flowers (Spring Summer Autumn Winter, Plum Orchid Bamboo Chrysanthemum). Four sets and a pair, or seven pairs; a wild (百搭) stands for any tile.',
          'Chow from the player before you; pung and open kong from anyone; concealed and added kongs on your turn. Win by self-draw or on a discard; several players may win on one discard.',
          'When another player adds a tile to a pung, you may rob the kong by winning on that tile. A win needs the minimum tai (1 by default, so every complete hand wins).'],
        special: ['Flowers (补花): a flower that is not a wild is laid open as soon as you hold it and replaced from the tail of the wall (in the deal, seat by seat from the dealer). A self-drawn win on that replacement counts as a win on a replacement.',
          'Wilds (百搭): a tile is turned up before the deal (the indicator); the other copies of that tile are wild (for a flower: the other three of its set). Wilds stay in the hand and stand for any tile, but cannot be used to chow, pung or kong; a discarded wild is just its own face.',
          'Seat and round winds: the dealer is East, then South, West, North in turn. The round starts East and moves to South after the deal has gone round once. A pung of your seat wind and of the round wind score 1 tai each.',
          'Only the winner counts tai.'],
        pay: 'On a discard (or a robbed kong) the discarder alone pays 2 × base × tai. On a self-draw each of the other three pays base × tai. Room options switch to doubling (base × 2^(tai−1)) and set a cap.',
        example: {hand: '567p 345s f2f3f4 88m · chow 234m · flower f6', win: '5s',
          text: 'The indicator is Spring, so Summer, Autumn and Winter are wild. South (seat wind South) holds those three and has Orchid laid open; the dealer (East) discards 5 Bamboo and South wins, the three wilds as an East pung. Three wilds 2 + seat flower (Orchid, South\u2019s) 1 + round wind (an East pung in the East round) 1 = 4 tai; the dealer pays 2 × 1 × 4 = 8.'},
      },
    },
  },
};

export function helpText(lang) { return TEXT[lang] || TEXT.zh; }
export const PAGES = ['anqing/A', 'anqing/B', 'hefei/baoting', 'hefei/bubaoting', 'baida/default'];
