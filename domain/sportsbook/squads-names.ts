/**
 * Name material for the simulated squads: given names and surnames per language region, each in
 * both shipped languages ("Latin/Cyrillic"). Invented combinations, not real players.
 */

export type NameRegion =
  | 'en'
  | 'es'
  | 'pt'
  | 'de'
  | 'nl'
  | 'it'
  | 'fr'
  | 'ru'
  | 'tr'
  | 'ja'
  | 'ko'
  | 'zh'
  | 'id';

export interface RegionNames {
  given: readonly (readonly [en: string, ru: string])[];
  surnames: readonly (readonly [en: string, ru: string])[];
}

/** "Latin/Cyrillic, Latin/Cyrillic, …" into pairs. */
const pairs = (list: string) =>
  list.split(',').map((item) => {
    const [en, ru] = item.trim().split('/');
    return [en!, ru!] as const;
  });

export const REGION_NAMES: Readonly<Record<NameRegion, RegionNames>> = {
  en: {
    given: pairs(
      'James/Джеймс, Oliver/Оливер, Harry/Гарри, Jack/Джек, George/Джордж, Thomas/Томас, William/Уильям, Daniel/Дэниел, Ryan/Райан, Luke/Люк, Michael/Майкл, Connor/Коннор, Samuel/Сэмюэл, Ben/Бен',
    ),
    surnames: pairs(
      'Smith/Смит, Jones/Джонс, Taylor/Тейлор, Brown/Браун, Wilson/Уилсон, Evans/Эванс, Walker/Уокер, Wright/Райт, Hughes/Хьюз, Clarke/Кларк, Turner/Тёрнер, Hill/Хилл, Cooper/Купер, Ward/Уорд, Morris/Моррис, Baker/Бейкер, Carter/Картер, Mitchell/Митчелл, Parker/Паркер, Bennett/Беннетт, Foster/Фостер, Barnes/Барнс, Reid/Рид, Murphy/Мёрфи, Kelly/Келли, Lawson/Лоусон, Porter/Портер, Shaw/Шоу',
    ),
  },
  es: {
    given: pairs(
      'Carlos/Карлос, Javier/Хавьер, Diego/Диего, Pablo/Пабло, Sergio/Серхио, Alejandro/Алехандро, Miguel/Мигель, Raúl/Рауль, Andrés/Андрес, Luis/Луис, Jorge/Хорхе, Iván/Иван, Mateo/Матео, Fernando/Фернандо',
    ),
    surnames: pairs(
      'García/Гарсия, Martínez/Мартинес, López/Лопес, Sánchez/Санчес, Pérez/Перес, Gómez/Гомес, Fernández/Фернандес, Rodríguez/Родригес, Díaz/Диас, Moreno/Морено, Álvarez/Альварес, Romero/Ромеро, Navarro/Наварро, Torres/Торрес, Ramírez/Рамирес, Ruiz/Руис, Castro/Кастро, Ortega/Ортега, Vargas/Варгас, Herrera/Эррера, Medina/Медина, Rojas/Рохас, Molina/Молина, Suárez/Суарес, Delgado/Дельгадо, Acosta/Акоста, Cabrera/Кабрера, Vega/Вега',
    ),
  },
  pt: {
    given: pairs(
      'João/Жуан, Pedro/Педру, Lucas/Лукас, Gabriel/Габриэл, Rafael/Рафаэл, Thiago/Тиагу, Bruno/Бруну, Diogo/Диогу, André/Андре, Vinícius/Винисиус, Rodrigo/Родригу, Felipe/Фелипе, Gustavo/Густаву, Mateus/Матеус',
    ),
    surnames: pairs(
      'Silva/Силва, Santos/Сантос, Oliveira/Оливейра, Souza/Соуза, Pereira/Перейра, Costa/Коста, Ferreira/Феррейра, Almeida/Алмейда, Ribeiro/Рибейру, Carvalho/Карвалью, Gomes/Гомес, Martins/Мартинс, Rocha/Роша, Barbosa/Барбоза, Lima/Лима, Araújo/Араужу, Cardoso/Кардозу, Teixeira/Тейшейра, Moreira/Морейра, Mendes/Мендес, Nunes/Нунес, Pinto/Пинту, Correia/Коррейя, Fonseca/Фонсека, Lopes/Лопес, Monteiro/Монтейру, Cunha/Кунья, Batista/Батиста',
    ),
  },
  de: {
    given: pairs(
      'Lukas/Лукас, Jonas/Йонас, Leon/Леон, Felix/Феликс, Maximilian/Максимилиан, Paul/Пауль, Niklas/Никлас, Tim/Тим, Jan/Ян, Florian/Флориан, Kai/Кай, Moritz/Мориц, Tobias/Тобиас, Julian/Юлиан',
    ),
    surnames: pairs(
      'Müller/Мюллер, Schmidt/Шмидт, Schneider/Шнайдер, Fischer/Фишер, Weber/Вебер, Meyer/Майер, Wagner/Вагнер, Becker/Беккер, Schulz/Шульц, Hoffmann/Хоффман, Koch/Кох, Richter/Рихтер, Klein/Кляйн, Wolf/Вольф, Neumann/Нойман, Schwarz/Шварц, Zimmermann/Циммерман, Braun/Браун, Krüger/Крюгер, Hartmann/Хартман, Lange/Ланге, Werner/Вернер, Krause/Краузе, Lehmann/Леман, Kaiser/Кайзер, Fuchs/Фукс, Vogel/Фогель, Brandt/Брандт',
    ),
  },
  nl: {
    given: pairs(
      'Daan/Дан, Sem/Сем, Lars/Ларс, Bram/Брам, Thijs/Тейс, Ruben/Рубен, Jesse/Йессе, Stijn/Стейн, Joris/Йорис, Milan/Милан, Niels/Нилс, Wout/Ваут, Kees/Кес, Jasper/Яспер',
    ),
    surnames: pairs(
      'de Jong/де Йонг, Jansen/Янсен, de Vries/де Врис, van Dijk/ван Дейк, Bakker/Баккер, Visser/Виссер, Smit/Смит, Meijer/Мейер, de Boer/де Бур, Mulder/Мюлдер, de Groot/де Грот, Bos/Бос, Vos/Вос, Peters/Петерс, Hendriks/Хендрикс, Dekker/Деккер, Brouwer/Брауэр, de Wit/де Вит, Dijkstra/Дейкстра, Smits/Смитс, van Leeuwen/ван Леувен, Kok/Кок, Jacobs/Якобс, Vermeulen/Вермёлен, Willems/Виллемс, Koster/Костер, Prins/Принс, Huisman/Хёйсман',
    ),
  },
  it: {
    given: pairs(
      'Marco/Марко, Luca/Лука, Andrea/Андреа, Matteo/Маттео, Lorenzo/Лоренцо, Francesco/Франческо, Alessandro/Алессандро, Davide/Давиде, Simone/Симоне, Federico/Федерико, Giacomo/Джакомо, Riccardo/Риккардо, Nicolò/Николо, Stefano/Стефано',
    ),
    surnames: pairs(
      'Rossi/Росси, Russo/Руссо, Ferrari/Феррари, Esposito/Эспозито, Bianchi/Бьянки, Romano/Романо, Colombo/Коломбо, Ricci/Риччи, Marino/Марино, Greco/Греко, Bruno/Бруно, Gallo/Галло, Conti/Конти, De Luca/Де Лука, Mancini/Манчини, Costa/Коста, Giordano/Джордано, Rizzo/Риццо, Lombardi/Ломбарди, Moretti/Моретти, Barbieri/Барбьери, Fontana/Фонтана, Santoro/Санторо, Mariani/Мариани, Rinaldi/Ринальди, Caruso/Карузо, Ferrara/Феррара, Galli/Галли',
    ),
  },
  fr: {
    given: pairs(
      'Lucas/Люка, Hugo/Юго, Théo/Тео, Louis/Луи, Jules/Жюль, Antoine/Антуан, Maxime/Максим, Nathan/Натан, Clément/Клеман, Mathis/Матис, Raphaël/Рафаэль, Julien/Жюльен, Adrien/Адриен, Benjamin/Бенжамен',
    ),
    surnames: pairs(
      'Martin/Мартен, Bernard/Бернар, Dubois/Дюбуа, Thomas/Тома, Robert/Робер, Richard/Ришар, Petit/Пети, Durand/Дюран, Leroy/Леруа, Moreau/Моро, Simon/Симон, Laurent/Лоран, Lefebvre/Лефевр, Michel/Мишель, Garnier/Гарнье, Fournier/Фурнье, Girard/Жирар, Bonnet/Бонне, Dupont/Дюпон, Lambert/Ламбер, Fontaine/Фонтен, Rousseau/Руссо, Vincent/Венсан, Mercier/Мерсье, Blanc/Блан, Guérin/Герен, Faure/Фор, Chevalier/Шевалье',
    ),
  },
  ru: {
    given: pairs(
      'Alexei/Алексей, Dmitry/Дмитрий, Ivan/Иван, Sergei/Сергей, Artyom/Артём, Nikita/Никита, Maxim/Максим, Kirill/Кирилл, Denis/Денис, Roman/Роман, Pavel/Павел, Yegor/Егор, Andrei/Андрей, Mikhail/Михаил',
    ),
    surnames: pairs(
      'Ivanov/Иванов, Smirnov/Смирнов, Kuznetsov/Кузнецов, Popov/Попов, Vasilyev/Васильев, Petrov/Петров, Sokolov/Соколов, Mikhailov/Михайлов, Novikov/Новиков, Fyodorov/Фёдоров, Morozov/Морозов, Volkov/Волков, Alekseyev/Алексеев, Lebedev/Лебедев, Semyonov/Семёнов, Yegorov/Егоров, Pavlov/Павлов, Kozlov/Козлов, Stepanov/Степанов, Nikolayev/Николаев, Orlov/Орлов, Andreyev/Андреев, Makarov/Макаров, Zakharov/Захаров, Zaitsev/Зайцев, Solovyov/Соловьёв, Borisov/Борисов, Belov/Белов',
    ),
  },
  tr: {
    given: pairs(
      'Mehmet/Мехмет, Emre/Эмре, Burak/Бурак, Can/Джан, Mert/Мерт, Arda/Арда, Kerem/Керем, Oğuz/Огуз, Hakan/Хакан, Serkan/Серкан, Yusuf/Юсуф, Ozan/Озан, Cenk/Дженк, Volkan/Волкан',
    ),
    surnames: pairs(
      'Yılmaz/Йылмаз, Kaya/Кая, Demir/Демир, Şahin/Шахин, Çelik/Челик, Yıldız/Йылдыз, Yıldırım/Йылдырым, Öztürk/Озтюрк, Aydın/Айдын, Özdemir/Оздемир, Arslan/Арслан, Doğan/Доган, Kılıç/Кылыч, Aslan/Аслан, Çetin/Четин, Kara/Кара, Koç/Коч, Kurt/Курт, Özkan/Озкан, Şimşek/Шимшек, Polat/Полат, Erdem/Эрдем, Güneş/Гюнеш, Aksoy/Аксой, Tekin/Текин, Uçar/Учар, Bulut/Булут, Korkmaz/Коркмаз',
    ),
  },
  ja: {
    given: pairs(
      'Haruto/Харуто, Ren/Рэн, Sota/Сота, Yuto/Юто, Takumi/Такуми, Kaito/Кайто, Riku/Рику, Daiki/Дайки, Shota/Сёта, Kenta/Кэнта, Yuki/Юки, Hiroshi/Хироси, Takeshi/Такэси, Ryo/Рё',
    ),
    surnames: pairs(
      'Sato/Сато, Suzuki/Судзуки, Takahashi/Такахаси, Tanaka/Танака, Watanabe/Ватанабэ, Ito/Ито, Yamamoto/Ямамото, Nakamura/Накамура, Kobayashi/Кобаяси, Kato/Като, Yoshida/Ёсида, Yamada/Ямада, Sasaki/Сасаки, Yamaguchi/Ямагути, Matsumoto/Мацумото, Inoue/Иноуэ, Kimura/Кимура, Hayashi/Хаяси, Shimizu/Симидзу, Yamazaki/Ямадзаки, Mori/Мори, Ikeda/Икэда, Hashimoto/Хасимото, Ishikawa/Исикава, Ogawa/Огава, Okada/Окада, Fujita/Фудзита, Endo/Эндо',
    ),
  },
  ko: {
    given: pairs(
      'Min-jun/Мин Джун, Seo-jun/Со Джун, Ji-ho/Чи Хо, Hyun-woo/Хён У, Jae-won/Чжэ Вон, Dong-hyun/Дон Хён, Sung-min/Сон Мин, Tae-yang/Тхэ Ян, Jun-ho/Чжун Хо, Woo-jin/У Джин, Sang-woo/Сан У, Young-ho/Ён Хо, Ki-hoon/Ки Хун, Jin-su/Чжин Су',
    ),
    surnames: pairs(
      'Kim/Ким, Lee/Ли, Park/Пак, Choi/Чхве, Jung/Чон, Kang/Кан, Cho/Чо, Yoon/Юн, Jang/Чан, Lim/Лим, Han/Хан, Oh/О, Seo/Со, Shin/Син, Kwon/Квон, Hwang/Хван, Ahn/Ан, Song/Сон, Yoo/Ю, Hong/Хон, Ko/Ко, Moon/Мун, Yang/Ян, Bae/Пэ, Baek/Пэк, Heo/Хо, Nam/Нам, Noh/Но',
    ),
  },
  zh: {
    given: pairs(
      'Wei/Вэй, Hao/Хао, Lei/Лэй, Jun/Цзюнь, Peng/Пэн, Tao/Тао, Bo/Бо, Jie/Цзе, Ming/Мин, Qiang/Цян, Long/Лун, Xin/Синь, Yu/Юй, Kai/Кай',
    ),
    surnames: pairs(
      'Wang/Ван, Li/Ли, Zhang/Чжан, Liu/Лю, Chen/Чэнь, Yang/Ян, Huang/Хуан, Zhao/Чжао, Wu/У, Zhou/Чжоу, Xu/Сюй, Sun/Сунь, Ma/Ма, Zhu/Чжу, Hu/Ху, Guo/Го, He/Хэ, Gao/Гао, Lin/Линь, Luo/Ло, Zheng/Чжэн, Liang/Лян, Xie/Се, Song/Сун, Tang/Тан, Han/Хань, Feng/Фэн, Deng/Дэн',
    ),
  },
  id: {
    given: pairs(
      'Budi/Буди, Agus/Агус, Rizky/Ризки, Dimas/Димас, Fajar/Фаджар, Andi/Анди, Bayu/Баю, Eko/Эко, Hendra/Хендра, Yoga/Йога, Arif/Ариф, Dwi/Дви, Reza/Реза, Teguh/Тегух',
    ),
    surnames: pairs(
      'Santoso/Сантосо, Wijaya/Виджая, Saputra/Сапутра, Pratama/Пратама, Setiawan/Сетиаван, Hidayat/Хидаят, Nugroho/Нугрохо, Kurniawan/Курниаван, Susanto/Сусанто, Gunawan/Гунаван, Siregar/Сирегар, Hakim/Хаким, Wibowo/Вибово, Purnomo/Пурномо, Halim/Халим, Lubis/Лубис, Nasution/Насутион, Putra/Путра, Sitompul/Ситомпул, Rahman/Рахман, Firmansyah/Фирмансях, Ramadhan/Рамадан, Simanjuntak/Симанджунтак, Utomo/Утомо, Syahputra/Сяхпутра, Irawan/Ираван, Sembiring/Сембиринг, Maulana/Маулана',
    ),
  },
};

