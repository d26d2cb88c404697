// Fixed data of the demo catalogue: the 16 K MANGA genres (wire §3.2), magazine categories with
// TOSHO's ids, ranking tabs, products, and the word lists that titles, authors and chapters are
// built from. English and Japanese travel together as [en, ja] pairs.

import { RankingId } from '@manga/contracts';

export type Pair = readonly [en: string, ja: string];

export interface GenreDefinition {
  id: number;
  name: Pair;
}

/** K MANGA genres 1–16 (wire §3.2). */
export const GENRES: readonly GenreDefinition[] = [
  { id: 1, name: ['Romance･Romcom', '恋愛･ラブコメ'] },
  { id: 2, name: ['Horror･Mystery･Suspense', 'ホラー･ミステリー･サスペンス'] },
  { id: 3, name: ['Gag･Comedy･Slice-of-Life', 'ギャグ･コメディー･日常'] },
  { id: 4, name: ['SF･Fantasy', 'SF･ファンタジー'] },
  { id: 5, name: ['Sports', 'スポーツ'] },
  { id: 6, name: ['Drama', 'ヒューマンドラマ'] },
  { id: 7, name: ['Outlaws･Underworld･Punks', 'ヤンキー･アウトロー･裏社会'] },
  { id: 8, name: ['Action･Battle', 'アクション･バトル'] },
  { id: 9, name: ['Isekai･Super Powers', '異世界･異能力'] },
  { id: 10, name: ['One-off Books', '読み切り'] },
  { id: 11, name: ['Shojo/josei', '少女･女性'] },
  { id: 12, name: ['Yaoi/BL', 'BL'] },
  { id: 13, name: ['LGBTQ', 'LGBTQ'] },
  { id: 14, name: ['Yuri/GL', '百合･GL'] },
  { id: 15, name: ['Anime', 'アニメ化'] },
  { id: 16, name: ['Award Winner', '受賞作'] },
];

export const GENRE = {
  Romance: 1,
  Horror: 2,
  Comedy: 3,
  Fantasy: 4,
  Sports: 5,
  Drama: 6,
  Outlaws: 7,
  Action: 8,
  Isekai: 9,
  OneShot: 10,
  Shojo: 11,
  BoysLove: 12,
  Lgbtq: 13,
  GirlsLove: 14,
  Anime: 15,
  AwardWinner: 16,
} as const;

/** Short labels for cover badges. */
export const GENRE_BADGES: Readonly<Record<number, string>> = {
  1: 'Romance',
  2: 'Mystery',
  3: 'Comedy',
  4: 'Fantasy',
  5: 'Sports',
  6: 'Drama',
  7: 'Outlaws',
  8: 'Action',
  9: 'Isekai',
  10: 'One-shot',
  11: 'Shojo',
  12: 'BL',
  13: 'LGBTQ',
  14: 'GL',
  15: 'Anime',
  16: 'Award',
};

export interface MagazineCategoryDefinition {
  id: number; // TOSHO `MagazineCategory` ids
  name: Pair;
  isPurchase: 0 | 1;
  isSearch: 0 | 1;
  isSubscription: 0 | 1;
  /** Issues are released every `cycleDays` days; 0 means no issues (web originals). */
  cycleDays: number;
  issuePoint: number;
}

export const MAGAZINE_CATEGORIES: readonly MagazineCategoryDefinition[] = [
  {
    id: 1,
    name: ['K Originals', 'Kオリジナル'],
    isPurchase: 0,
    isSearch: 1,
    isSubscription: 0,
    cycleDays: 0,
    issuePoint: 0,
  },
  {
    id: 2,
    name: ['Weekly Shonen Comet', '週刊少年コメット'],
    isPurchase: 1,
    isSearch: 1,
    isSubscription: 1,
    cycleDays: 7,
    issuePoint: 290,
  },
  {
    id: 3,
    name: ['Bessatsu Shonen Comet', '別冊少年コメット'],
    isPurchase: 1,
    isSearch: 1,
    isSubscription: 0,
    cycleDays: 30,
    issuePoint: 450,
  },
  {
    id: 10,
    name: ['Monthly Shonen Comet', '月刊少年コメット'],
    isPurchase: 1,
    isSearch: 1,
    isSubscription: 0,
    cycleDays: 30,
    issuePoint: 480,
  },
  {
    id: 13,
    name: ['Weekly Young Comet', '週刊ヤングコメット'],
    isPurchase: 1,
    isSearch: 1,
    isSubscription: 1,
    cycleDays: 7,
    issuePoint: 320,
  },
  {
    id: 29,
    name: ['Comet Ribbon', 'コメットりぼん'],
    isPurchase: 0,
    isSearch: 1,
    isSubscription: 0,
    cycleDays: 30,
    issuePoint: 400,
  },
];

