import { joined, type Word, wordsOf } from './letters.js';

/**
 * Towns (docs/matching.md, "Towns"): Saint and its abbreviations read as one word, and the names
 * a town goes by in the served languages are one town. The table holds the capitals and the towns
 * of more than 200,000 people of the served countries whose names differ between languages, and
 * the bilingual towns of Belgium, Switzerland and Finland, by country; each line lists one town's
 * names, the register's spelling first. A line holds only for its country's numbers: the French
 * Vienne, Valence and Cassel are no Wien, València or Kassel. Names that differ only in their
 * letters (München / Muenchen) need no line: the letters compare equal already.
 */
const TOWNS: Readonly<Record<string, readonly string[]>> = {
  AT: ['Wien|Vienna|Vienne|Viena|Wenen|Wiedeń|Vídeň|Bécs'],
  CH: [
    'Zürich|Zurich|Zurigo|Zúrich|Zurych',
    'Genève|Geneva|Genf|Ginevra|Ginebra|Genewa',
    'Basel|Bâle|Basilea|Basle|Bazylea',
    'Bern|Berne|Berna',
    'Lausanne|Losanna',
    'Luzern|Lucerne|Lucerna',
    'St. Gallen|Saint-Gall|San Gallo',
    'Biel|Bienne',
    'Fribourg|Freiburg im Üechtland',
    'Sion|Sitten',
    'Neuchâtel|Neuenburg',
  ],
  BE: [
    'Bruxelles|Brussel|Brussels|Brüssel|Bruselas|Bruxelas|Bruksela|Brusel|Bruxel·les',
    'Antwerpen|Anvers|Antwerp|Amberes|Anversa|Antwerpia',
    'Gent|Gand|Ghent|Gante',
    'Liège|Luik|Lüttich|Lieja',
    'Leuven|Louvain|Löwen|Lovaina',
    'Mons|Bergen (Henegouwen)',
    // the municipalities of the Brussels-Capital Region whose French and Dutch names differ
    'Ixelles|Elsene',
    'Auderghem|Oudergem',
    'Berchem-Sainte-Agathe|Sint-Agatha-Berchem',
    'Forest|Vorst',
    'Molenbeek-Saint-Jean|Sint-Jans-Molenbeek',
    'Saint-Gilles|Sint-Gillis',
    'Saint-Josse-ten-Noode|Sint-Joost-ten-Node',
    'Schaerbeek|Schaarbeek',
    'Uccle|Ukkel',
    'Watermael-Boitsfort|Watermaal-Bosvoorde',
    'Woluwe-Saint-Lambert|Sint-Lambrechts-Woluwe',
    'Woluwe-Saint-Pierre|Sint-Pieters-Woluwe',
  ],
  NL: [
    "'s-Hertogenbosch|Den Bosch|Hertogenbosch|Bois-le-Duc",
    "Den Haag|'s-Gravenhage|The Hague|La Haye|L'Aia|La Haya|Haga|Den Haag",
  ],
  LU: ['Luxembourg|Luxemburg|Lëtzebuerg|Lussemburgo|Luxemburgo'],
  DE: [
    'Berlin|Berlino|Berlín|Berlijn|Berlim',
    'Hamburg|Hambourg|Amburgo|Hamburgo',
    'München|Munich|Monaco di Baviera|Múnich|Munique|Monachium|Mnichov|Munchen',
    'Köln|Cologne|Colonia|Keulen|Kolonia|Kolín nad Rýnem',
    'Frankfurt am Main|Frankfurt a. M.|Frankfurt/Main|Frankfurt (Main)|Frankfurt a.M.|Francfort-sur-le-Main|Francoforte sul Meno|Fráncfort del Meno',
    'Stuttgart|Stoccarda',
    'Leipzig|Lipsia|Lipsk',
    'Dresden|Dresde|Drezno|Drážďany',
    'Hannover|Hanover|Hanovre|Hanower',
    'Nürnberg|Nuremberg|Norimberga|Núremberg|Norymberga',
    'Braunschweig|Brunswick',
    'Aachen|Aix-la-Chapelle|Aquisgrana|Aquisgrán|Akwizgran|Cáchy',
    'Mainz|Mayence|Magonza|Moguncja',
    'Regensburg|Ratisbonne|Ratisbona',
    'Koblenz|Coblence|Coblenza',
    'Freiburg im Breisgau|Freiburg i. Br.|Fribourg-en-Brisgau',
    'Bremen|Brême|Brema',
    'Kassel|Cassel',
    'Saarbrücken|Sarrebruck',
    'Mülheim an der Ruhr|Mülheim a. d. Ruhr',
    'Halle (Saale)|Halle/Saale|Halle an der Saale',
  ],
  FR: [
    'Paris|Parigi|Paryż|Paříž|Párizs|París',
    'Marseille|Marseilles|Marsiglia|Marsella|Marsylia|Marselha',
    'Lyon|Lyons|Lione|Lyón',
    'Toulouse|Tolosa',
    'Nice|Nizza|Niza',
    'Strasbourg|Straßburg|Strassburg|Estrasburgo|Strasburgo|Strasburg',
    'Bordeaux|Burdeos|Bordéus',
    'Lille|Rijsel',
  ],
  IT: [
    'Roma|Rome|Rom|Rzym|Řím',
    'Milano|Milan|Mailand|Milán|Mediolan|Milão|Milaan',
    'Napoli|Naples|Neapel|Nápoles|Neapol|Nápoly',
    'Torino|Turin|Turyn|Turín|Turijn',
    'Genova|Genoa|Genua|Gênes|Génova',
    'Firenze|Florence|Florenz|Florencia|Florencja|Florença|Florencie',
    'Venezia|Venice|Venedig|Venise|Venecia|Wenecja|Benátky',
    'Bologna|Bologne|Bolonia|Bolonha',
    'Padova|Padua|Padoue',
    'Verona|Vérone|Werona',
    'Trieste|Triest',
    'Messina|Messine',
    'Siracusa|Syracuse|Syrakus',
  ],
  ES: [
    'Sevilla|Seville|Séville|Siviglia|Sewilla|Sevilha',
    'Zaragoza|Saragossa|Saragosse',
    'València|Valencia|Valence|Walencja',
    'A Coruña|La Coruña|Corunna|La Corogne',
    'Bilbao|Bilbo',
    'Donostia-San Sebastián|San Sebastián|Donostia|Saint-Sébastien',
    'Vitoria-Gasteiz|Vitoria|Gasteiz',
    'Alicante|Alacant',
    'Elche|Elx',
    'Gijón|Xixón',
    'Córdoba|Cordova|Cordoue',
    'Palma|Palma de Mallorca',
    'Las Palmas de Gran Canaria|Las Palmas',
    "L'Hospitalet de Llobregat|Hospitalet de Llobregat",
    'Santa Cruz de Tenerife|Sta. Cruz de Tenerife',
  ],
  PT: ['Lisboa|Lisbon|Lissabon|Lisbonne|Lisbona|Lizbona|Lisabon', 'Porto|Oporto'],
  PL: [
    'Warszawa|Warsaw|Warschau|Varsovie|Varsavia|Varsovia|Varšava|Varsó|Varsóvia',
    'Kraków|Cracow|Krakau|Cracovie|Cracovia|Krakkó',
    'Łódź|Lodsch',
    'Wrocław|Breslau|Breslavia',
    'Poznań|Posen',
    'Gdańsk|Danzig|Dantzig|Danzica',
    'Szczecin|Stettin',
    'Bydgoszcz|Bromberg',
    'Katowice|Kattowitz',
  ],
  CZ: ['Praha|Prague|Prag|Praga|Praag|Prága', 'Brno|Brünn', 'Ostrava|Ostrau'],
  SK: ['Bratislava|Pressburg|Pozsony|Presburgo', 'Košice|Kaschau|Kassa'],
  HU: ['Budapest|Budapeszt|Budapešť'],
  RO: [
    'București|Bucharest|Bukarest|Bucarest|Bucareste|Bukareszt|Bukurešť',
    'Cluj-Napoca|Klausenburg|Kolozsvár',
    'Timișoara|Temeswar|Temesvár',
    'Iași|Jassy',
    'Constanța|Konstanza',
    'Brașov|Kronstadt|Brassó',
    'Galați|Galatz',
  ],
  BG: ['София|Sofia|Sofija|Sofie|Sofiya', 'Пловдив|Plovdiv|Philippopolis'],
  SI: ['Ljubljana|Laibach|Lubiana|Liubliana|Lublana', 'Maribor|Marburg an der Drau'],
  HR: ['Zagreb|Agram|Zágráb'],
  EL: [
    'Αθήνα|Athina|Athens|Athen|Athènes|Atene|Atenas|Ateny|Athény|Athinai',
    'Θεσσαλονίκη|Thessaloniki|Salonica|Salonika|Saloniki|Thessalonique|Salonicco|Tesalónica|Soluň',
    'Πειραιάς|Piraeus|Pirée|Piräus|Pireo|Pireas',
    'Πάτρα|Patra|Patras',
    'Ηράκλειο|Heraklion|Iraklio|Iraklion',
  ],
  CY: ['Λευκωσία|Lefkosia|Nicosia|Nikosia|Lefkoşa', 'Λεμεσός|Lemesos|Limassol'],
  DK: ['København|Copenhagen|Kopenhagen|Copenhague|Copenaghen|Kopenhaga|Koppenhága|Kodaň', 'Aarhus|Århus'],
  SE: ['Göteborg|Gothenburg|Gotemburgo|Göteborg', 'Stockholm|Estocolmo|Sztokholm|Stoccolma'],
  FI: ['Helsinki|Helsingfors', 'Espoo|Esbo', 'Vantaa|Vanda', 'Tampere|Tammerfors', 'Turku|Åbo'],
  NO: ['Trondheim|Drontheim'],
  EE: ['Tallinn|Reval|Tallin'],
  LV: ['Rīga|Ryga'],
  LT: ['Vilnius|Wilno|Wilna|Vilna', 'Kaunas|Kowno|Kauen'],
  IE: ['Dublin|Baile Átha Cliath|Dublino|Dublín', 'Cork|Corcaigh'],
  MT: ['Valletta|Il-Belt Valletta|La Valette|La Valeta'],
  GB: [
    'London|Londres|Londra|Londen|Londyn|Londýn',
    'Edinburgh|Édimbourg|Edimburgo|Edynburg|Dùn Èideann',
    'Cardiff|Caerdydd',
    'Swansea|Abertawe',
    'Belfast|Béal Feirste',
    'Kingston upon Hull|Hull',
  ],
};