/** The language region of a country of the simulated world (its code); null: a mixed squad. */
export const COUNTRY_REGIONS: Readonly<Record<string, NameRegion>> = {
  EN: 'en',
  US: 'en',
  AU: 'en',
  NZ: 'en',
  ES: 'es',
  AR: 'es',
  MX: 'es',
  CO: 'es',
  BR: 'pt',
  PT: 'pt',
  DE: 'de',
  NL: 'nl',
  IT: 'it',
  FR: 'fr',
  RU: 'ru',
  TR: 'tr',
  JP: 'ja',
  KR: 'ko',
  CN: 'zh',
  ID: 'id',
};

/**
 * Esports handles: a player of Dota 2 or League of Legends is known by one, the same in every
 * language (invented, not real players').
 */
export const HANDLES: readonly string[] = (
  'Akira, Ashen, Blaze, Bluff, Boreal, Cinder, Cobalt, Crux, Daxter, Drift, Ember, Echo, Fable, ' +
  'Falcon, Flux, Frost, Gale, Ghost, Glint, Grim, Haze, Hex, Ion, Jinx, Juno, Kairo, Kestrel, Kite, ' +
  'Lark, Lumen, Lynx, Mako, Maverick, Mirage, Mist, Nadir, Nova, Nyx, Onyx, Orbit, Pike, Pixel, ' +
  'Prism, Pulse, Quill, Raze, Relic, Rift, Rook, Rune, Sable, Shade, Shiro, Sigil, Skarn, Slate, ' +
  'Sparrow, Spectre, Storm, Talon, Tempo, Thorn, Torque, Umbra, Vanta, Vex, Volt, Vortex, Warden, ' +
  'Wisp, Xeno, Yuki, Zane, Zenith, Zephyr, kyo, n0va, mirai, bLitz, Sn1per, xKill, R4ven, D3mon, ' +
  'Tsubaki, Hanzo, Mozgi, Shustry, Volkov, Beryl, Kaiser, Arcane, Bastion, Brisk, Cairn, Chimera, ' +
  'Cipher, Comet, Corvid, Dune, Eclipse, Fenrir, Flicker, Gambit, Glacier, Halcyon, Harbinger, ' +
  'Helix, Hollow, Iris, Jolt, Kappa, Karma, Kodiak, Laser, Loki, Lotus, Lucid, Magma, Mantis, Merlin, ' +
  'Monsoon, Nimbus, Oberon, Omen, Oracle, Paladin, Phantom, Quasar, Quartz, Radix, Ragnar, Raptor, ' +
  'Reverie, Ronin, Saber, Scythe, Seraph, Shogun, Sirocco, Solstice, Sorrow, Specter, Stoic, Sylph, ' +
  'Tundra, Typhoon, Valor, Viper, Vesper, Wraith, Yeti, Zealot, Zodiac, Akuma, Tessel, Hikari, Kenji, ' +
  'Mugen, Ryuu, Sora, Taiga, Yami, Jiho, Minsu, Seong, Doyun, Haoran, Xiaolong, Feng, Lei, Tao, Bora, ' +
  'Kiro, Moro, Luka, Ilya, Artyom, Dimka, Sanya, Grisha, Rasko, Velo, Brine, Kasan, Nomad'
).split(', ');