export interface RankingTabDefinition {
  id: number;
  kind: 'all' | 'genre' | 'today_special';
  genreId: number | null;
  name: Pair;
}

/** K MANGA ranking tabs (TOSHO `RANKING_TABS`, wire §3.2) in display order. */
export const RANKING_TABS: readonly RankingTabDefinition[] = [
  { id: RankingId.All, kind: 'all', genreId: null, name: ['All', '総合'] },
  { id: RankingId.TodaysSpecials, kind: 'today_special', genreId: null, name: ["Today's Specials", '本日のおすすめ'] },
  { id: 3, kind: 'genre', genreId: GENRE.Action, name: ['Action', 'アクション'] },
  { id: 4, kind: 'genre', genreId: GENRE.Sports, name: ['Sports', 'スポーツ'] },
  { id: 5, kind: 'genre', genreId: GENRE.Romance, name: ['Romance', '恋愛'] },
  { id: 6, kind: 'genre', genreId: GENRE.Isekai, name: ['Isekai', '異世界'] },
  { id: 7, kind: 'genre', genreId: GENRE.Horror, name: ['Suspense', 'サスペンス'] },
  { id: 8, kind: 'genre', genreId: GENRE.Outlaws, name: ['Outlaws', 'ヤンキー'] },
  { id: 9, kind: 'genre', genreId: GENRE.Drama, name: ['Drama', 'ドラマ'] },
  { id: 10, kind: 'genre', genreId: GENRE.Fantasy, name: ['Fantasy', 'ファンタジー'] },
  { id: 11, kind: 'genre', genreId: GENRE.Comedy, name: ['Slice of Life', '日常'] },
];

export const TAGS: readonly Pair[] = [
  ['School Life', '学園'],
  ['Revenge', '復讐'],
  ['Reincarnation', '転生'],
  ['Martial Arts', '格闘'],
  ['Magic', '魔法'],
  ['Time Travel', 'タイムリープ'],
  ['Monsters', 'モンスター'],
  ['Detective', '探偵'],
  ['Idols', 'アイドル'],
  ['Cooking', 'グルメ'],
  ['Music', '音楽'],
  ['Workplace', 'お仕事'],
  ['Coming of Age', '青春'],
  ['Survival', 'サバイバル'],
  ['Historical', '歴史'],
  ['Villainess', '悪役令嬢'],
  ['Delinquents', '不良'],
  ['Supernatural', '怪異'],
  ['Mecha', 'ロボット'],
  ['Found Family', '家族'],
  ['Tearjerker', '泣ける'],
  ['Game World', 'ゲーム世界'],
];

/** Which tags suit which genre (indexes into TAGS). */
export const GENRE_TAGS: Readonly<Record<number, readonly number[]>> = {
  1: [0, 8, 12, 11],
  2: [7, 17, 13, 1],
  3: [0, 9, 11, 19],
  4: [4, 6, 18, 5],
  5: [0, 12, 3],
  6: [19, 20, 14, 11],
  7: [16, 3, 1],
  8: [3, 6, 1, 13],
  9: [2, 4, 21, 15],
  10: [20, 5, 17],
  11: [15, 12, 0, 11],
  12: [0, 12, 11],
  13: [12, 19, 20],
  14: [0, 10, 12],
  15: [6, 18, 3],
  16: [20, 14],
};