/**
 * Towns made of others that customers name by the whole, by country: the 19 municipalities of the
 * Brussels-Capital Region, often written `Bruxelles`. The whole against one of its parts is the
 * same place, but not certainly the same town: `partial`.
 */
const TOWN_PARTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  BE: {
    Bruxelles: [
      'Anderlecht',
      'Auderghem',
      'Berchem-Sainte-Agathe',
      'Etterbeek',
      'Evere',
      'Forest',
      'Ganshoren',
      'Ixelles',
      'Jette',
      'Koekelberg',
      'Molenbeek-Saint-Jean',
      'Saint-Gilles',
      'Saint-Josse-ten-Noode',
      'Schaerbeek',
      'Uccle',
      'Watermael-Boitsfort',
      'Woluwe-Saint-Lambert',
      'Woluwe-Saint-Pierre',
    ],
  },
};

/**
 * The districts a town's postcode names, by country: Paris, Lyon and Marseille number their
 * arrondissements in the last digits of the postcode (`75008` is Paris 8e, `13002` Marseille 2e;
 * Paris 16e also has `75116`); Vienna its Bezirke in the middle two of `1XX0` (`1030` is Wien 3);
 * Budapest its kerületek in the middle two of `1XXY` (`1061` is the VI.); Prague its ten postal
 * districts in the second digit (`110 00` is Praha 1, `101 00` Praha 10); Bucharest its sectors in
 * the second digit (`010061` is Sector 1). Each entry: the town, the postcode with the district's
 * digits in its one group, the highest district, and the district the digits `0` stand for.
 */
