/**
 * Name material for the simulated world, in both shipped languages: countries with cities (clubs
 * are "city + nickname"), surnames for individual sports, and esports brands. Invented, not real
 * clubs or people.
 */
export type Pair = readonly [en: string, ru: string];

export interface CountryData {
  code: string;
  name: Pair;
  cities: readonly Pair[];
}

export const COUNTRIES: readonly CountryData[] = [
  {
    code: 'EN',
    name: ['England', 'Англия'],
    cities: [
      ['London', 'Лондон'],
      ['Manchester', 'Манчестер'],
      ['Liverpool', 'Ливерпуль'],
      ['Birmingham', 'Бирмингем'],
      ['Leeds', 'Лидс'],
      ['Newcastle', 'Ньюкасл'],
      ['Bristol', 'Бристоль'],
      ['Sheffield', 'Шеффилд'],
      ['Nottingham', 'Ноттингем'],
      ['Leicester', 'Лестер'],
      ['Brighton', 'Брайтон'],
      ['Southampton', 'Саутгемптон'],
      ['Norwich', 'Норидж'],
      ['Derby', 'Дерби'],
    ],
  },
  {
    code: 'ES',
    name: ['Spain', 'Испания'],
    cities: [
      ['Madrid', 'Мадрид'],
      ['Barcelona', 'Барселона'],
      ['Valencia', 'Валенсия'],
      ['Sevilla', 'Севилья'],
      ['Bilbao', 'Бильбао'],
      ['Malaga', 'Малага'],
      ['Zaragoza', 'Сарагоса'],
      ['Vigo', 'Виго'],
      ['Cadiz', 'Кадис'],
      ['Granada', 'Гранада'],
      ['Alicante', 'Аликанте'],
      ['Oviedo', 'Овьедо'],
      ['Murcia', 'Мурсия'],
      ['Gijon', 'Хихон'],
    ],
  },
  {
    code: 'DE',
    name: ['Germany', 'Германия'],
    cities: [
      ['Berlin', 'Берлин'],
      ['Munich', 'Мюнхен'],
      ['Hamburg', 'Гамбург'],
      ['Dortmund', 'Дортмунд'],
      ['Cologne', 'Кёльн'],
      ['Frankfurt', 'Франкфурт'],
      ['Stuttgart', 'Штутгарт'],
      ['Bremen', 'Бремен'],
      ['Leipzig', 'Лейпциг'],
      ['Mainz', 'Майнц'],
      ['Freiburg', 'Фрайбург'],
      ['Bochum', 'Бохум'],
      ['Hanover', 'Ганновер'],
      ['Kiel', 'Киль'],
    ],
  },
  {
    code: 'IT',
    name: ['Italy', 'Италия'],
    cities: [
      ['Rome', 'Рим'],
      ['Milan', 'Милан'],
      ['Turin', 'Турин'],
      ['Naples', 'Неаполь'],
      ['Florence', 'Флоренция'],
      ['Genoa', 'Генуя'],
      ['Bologna', 'Болонья'],
      ['Verona', 'Верона'],
      ['Bergamo', 'Бергамо'],
      ['Udine', 'Удине'],
      ['Lecce', 'Лечче'],
      ['Parma', 'Парма'],
      ['Cagliari', 'Кальяри'],
      ['Bari', 'Бари'],
    ],
  },
  {
    code: 'FR',
    name: ['France', 'Франция'],
    cities: [
      ['Paris', 'Париж'],
      ['Marseille', 'Марсель'],
      ['Lyon', 'Лион'],
      ['Nice', 'Ницца'],
      ['Lille', 'Лилль'],
      ['Nantes', 'Нант'],
      ['Bordeaux', 'Бордо'],
      ['Rennes', 'Ренн'],
      ['Toulouse', 'Тулуза'],
      ['Lens', 'Ланс'],
      ['Reims', 'Реймс'],
      ['Brest', 'Брест'],
      ['Metz', 'Мец'],
      ['Angers', 'Анже'],
    ],
  },
  {
    code: 'RU',
    name: ['Russia', 'Россия'],
    cities: [
      ['Moscow', 'Москва'],
      ['Saint Petersburg', 'Санкт-Петербург'],
      ['Kazan', 'Казань'],
      ['Sochi', 'Сочи'],
      ['Rostov', 'Ростов'],
      ['Samara', 'Самара'],
      ['Krasnodar', 'Краснодар'],
      ['Yekaterinburg', 'Екатеринбург'],
      ['Nizhny Novgorod', 'Нижний Новгород'],
      ['Omsk', 'Омск'],
      ['Ufa', 'Уфа'],
      ['Perm', 'Пермь'],
      ['Tula', 'Тула'],
      ['Yaroslavl', 'Ярославль'],
    ],
  },
  {
    code: 'US',
    name: ['USA', 'США'],
    cities: [
      ['New York', 'Нью-Йорк'],
      ['Los Angeles', 'Лос-Анджелес'],
      ['Chicago', 'Чикаго'],
      ['Boston', 'Бостон'],
      ['Miami', 'Майами'],
      ['Dallas', 'Даллас'],
      ['Denver', 'Денвер'],
      ['Seattle', 'Сиэтл'],
      ['Houston', 'Хьюстон'],
      ['Phoenix', 'Финикс'],
      ['Atlanta', 'Атланта'],
      ['Detroit', 'Детройт'],
      ['Portland', 'Портленд'],
      ['Orlando', 'Орландо'],
    ],
  },
  {
    code: 'BR',
    name: ['Brazil', 'Бразилия'],
    cities: [
      ['Sao Paulo', 'Сан-Паулу'],
      ['Rio', 'Рио'],
      ['Santos', 'Сантус'],
      ['Recife', 'Ресифи'],
      ['Salvador', 'Салвадор'],
      ['Curitiba', 'Куритиба'],
      ['Fortaleza', 'Форталеза'],
      ['Goiania', 'Гоянию'],
      ['Belem', 'Белен'],
      ['Natal', 'Натал'],
      ['Manaus', 'Манаус'],
      ['Campinas', 'Кампинас'],
      ['Cuiaba', 'Куяба'],
      ['Vitoria', 'Витория'],
    ],
  },
];