// Word lists for titles. Each slot is a [en, ja] pair; the Japanese adjectives carry their own
// particle (の, き…) so they can be put straight in front of a noun.
export const ADJECTIVES: readonly Pair[] = [
  ['Crimson', '紅の'],
  ['Silver', '銀の'],
  ['Azure', '蒼き'],
  ['Last', '最後の'],
  ['Eternal', '永遠の'],
  ['Broken', '砕けた'],
  ['Midnight', '真夜中の'],
  ['Forgotten', '忘れられた'],
  ['Golden', '黄金の'],
  ['Silent', '沈黙の'],
  ['Wandering', '彷徨う'],
  ['Burning', '燃える'],
  ['Hollow', '虚ろな'],
  ['Scarlet', '緋色の'],
  ['Gentle', 'やさしい'],
  ['Black', '漆黒の'],
];

export const NOUNS: readonly Pair[] = [
  ['Blade', '刃'],
  ['Crown', '王冠'],
  ['Dragon', '竜'],
  ['Flame', '炎'],
  ['Star', '星'],
  ['Storm', '嵐'],
  ['Wolf', '狼'],
  ['Shadow', '影'],
  ['Sword', '剣'],
  ['Knight', '騎士'],
  ['Witch', '魔女'],
  ['Phoenix', '不死鳥'],
  ['Lantern', '灯火'],
  ['Requiem', '鎮魂歌'],
  ['Garden', '庭園'],
  ['Compass', '羅針盤'],
  ['Oath', '誓い'],
  ['Mirror', '鏡'],
];

export const PLACES: readonly Pair[] = [
  ['Tokyo', '東京'],
  ['Academy', '学園'],
  ['Kingdom', '王国'],
  ['Frontier', '辺境'],
  ['Harbor Town', '港町'],
  ['Station', '駅'],
  ['Shrine', '神社'],
  ['Rooftop', '屋上'],
  ['Library', '図書館'],
  ['Café', '喫茶店'],
  ['Labyrinth', '迷宮'],
  ['Island', '島'],
  ['Back Alley', '路地裏'],
  ['Dormitory', '寮'],
];

export const TIMES: readonly Pair[] = [
  ['Dawn', '暁'],
  ['Dusk', '黄昏'],
  ['Summer', '夏'],
  ['Winter', '冬'],
  ['Spring', '春'],
  ['Afterglow', '残照'],
  ['Tomorrow', '明日'],
  ['Moonlight', '月明かり'],
  ['First Snow', '初雪'],
  ['Rainy Season', '梅雨'],
];

export const ROLES: readonly Pair[] = [
  ['Roommate', 'ルームメイト'],
  ['Senpai', '先輩'],
  ['Neighbor', 'お隣さん'],
  ['Childhood Friend', '幼なじみ'],
  ['Butler', '執事'],
  ['Boss', '上司'],
  ['Rival', 'ライバル'],
  ['Villainess', '悪役令嬢'],
  ['Healer', '回復術師'],
  ['Blacksmith', '鍛冶師'],
  ['Summoner', '召喚士'],
  ['Exorcist', '祓い屋'],
];

export const SKILLS: readonly Pair[] = [
  ['Appraisal', '鑑定'],
  ['Cooking', '料理'],
  ['Gardening', '園芸'],
  ['Copy', 'コピー'],
  ['Infinite Storage', '無限収納'],
  ['Rewind', '巻き戻し'],
];

export const SPORTS: readonly Pair[] = [
  ['Volleyball', 'バレー'],
  ['Basketball', 'バスケ'],
  ['Soccer', 'サッカー'],
  ['Baseball', '野球'],
  ['Boxing', 'ボクシング'],
  ['Kendo', '剣道'],
  ['Swimming', '水泳'],
];

export type TitleWords = {
  A: Pair;
  N: Pair;
  N2: Pair;
  P: Pair;
  T: Pair;
  R: Pair;
  R2: Pair;
  S: Pair;
  Sp: Pair;
};

