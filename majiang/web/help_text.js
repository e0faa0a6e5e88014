// The rules pages' text, per ruleset and mode, in both languages (the help screen picks by getLang()).
// Long prose lives here rather than in i18n.js's short strings; the values match docs/rules/ and the
// scoring code (majiang/rules/*_scoring).

const ANQING_ITEMS = [
  ['平胡', 'Plain win', '0', '没有别的番种：只收底分', 'no other scoring item: only the base is paid'],
  ['跑风', 'Running wind', '6', '独吊、边张、卡张，或留钻', 'pair, edge or middle wait; or a kept wild'],
  ['对对胡 / 碰碰胡', 'All pungs', ['3（硬对对胡 +6 跑风 = 9）', '3 (hard: +6 running wind = 9)'], '全是刻子加一对', 'all pungs and a pair'],
  ['门清', 'Concealed hand', '3', '没有吃、碰、明杠', 'no chow, pung or open kong'],
  ['直叫', 'Wild call', ['杠开 + 跑风（10）', 'kong win + running wind (10)'], '单吊一个钻又摸到钻：开杠，补牌即胡', 'waiting on a lone wild, draw the second: kong, the replacement wins'],
  ['杠开', 'Win after a kong', '3 / 9 / 18 / 30', '连开 1/2/3/4 杠后摸到胡牌', 'after 1/2/3/4 kongs in a row'],
  ['明杠 / 暗杠', 'Open / concealed kong', ['1 / 2（风杠 +1）', '1 / 2 (wind kong +1)'], '每个杠', 'each kong'],
  ['杠牌', 'Kong tiles', ['每个 1', '1 each'], '亮出的发、白（每张）', 'each 发/白 laid open'],
  ['风', 'Wind pungs', ['每个 1', '1 each'], '每副风刻', 'each wind pung'],
  ['一龙', 'Full straight', '10', '同一门一到九', '1 to 9 of one suit'],
  ['十三烂', 'Thirteen apart', '20', '数牌相隔三以上，字牌各不相同，无钻', 'suit tiles 3+ apart, honours all different, no wild'],
  ['七星归位', 'Seven stars', '30', '十三烂且七个字牌齐全', 'thirteen apart with all seven honours'],
  ['七对有钻', 'Seven pairs with wilds', '9', '钻作对子，含跑风', 'wilds as partners, running wind included'],
  ['七对天胡 / 四钻天胡', 'Heavenly seven pairs / four wilds', '36', '', ''],
  ['双天胡', 'Double heavenly pairs', '66', '七对，四个钻成两对', 'seven pairs, four wilds as two pairs'],
  ['大吊车', 'Big crane', ['36（吊钻 9）', '36 (wild held: 9)'], '四副落地单吊', 'four melds down, a lone tile held'],
  ['摸牌天胡 / 地胡', "Dealer's heavenly / earthly hand", '30', '', ''],
];
const MODE_B_ITEMS = [
  ['清一色 / 凑一色 / 字一色', 'Full flush / half flush / all honours', '10 / 5 / 20', '只在打缺玩法计分', 'scored in mode B only'],
];
const HEFEI_ITEMS = [
  ['基本分', 'Base', ['12 报听 / 10 不报听', '12 declare / 10 no declare'], '每次胡牌', 'every win'],
  ['支', 'Long suit', ['八张以上每张 +1', '+1 per tile over 8'], '一门九张起每多一张 +1', 'each tile over 8 in a suit'],
  ['双八支', 'Two long suits', '+50', '两门各八张以上', 'two suits of 8 or more'],
  ['缺一门', 'Missing suit', '+1', '少一门', 'one suit absent'],
  ['同', 'Same rank', '+(n − 4)', '同一点数 n ≥ 5 张', 'n ≥ 5 tiles of one rank'],
  ['坎', 'Concealed pung', ['每个 +1', '+1 each'], '手中暗刻', 'each concealed pung'],
  ['杠', 'Concealed kong', ['每个 +2', '+2 each'], '每个暗杠', 'each concealed kong'],
  ['活', 'Four alike', ['每个 +4', '+4 each'], '四张同牌：三张成刻、一张在顺子里', 'three as a pung, the fourth in a chow'],
  ['卡', 'Single wait', '+1', '夹张、边张或单调', 'middle, edge or pair wait'],
  ['双铺子', 'Twin chows', ['每个 +2', '+2 each'], '两副相同顺子', 'two identical chows'],
  ['七对', 'Seven pairs', '+5', '', ''],
  ['海捞', 'Sea bottom', '+10', '在最后四张（海捞区）胡', 'won in the last four draws'],
  ['天胡 / 地胡', 'Heavenly / earthly hand', '+100 / +80', '', ''],
  ['庄分', 'Dealer points', ['+1×连庄（点炮）/ +2×连庄（自摸）', '+1×streak (discard) / +2×streak (self-draw)'], '庄家参与的每笔支付', 'each payment the dealer is part of'],
];

