// The rules pages' prose, per ruleset and mode, in both languages (the help screen picks by getLang()).
// Long prose lives here rather than in i18n.js's short strings. No figure the scoring decides is written
// here: the scoring table of each page (items, values, when they apply) and its worked example (the
// hand, the story, and the items and payments as the ruleset's own scoring computes them) are the
// server's, `rules_table` and `examples` in GET /api/rulesets, kept next to the scoring code
// (majiang/rules/*_scoring/table.py).

const TEXT = {
  zh: {
    title: '规则说明', intro: '每种玩法一页：怎样胡、有什么特别、番型与分值、一个算分例子。',
    win: '怎样胡牌', special: '特别之处', table: '番型与分值', example: '算分例子', winds: ['东', '南', '西', '北'], seat: '家', dealer: '（庄）', pays: '付', total: '合计', options: '房间选项', item: '番型', value: '分值', when: '说明',
    pages: {
      'anqing/A': {
        name: '安庆麻将 · A 不打缺',
        win: ['四副面子加一对将（或七对、十三烂等特殊牌型），只能自摸，没有点炮、抢杠。', '吃只能吃上家，碰、明杠可以碰任何人。'],
        special: ['钻牌：翻牌的下一张（同门循环，字牌 东南西北、中发白 各自循环）四张都是钻，可当任何牌。',
          '红中代钻：钻不是中发白时，红中当作钻本来那张牌用（可吃碰杠）；发、白是杠牌。',
          '杠牌：摸到要亮出并从牌尾补一张，每张 +1 番，手里有杠牌不能胡。',
          '打出钻以后，本局再胡必须有跑风或杠开；自摸钻胡必须本身含跑风或是直叫。'],
        pay: '每家付给胡家：(底 + 番 + 连庄) × 基础银子；底、连庄和包的倍数见上表。', unit: '番',
      },
      'anqing/B': {
        name: '安庆麻将 · B 打缺',
        win: ['胡牌最多只能有两门数牌（钻算它代表的牌），只能自摸。', '不能吃，只能碰和杠。'],
        special: ['钻、红中代钻、杠牌与 A 玩法相同；打缺时发、白可以不亮，当字牌留着（不算分）。', '清一色、凑一色、字一色计分。'],
        pay: '与 A 玩法相同：(底 + 番 + 连庄) × 基础银子。', unit: '番',
      },
      'hefei/baoting': {
        name: '合肥麻将 · 报听',
        win: ['只用 2–8 的万、饼、条共 84 张。四副面子加一对或七对，且至少一门有 8 张以上。', '要点炮胡必须先报听；没报听只能自摸。不能吃、碰、明杠，可以暗杠。'],
        special: ['报听后手牌锁定：摸到的牌不能胡就打出（除非能暗杠且仍听牌）。', '最后四张是海捞区：每人摸一张不打，先自摸者胡。'],
        pay: '基本分加各项分（见上表）。点炮只由放炮者付；自摸三家都付。庄家参与的支付另加庄分。', unit: '分',
      },
      'hefei/bubaoting': {
        name: '合肥麻将 · 不报听',
        win: ['与报听房相同的牌和胡牌条件，不用报听就可以点炮胡或自摸。'],
        special: ['一炮多响：几家可以同时胡同一张牌，各自由放炮者付。'],
        pay: '基本分加各项分（见上表）；点炮由放炮者付，自摸三家付。', unit: '分',
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
        pay: '点炮（放冲）或被抢杠：放冲的人一家付 2 × 底 × 台。自摸：另外三家各付 底 × 台。房间选项可以改成翻倍（底 × 2^(台−1)）和封顶。', unit: '台',
      },
      'guobiao/default': {
        name: '国标麻将（中国麻将竞赛规则）',
        table: '番种表', item: '番种', value: '番数',
        win: ['144 张牌：万、筒、条、东南西北中发白各四张，加春夏秋冬梅兰竹菊八张花。四副面子加一对将、七对、十三幺、全不靠（七星不靠）或组合龙加一副面子一对将。',
          '吃上家，碰、明杠任何人，暗杠、加杠在自己出牌时；可以自摸，也可以胡别人打出的牌（几家同时能胡时，放炮者下家起第一家胡：截和）。别人加杠时可以抢杠和。',
          '起和 8 番：胡牌至少要 8 番，花牌不计入。不够 8 番的牌不会出现“胡”的按钮。'],
        special: ['补花：花牌一摸到就亮出，从牌尾补一张（起手时从庄家起依次补）；每张花 1 番，但不算进起和的 8 番。补花后补到的牌自摸不算杠上开花，开杠后补到的才算。',
          '门风与圈风：庄家是东，下家南、西、北。每局都换庄（不连庄），四局一圈，共四圈：东风圈、南风圈、西风圈、北风圈。',
          '和绝张、妙手回春、海底捞月、杠上开花、抢杠和由牌桌自动判定：和绝张是另外三张都已经亮在桌上（牌河或明牌）。',
          '听牌提示只列出能够到 8 番的牌（自摸或点炮任一种能胡就列出）。'],
        pay: '点和：放炮者付 底分 + 番数，另两家各付底分；自摸：三家各付 底分 + 番数。底分见上表（比赛规则），房间选项可改；番数包括花牌。', unit: '番',
      },
    },
  },
  en: {
    title: 'Rules', intro: 'One page per ruleset and mode: how to win, what is special, the scoring table, one worked example.',
    win: 'How to win', special: 'What is special', table: 'Scoring', example: 'Worked example', winds: ['East', 'South', 'West', 'North'], seat: '', dealer: ' (dealer)', pays: 'pays', total: 'Total', options: 'Room options', item: 'Item', value: 'Value', when: 'When',
    pages: {
      'anqing/A': {
        name: 'Anqing Mahjong · A (no void)',
        win: ['Four sets and a pair (or seven pairs, thirteen apart and other special hands); self-drawn only: no win on a discard, no robbing a kong.', 'Chow only from the player before you; pung and open kong from anyone.'],
        special: ['Wild (钻): the tile after the indicator (within its suit; winds and dragons cycle) — all four copies stand for any tile.',
          'Red dragon stand-in (代): when the wild is not a dragon, 红中 plays as the wild\u2019s own face (it can be chowed, punged, konged); 发 and 白 are kong tiles.',
          'Kong tiles (杠牌): lay one open when drawn and draw a replacement from the tail; +1 fan each; no win while holding one.',
          'After you discard a wild, your win this hand needs running wind or a kong win; a win on a drawn wild must itself count running wind or be a wild call.'],
        pay: 'Each other player pays the winner (base + fan + streak bonus) × base silver; the base, the streak bonus and the bao multipliers are in the table above.', unit: 'fan',
      },
      'anqing/B': {
        name: 'Anqing Mahjong · B (void a suit)',
        win: ['The winning hand holds at most two of the three suits (a wild counts as what it stands for); self-drawn only.', 'No chow: pung and kong only.'],
        special: ['Wilds, the red dragon stand-in and kong tiles as in mode A; in mode B 发/白 may be kept as honours (they then score nothing).', 'Full flush, half flush and all honours score.'],
        pay: 'As in mode A: (base + fan + streak bonus) × base silver.', unit: 'fan',
      },
      'hefei/baoting': {
        name: 'Hefei Mahjong · ready call (报听)',
        win: ['84 tiles: 2–8 of Characters, Dots, Bamboo. Four sets and a pair or seven pairs, with 8 or more tiles of one suit.', 'A discard win needs a declaration (报听) first; undeclared, self-draw only. No chow, pung or open kong; concealed kongs allowed.'],
        special: ['After declaring the hand is locked: a drawn tile that does not win is discarded (unless it makes a kong that keeps the hand ready).', 'The last four tiles are the sea bottom: each player draws one without discarding; the first self-draw wins.'],
        pay: 'The base plus the items (the table above). On a discard only the discarder pays; on a self-draw all three pay. Payments with the dealer add dealer points.', unit: 'points',
      },
      'hefei/bubaoting': {
        name: 'Hefei Mahjong · no ready call (不报听)',
        win: ['The same tiles and winning rule as the ready-call room; wins on a discard or by self-draw with no ready call.'],
        special: ['Several players may win on one discard; the discarder pays each.'],
        pay: 'The base plus the items (the table above); on a discard the discarder pays, on a self-draw all three pay.', unit: 'points',
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
        pay: 'On a discard (or a robbed kong) the discarder alone pays 2 × base × tai. On a self-draw each of the other three pays base × tai. Room options switch to doubling (base × 2^(tai−1)) and set a cap.', unit: 'tai',
      },
      'guobiao/default': {
        name: 'Guobiao mahjong (Chinese Official rules)',
        table: 'Fans', item: 'Fan', value: 'Fans',
        win: ['144 tiles: four of each suit tile, wind and dragon, plus eight flowers. Four sets and a pair, seven pairs, thirteen orphans, honours and knitted tiles, or a knitted straight with a set and a pair.',
          'Chow from the player before you; pung and open kong from anyone; concealed and added kongs on your turn. Win by self-draw or on a discard (when several could, the first after the discarder wins). You may rob another player\u2019s added kong.',
          'An 8-fan minimum: a win needs 8 fans, flowers not counted. A hand below it is never offered the win button.'],
        special: ['Flowers: laid open as soon as you hold one and replaced from the tail of the wall (in the deal, seat by seat from the dealer); 1 fan each, not counted toward the minimum. A win on a flower\u2019s replacement is not a kong win; only a kong\u2019s replacement is.',
          'Seat and prevalent winds: the dealer is East, then South, West, North. The deal passes every hand (no dealer streak): four hands a round, four rounds, East, South, West and North.',
          'Last tile (和绝张), last tile draw or claim, out with a replacement tile and robbing the kong are read from the table: the last tile means the other three copies are all in sight (in the discards or open melds).',
          'The ready hint lists only tiles that would reach 8 fans (by a draw or on a discard).'],
        pay: 'On a discard the discarder pays base + fans and the other two the base each; on a self-draw each of the three pays base + fans. The base is in the table above (the competition rules) unless the room sets another; the fans include the flowers.', unit: 'fans',
      },
    },
  },
};

export function helpText(lang) { return TEXT[lang] || TEXT.zh; }
export const PAGES = ['anqing/A', 'anqing/B', 'hefei/baoting', 'hefei/bubaoting', 'baida/default', 'guobiao/default'];