/** Title templates per genre: functions of picked words to an [en, ja] pair. */
export const TITLE_TEMPLATES: Readonly<Record<number, ReadonlyArray<(w: TitleWords) => Pair>>> = {
  1: [
    (w) => [`${w.T[0]} with You`, `君と${w.T[1]}`],
    (w) => [`Love Letters from the ${w.P[0]}`, `${w.P[1]}からのラブレター`],
    (w) => [`My ${w.R[0]} Is Too Honest`, `僕の${w.R[1]}は正直すぎる`],
    (w) => [`The ${w.R[0]} Next Door Won't Stop Teasing Me`, `隣の${w.R[1]}がからかってくる`],
  ],
  2: [
    (w) => [`The ${w.P[0]} Murders`, `${w.P[1]}殺人事件`],
    (w) => [`${w.A[0]} Whispers`, `${w.A[1]}囁き`],
    (w) => [`Detective of the ${w.T[0]}`, `${w.T[1]}の探偵`],
    (w) => [`Do Not Open the ${w.N[0]}`, `${w.N[1]}を開けるな`],
  ],
  3: [
    (w) => [`Lazy Days at the ${w.P[0]}`, `${w.P[1]}ののんびり日和`],
    (w) => [`Our ${w.R[0]} Is a Disaster`, `うちの${w.R[1]}はポンコツです`],
    (w) => [`${w.T[0]} Club Diaries`, `${w.T[1]}部活動日誌`],
  ],
  4: [
    (w) => [`${w.A[0]} ${w.N[0]} Chronicle`, `${w.A[1]}${w.N[1]}戦記`],
    (w) => [`Starship ${w.N[0]}`, `星間船${w.N[1]}号`],
    (w) => [`The ${w.N[0]} Beyond the ${w.T[0]}`, `${w.T[1]}の彼方の${w.N[1]}`],
  ],
  5: [
    (w) => [`Ace of the ${w.P[0]}`, `${w.P[1]}のエース`],
    (w) => [`${w.Sp[0]} Boys`, `${w.Sp[1]}男子`],
    (w) => [`${w.T[0]} ${w.Sp[0]} Heaven`, `${w.T[1]}${w.Sp[1]}天国`],
  ],
  6: [
    (w) => [`The ${w.A[0]} ${w.N[0]}`, `${w.A[1]}${w.N[1]}`],
    (w) => [`Letters to ${w.T[0]}`, `${w.T[1]}への手紙`],
    (w) => [`The ${w.P[0]} Where We Met`, `僕らが出会った${w.P[1]}`],
  ],
  7: [
    (w) => [`${w.P[0]} Delinquents`, `${w.P[1]}不良伝説`],
    (w) => [`King of the ${w.P[0]}`, `${w.P[1]}の王`],
    (w) => [`${w.A[0]} Fists`, `${w.A[1]}拳`],
  ],
  8: [
    (w) => [`${w.N[0]} Slayer`, `${w.N[1]}狩り`],
    (w) => [`${w.A[0]} ${w.N[0]} of the ${w.T[0]}`, `${w.T[1]}の${w.A[1]}${w.N[1]}`],
    (w) => [`${w.N[0]} and ${w.N2[0]}`, `${w.N[1]}と${w.N2[1]}`],
  ],
  9: [
    (w) => [`Reborn as a ${w.R[0]} in Another World`, `異世界で${w.R[1]}に転生した件`],
    (w) => [`My Only Skill Is ${w.S[0]}`, `スキル「${w.S[1]}」しかない`],
    (w) => [`The ${w.R[0]} Who Was Summoned by Mistake`, `間違えて召喚された${w.R[1]}`],
  ],
  10: [(w) => [`The ${w.N[0]} and I`, `${w.N[1]}と私`], (w) => [`One ${w.T[0]} Night`, `ある${w.T[1]}の夜`]],
  11: [
    (w) => [`Blooming in ${w.T[0]}`, `${w.T[1]}に咲く`],
    (w) => [`Princess of the ${w.P[0]}`, `${w.P[1]}の姫`],
    (w) => [`The ${w.R[0]}'s Sweet Secret`, `${w.R[1]}の甘い秘密`],
  ],
  12: [
    (w) => [`${w.R[0]} and ${w.R2[0]}`, `${w.R[1]}と${w.R2[1]}`],
    (w) => [`Our ${w.T[0]} Secret`, `僕らの${w.T[1]}の秘密`],
  ],
  13: [(w) => [`Colors of ${w.T[0]}`, `${w.T[1]}の色`], (w) => [`Being Me at the ${w.P[0]}`, `${w.P[1]}で、私らしく`]],
  14: [(w) => [`${w.T[0]} Lilies`, `${w.T[1]}の百合`], (w) => [`Her ${w.A[0]} Smile`, `彼女の${w.A[1]}笑顔`]],
  15: [(w) => [`${w.N[0]} Rangers`, `${w.N[1]}レンジャー`], (w) => [`Mobile ${w.N[0]} Gear`, `機動${w.N[1]}ギア`]],
  16: [
    (w) => [`The ${w.N[0]} Keeper`, `${w.N[1]}の守り人`],
    (w) => [`A ${w.T[0]} to Remember`, `忘れられない${w.T[1]}`],
  ],
};