/** The "country" of international competitions. */
export const WORLD: CountryData = { code: 'WO', name: ['World', 'Мир'], cities: [] };

export const FOOTBALL_SUFFIXES: readonly Pair[] = [
  ['FC', 'ФК'],
  ['United', 'Юнайтед'],
  ['City', 'Сити'],
  ['Rovers', 'Роверс'],
  ['Athletic', 'Атлетик'],
  ['Sporting', 'Спортинг'],
  ['Dynamo', 'Динамо'],
  ['Wanderers', 'Уондерерс'],
];

export const CLUB_NICKNAMES: readonly Pair[] = [
  ['Lions', 'Лайонс'],
  ['Eagles', 'Иглз'],
  ['Bears', 'Беарз'],
  ['Wolves', 'Вулвз'],
  ['Sharks', 'Шаркс'],
  ['Titans', 'Титанс'],
  ['Falcons', 'Фалконс'],
  ['Comets', 'Кометс'],
  ['Rangers', 'Рейнджерс'],
  ['Storm', 'Шторм'],
  ['Knights', 'Найтс'],
  ['Pirates', 'Пайретс'],
];

export const INITIALS: readonly Pair[] = [
  ['A', 'А'],
  ['B', 'Б'],
  ['D', 'Д'],
  ['E', 'Е'],
  ['I', 'И'],
  ['K', 'К'],
  ['L', 'Л'],
  ['M', 'М'],
  ['N', 'Н'],
  ['O', 'О'],
  ['P', 'П'],
  ['R', 'Р'],
  ['S', 'С'],
  ['T', 'Т'],
  ['V', 'В'],
];

export const SURNAMES: readonly Pair[] = [
  ['Smith', 'Смит'],
  ['Novak', 'Новак'],
  ['Petrov', 'Петров'],
  ['Ivanov', 'Иванов'],
  ['Garcia', 'Гарсия'],
  ['Muller', 'Мюллер'],
  ['Rossi', 'Росси'],
  ['Dubois', 'Дюбуа'],
  ['Silva', 'Силва'],
  ['Kowalski', 'Ковальски'],
  ['Jensen', 'Йенсен'],
  ['Sato', 'Сато'],
  ['Kim', 'Ким'],
  ['Lopez', 'Лопес'],
  ['Berg', 'Берг'],
  ['Moreau', 'Моро'],
  ['Costa', 'Коста'],
  ['Horvat', 'Хорват'],
  ['Volkov', 'Волков'],
  ['Fischer', 'Фишер'],
  ['Romero', 'Ромеро'],
  ['Nielsen', 'Нильсен'],
  ['Popescu', 'Попеску'],
  ['Tanaka', 'Танака'],
];

export const ESPORT_WORDS: readonly [readonly string[], readonly string[]] = [
  ['Nova', 'Iron', 'Red', 'Night', 'Frost', 'Solar', 'Void', 'Neon', 'Storm', 'Apex', 'Silent', 'Royal'],
  [
    'Owls',
    'Vipers',
    'Raiders',
    'Foxes',
    'Giants',
    'Reapers',
    'Dragons',
    'Squad',
    'Esports',
    'Gaming',
    'Five',
    'Wolves',
  ],
];

/** Championship names per kind of sport: [name, is top, tier]. */
export const CHAMP_NAMES = {
  league: [
    [['Premier League', 'Премьер-лига'], true],
    [['First Division', 'Первый дивизион'], false],
  ],
  tennis: [
    [['Masters', 'Мастерс'], true],
    [['Open', 'Опен'], false],
    [['Challenger', 'Челленджер'], false],
    [['ITF Futures', 'ITF Фьючерс'], false],
  ],
  esports: [
    [['Major', 'Мейджор'], true],
    [['Pro League', 'Про-лига'], false],
    [['Open Cup', 'Открытый кубок'], false],
  ],
  fight: [
    [['Fight Night', 'Вечер боёв'], true],
    [['Championship', 'Чемпионат'], false],
  ],
  virtual: [[['Virtual League', 'Виртуальная лига'], false]],
} as const satisfies Record<string, readonly (readonly [Pair, boolean])[]>;