const POSTCODE_DISTRICTS: Readonly<
  Record<string, ReadonlyArray<readonly [town: string, postcode: RegExp, count: number, zero?: number]>>
> = {
  FR: [
    ['Paris', /^750(\d\d)$/, 20],
    ['Lyon', /^6900(\d)$/, 9],
    ['Marseille', /^130(\d\d)$/, 16],
  ],
  AT: [['Wien', /^1(\d\d)\d$/, 23]],
  HU: [['Budapest', /^1(\d\d)\d$/, 23]],
  CZ: [['Praha', /^1(\d)\d{3}$/, 10, 10]],
  RO: [['București', /^0(\d)\d{4}$/, 6]],
};
const SECOND_POSTCODES: Readonly<Record<string, string>> = { '75116': '16' };

/** POSTCODE_DISTRICTS with each town's name run together, read on first use. */
let districtTowns: ReadonlyMap<string, ReadonlyArray<readonly [string, RegExp, number, number?]>> | undefined;

/** The district the registered postcode names in its town (`8` for `75008 PARIS`), if the country numbers them so. */
export function districtOfPostcode(
  town: readonly Word[],
  postcode: string | null,
  countryCode: string,
): string {
  if (!(countryCode in POSTCODE_DISTRICTS) || postcode === null) return '';
  districtTowns ??= new Map(
    Object.entries(POSTCODE_DISTRICTS).map(([country, towns]) => [
      country,
      towns.map(([city, ...rest]) => [joined(townWords(city)).plain, ...rest] as const),
    ]),
  );
  const name = joined(town).plain;
  for (const [city, code, count, zero] of districtTowns.get(countryCode) ?? []) {
    if (city !== name) continue;
    const digits = SECOND_POSTCODES[postcode] ?? code.exec(postcode)?.[1];
    if (digits === undefined) return '';
    const number = Number(digits) || zero || 0;
    return number >= 1 && number <= count ? String(number) : '';
  }
  return '';
}