export const FAMILY_NAMES: readonly Pair[] = [
  ['Sato', '佐藤'],
  ['Suzuki', '鈴木'],
  ['Takahashi', '高橋'],
  ['Tanaka', '田中'],
  ['Watanabe', '渡辺'],
  ['Ito', '伊藤'],
  ['Yamamoto', '山本'],
  ['Nakamura', '中村'],
  ['Kobayashi', '小林'],
  ['Kato', '加藤'],
  ['Yoshida', '吉田'],
  ['Yamada', '山田'],
  ['Sasaki', '佐々木'],
  ['Matsumoto', '松本'],
  ['Inoue', '井上'],
  ['Kimura', '木村'],
  ['Hayashi', '林'],
  ['Shimizu', '清水'],
  ['Mori', '森'],
  ['Ikeda', '池田'],
  ['Hashimoto', '橋本'],
  ['Ishikawa', '石川'],
];

export const GIVEN_NAMES: readonly Pair[] = [
  ['Haruto', '陽翔'],
  ['Yui', '結衣'],
  ['Sota', '蒼太'],
  ['Mio', '美桜'],
  ['Ren', '蓮'],
  ['Aoi', '葵'],
  ['Kaito', '海斗'],
  ['Hina', '陽菜'],
  ['Riku', '陸'],
  ['Sakura', 'さくら'],
  ['Yuto', '悠斗'],
  ['Rin', '凛'],
  ['Daiki', '大輝'],
  ['Akari', '朱里'],
  ['Shun', '駿'],
  ['Nanami', '七海'],
  ['Takumi', '拓海'],
  ['Kaede', '楓'],
  ['Kenta', '健太'],
  ['Misaki', '美咲'],
  ['Tsubasa', '翼'],
  ['Chihiro', '千尋'],
];

/** Chapter subtitles. */
export const CHAPTER_NAMES: readonly Pair[] = [
  ['The Beginning', 'はじまり'],
  ['A Promise', '約束'],
  ['Encounter', '出会い'],
  ['First Battle', '初陣'],
  ['The Rival Appears', 'ライバル登場'],
  ['Rainy Day', '雨の日'],
  ['Secrets', '秘密'],
  ['Turning Point', '転機'],
  ['The Decision', '決断'],
  ['Reunion', '再会'],
  ['Training Camp', '合宿'],
  ['Festival Night', '祭りの夜'],
  ['Counterattack', '反撃'],
  ['Farewell', '別れ'],
  ['The Truth', '真実'],
  ['Run', '走れ'],
  ['Homecoming', '帰郷'],
  ['A New Power', '新たな力'],
  ['Scars', '傷跡'],
  ['The Letter', '手紙'],
  ['Crossroads', '分かれ道'],
  ['Storm Warning', '嵐の予感'],
  ['Awakening', '覚醒'],
  ['The Final Round', '最終ラウンド'],
  ['Lost and Found', '落とし物'],
  ['Sparks', '火花'],
  ['Midnight Call', '真夜中の電話'],
  ['The Map', '地図'],
  ['Showdown', '決戦'],
  ['After the Rain', '雨上がり'],
  ['Wish', '願い'],
  ['Old Friends', '旧友'],
];