// 百搭麻将: the 台 items of docs/rules/baida.md (items 1–25), values as majiang/rules/baida_scoring/items.py.
// Its worked example is tests/data/baida/flower_baida.json (`majiang score` prints the same 4 台, 8 paid).
const BAIDA_ITEMS = [
  ['平胡', 'Plain win', '1', '没有别的台时', 'only when nothing else scores'],
  ['自摸', 'Self-drawn', '1', '自己摸到胡牌（含杠开、海底、天胡）', 'won on your own draw (kong win, last tile and heavenly hand included)'],
  ['门清', 'Concealed hand', '1', '没有吃、碰、明杠（暗杠可以）', 'no chow, pung or open kong (concealed kongs allowed)'],
  ['边 / 卡 / 单吊', 'Edge / middle / pair wait', '1', '只听胡的这一张；七对不算', 'the hand waited on this one tile only; not with seven pairs'],
  ['对对胡', 'All pungs', '2', '四副刻子（杠）加一对', 'four pungs or kongs and a pair'],
  ['七对', 'Seven pairs', '2', '七个对子，百搭可配任何牌', 'seven pairs; a wild pairs anything'],
  ['杠开', 'Win on a replacement', '1', '杠或补花后补的牌自摸胡', 'self-drawn on the replacement after a kong or a flower'],
  ['海底捞月', 'Last tile of the wall', '1', '摸墙上最后一张自摸胡', 'self-drawn on the last tile of the wall'],
  ['抢杠', 'Robbing a kong', '1', '胡别人加杠的那张；被抢的人按放冲付', 'won on the tile another player adds to a pung; the robbed player pays as a discarder'],
  ['无百搭', 'No wild', '1', '手里没有百搭', 'no wild in the hand'],
  ['三百搭', 'Three wilds', ['2（七百搭选项：四百搭 2，七百搭 20）', '2 (seven-wild option: four 2, seven 20)'], '手里三张以上百搭', 'three or more wilds in the hand'],
  ['全求人', 'All melds called', '2', '四副都是吃碰杠来的，单吊胡', 'four called melds, won on the lone tile'],
  ['一条龙', 'Full straight', '2', '同一门 123 456 789', '123 456 789 of one suit'],
  ['庄', 'Dealer', ['1 + 连庄数', '1 + streak'], '庄家胡牌', 'the dealer wins'],
  ['天胡', 'Heavenly hand', '8', '庄家起手即胡', "the dealer's opening hand"],
  ['地胡', 'Earthly hand', '6', '胡庄家打出的第一张牌', "won on the dealer's first discard"],
  ['清一色 / 混一色 / 字一色', 'Full flush / half flush / all honours', '4 / 2 / 8', '只有一门 / 一门加字牌 / 全是字牌（只算最高的）', 'one suit / one suit and honours / honours only (the highest only)'],
  ['杠花：正花 / 四花 / 八花', 'Flowers (seat flower / set / all eight)', '1 / 2 / 8', '亮出的本门风花每张 1（东 春梅、南 夏兰、西 秋竹、北 冬菊）；一组四张 2；八张全亮 8', 'each flower of your seat laid open 1 (E Spring/Plum, S Summer/Orchid, W Autumn/Bamboo, N Winter/Chrysanthemum); a whole set of four 2; all eight 8'],
  ['中发白', 'Dragon pungs', ['每副 1', '1 each'], '中、发、白的刻子或杠', 'a pung or kong of each dragon'],
  ['位风', 'Seat wind pung', '1', '自己门风的刻子或杠', "a pung or kong of your seat's wind"],
  ['圈风', 'Round wind pung', '1', '本圈风的刻子或杠（与位风相同时两项都算）', "a pung or kong of the round's wind (both count when it is also your seat's)"],
];

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
export function itemsFor(page) {
  if (page.startsWith('baida')) return BAIDA_ITEMS;
  if (page.startsWith('hefei')) return HEFEI_ITEMS;
  return page === 'anqing/B' ? [...ANQING_ITEMS, ...MODE_B_ITEMS] : ANQING_ITEMS;
}
export const PAGES = ['anqing/A', 'anqing/B', 'hefei/baoting', 'hefei/bubaoting', 'baida/default'];