/** A town's line in the country's table, or its name run together when the table lacks it. */
function placeOf(words: readonly Word[], countryCode: string): number | string {
  return townLine(words, countryCode) ?? joined(words).plain;
}

/** TOWN_PARTS as places (placeOf), read on first use. */
let townParts:
  | ReadonlyMap<string, ReadonlyArray<{ whole: number | string; parts: ReadonlySet<number | string> }>>
  | undefined;

/** One town is the whole the other is a part of (`Bruxelles` / `Etterbeek`), in the country's table. */
export function partOfTown(a: readonly Word[], b: readonly Word[], countryCode: string): boolean {
  if (!(countryCode in TOWN_PARTS)) return false;
  townParts ??= new Map(
    Object.entries(TOWN_PARTS).map(([country, wholes]) => [
      country,
      Object.entries(wholes).map(([whole, names]) => ({
        whole: placeOf(townWords(whole), country),
        parts: new Set(names.map((name) => placeOf(townWords(name), country))),
      })),
    ]),
  );
  const [x, y] = [placeOf(a, countryCode), placeOf(b, countryCode)];
  return (townParts.get(countryCode) ?? []).some(
    ({ whole, parts }) => (x === whole && parts.has(y)) || (y === whole && parts.has(x)),
  );
}

/** Saint and its abbreviations and translations, read as one word. */
const SAINTS: ReadonlySet<string> = new Set(
  'st ste saint sainte sankt sint s sta santa san sao santo sv sveti sveta szent'.split(' '),
);

export function saintly(word: Word): Word {
  return SAINTS.has(word.plain) ? { plain: 'saint', spelled: 'saint' } : word;
}

/** A town's words as compared: Saint read as one word. */
export function townWords(text: string): Word[] {
  return wordsOf(text).map(saintly);
}

const townKey = (words: readonly Word[]) => joined(words);

/** Per country, each name of a town run together in both readings → the town's line. */
const TOWN_LINES: ReadonlyMap<string, ReadonlyMap<string, number>> = (() => {
  const byCountry = new Map<string, Map<string, number>>();
  for (const [country, towns] of Object.entries(TOWNS)) {
    const lines = new Map<string, number>();
    towns.forEach((line, index) => {
      for (const name of line.split('|')) {
        const key = townKey(townWords(name));
        lines.set(key.plain, index);
        lines.set(key.spelled, index);
      }
    });
    byCountry.set(country, lines);
  }
  return byCountry;
})();

/** The line of the country's town table a name is on, or undefined (Northern Ireland's is the United Kingdom's). */
export function townLine(words: readonly Word[], countryCode: string): number | undefined {
  const lines = TOWN_LINES.get(countryCode === 'XI' ? 'GB' : countryCode);
  if (!lines) return undefined;
  const key = townKey(words);
  return lines.get(key.plain) ?? lines.get(key.spelled);
}