/** Introduction building blocks: hero roles and hooks per genre. */
export const INTRO_HOOKS: Readonly<Record<number, readonly Pair[]>> = {
  1: [
    [
      'a chance meeting on a crowded train turns into the most awkward romance of the year',
      '満員電車での偶然の出会いが、今年いちばん不器用な恋に変わる',
    ],
    [
      'a fake relationship for one week becomes much harder to end than planned',
      '一週間だけの「偽の恋人」は、思ったよりずっと終わらせにくかった',
    ],
  ],
  2: [
    [
      'a string of disappearances leads back to a town that should not exist',
      '相次ぐ失踪事件は、存在しないはずの町へとつながっていく',
    ],
    ['every clue points to the one person no one suspects', 'すべての手がかりが、誰も疑わないあの人を指していた'],
  ],
  3: [
    [
      'nothing ever goes to plan, and that is exactly the fun of it',
      '何ひとつ計画どおりにいかない、それがいちばん楽しい',
    ],
    [
      'a tiny club with big ambitions tries to survive one more semester',
      '野望だけは大きい弱小部が、もう一学期の存続をかけて奮闘する',
    ],
  ],
  4: [
    [
      'an ancient signal from the stars wakes a weapon that chooses its own pilot',
      '星から届いた古の信号が、自ら乗り手を選ぶ兵器を目覚めさせる',
    ],
    [
      'a map drawn by a vanished mage promises a world beyond the edge',
      '消えた魔導士の地図が、世界の果ての向こうを示していた',
    ],
  ],
  5: [
    [
      'a benchwarmer with one unstoppable move aims for the national stage',
      '必殺の一手だけを持つ補欠が、全国の舞台を目指す',
    ],
    [
      'a team that lost everything last season gets one more shot',
      '昨シーズンすべてを失ったチームに、もう一度だけチャンスが訪れる',
    ],
  ],
  6: [
    [
      'a family that drifted apart is brought back together by a single letter',
      'ばらばらになった家族を、一通の手紙が再びつなぐ',
    ],
    [
      'a small café becomes the place where strangers learn to start over',
      '小さな喫茶店が、見知らぬ人々がやり直す場所になる',
    ],
  ],
  7: [
    [
      'the toughest delinquent in the city swears to protect the one place he calls home',
      '街いちばんの不良が、居場所を守るために拳を握る',
    ],
    [
      'an underground debt pulls an honest kid into a war between rival gangs',
      '闇の借金が、まじめな少年を抗争のただ中へ引きずり込む',
    ],
  ],
  8: [
    [
      'a swordsman with a broken blade challenges the monsters that took everything',
      '折れた剣を持つ剣士が、すべてを奪った魔物に挑む',
    ],
    [
      'an academy for monster hunters admits a student who might be one',
      '魔物狩りの学園に、魔物かもしれない新入生が入学する',
    ],
  ],
  9: [
    [
      'a tired office worker wakes up in another world with the weakest skill imaginable',
      '疲れ果てた会社員が目覚めると、最弱スキルを持って異世界にいた',
    ],
    [
      'the hero party throws out its quietest member, who turns out to be the strongest',
      '勇者パーティーを追放された地味なメンバーが、実は最強だった',
    ],
  ],
  10: [['one night, one choice, and a story that stays with you', 'ひと晩、ひとつの選択、そして心に残る物語']],
  11: [
    [
      'a shy florist is pulled into the glittering world of a royal court',
      '内気な花屋の娘が、きらびやかな王宮の世界へ引き込まれる',
    ],
    [
      'a cold prince and an outspoken maid make a deal neither can keep',
      '冷たい王子と物怖じしない侍女が、守れない約束を交わす',
    ],
  ],
  12: [
    [
      'two rivals forced to share a dorm room discover they are not so different',
      '同じ寮の部屋を分け合うことになったライバル同士は、実は似た者同士だった',
    ],
  ],
  13: [
    [
      'a new student finds the courage to be seen exactly as they are',
      '転校生は、ありのままの自分でいる勇気を見つけていく',
    ],
  ],
  14: [
    [
      'the student council president and the school rebel share a secret garden',
      '生徒会長と問題児は、秘密の庭を分け合っていた',
    ],
  ],
  15: [['the hit series behind the anime everyone is talking about', '話題のアニメの原作コミック']],
  16: [['the award-winning story readers could not stop recommending', '読者が薦めずにはいられなかった受賞作']],
};

export const WEEKDAY_NAMES: readonly Pair[] = [
  ['Monday', '月曜'],
  ['Tuesday', '火曜'],
  ['Wednesday', '水曜'],
  ['Thursday', '木曜'],
  ['Friday', '金曜'],
  ['Saturday', '土曜'],
  ['Sunday', '日曜'],
];
