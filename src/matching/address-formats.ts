/**
 * How each served country writes an address (docs/matching.md, "Addresses"), as data: its
 * postcode, the languages of its street words, and the words of its registers that mark a county
 * or a district rather than a town. address.ts and streets.ts read these tables; every word is
 * written as it reads folded (lower-case ASCII, letters.ts).
 */

export interface PostcodeFormat {
  /** The postcode as written, without a country prefix (case-insensitive; spaces and hyphens as written). */
  written: string;
  /** The postcode run together (spaces and hyphens out, upper case). */
  whole: RegExp;
  /** A shorter form that names the area only (a GB outward code, the digits of a Dutch postcode). */
  area?: RegExp;
}

export type StreetLanguage =
  | 'de'
  | 'nl'
  | 'fr'
  | 'it'
  | 'es'
  | 'pt'
  | 'pl'
  | 'cs'
  | 'sk'
  | 'hu'
  | 'ro'
  | 'bg'
  | 'el'
  | 'sv'
  | 'no'
  | 'da'
  | 'fi'
  | 'et'
  | 'lv'
  | 'lt'
  | 'sl'
  | 'hr'
  | 'en'
  | 'mt';

export interface AddressFormat {
  postcode: PostcodeFormat | null;
  languages: readonly StreetLanguage[];
  /** The register may leave the postcode out (Irish addresses without an Eircode, Romanian VIES lines). */
  postcodeOptional?: boolean;
  /** `138/10` gives two numbers of one house (Czech and Slovak descriptive/orientation numbers). */
  slashAlternatives?: boolean;
  /**
   * `10/12` may be flat 12 of house 10 or the one house numbered 10/12 (Polish): a part after the
   * slash on one side only is then `partial`, not the same house for certain.
   */
  slashMayJoinHouses?: boolean;
  /** The register holds no street or town at all, only the postcode (ABN Lookup: state and postcode). */
  postcodeOnly?: boolean;
  /** Streets named in two languages, whose street words translate (Belgium: French and Dutch). */
  bilingual?: BilingualStreets;
}

/**
 * A country whose streets are named in two languages (Belgium: French and Dutch; in the
 * Brussels-Capital Region every street has both names, and a register may hold either).
 */
export interface BilingualStreets {
  languages: readonly [StreetLanguage, StreetLanguage];
  /** Street words of the one language and the other that name one kind of street (`rue` / `straat`). */
  sameKinds: ReadonlyArray<readonly [string, string]>;
  /** A word of the second language that stands for several of the first's (`laan`: `avenue` or `boulevard`). */
  eitherKinds: ReadonlyArray<readonly [readonly string[], string]>;
  /** Postcodes of the area where every street has both names (Brussels-Capital: 1000 to 1299). */
  bothNamesIn: RegExp;
  /** Streets of that area whose names differ beyond their street word, as `French|Dutch`. */
  streets: readonly string[];
}

/**
 * Brussels streets whose French and Dutch names cannot be derived from each other (the proper name
 * is translated: `Loi` / `Wet`), from the region's official bilingual street names.
 */
const BRUSSELS_STREETS: readonly string[] = [
  'Rue de la Loi|Wetstraat',
  'Avenue Louise|Louizalaan',
  'Chaussée de Wavre|Waversesteenweg',
  'Rue Royale|Koningsstraat',
  'Place Royale|Koningsplein',
  'Rue Neuve|Nieuwstraat',
  'Rue de la Régence|Regentschapsstraat',
  'Boulevard du Régent|Regentlaan',
  'Avenue des Arts|Kunstlaan',
  'Boulevard du Jardin Botanique|Kruidtuinlaan',
  'Chaussée d’Ixelles|Elsensesteenweg',
  'Chaussée de Charleroi|Charleroisesteenweg',
  'Chaussée de Louvain|Leuvensesteenweg',
  'Chaussée de Waterloo|Waterloosesteenweg',
  'Chaussée de Gand|Gentsesteenweg',
  'Chaussée de Haecht|Haachtsesteenweg',
  'Avenue de Tervueren|Tervurenlaan',
  'Avenue de la Toison d’Or|Guldenvlieslaan',
  'Rue du Marché aux Herbes|Grasmarkt',
  'Place de la Monnaie|Muntplein',
  'Rue de Trèves|Trierstraat',
  'Rue des Colonies|Koloniënstraat',
  'Boulevard Charlemagne|Karel de Grotelaan',
  'Rue Haute|Hoogstraat',
  'Grand-Place|Grote Markt',
];

const BELGIUM: BilingualStreets = {
  languages: ['fr', 'nl'],
  sameKinds: [
    ['rue', 'straat'],
    ['chaussee', 'steenweg'],
    ['place', 'plein'],
    ['quai', 'kaai'],
    ['chemin', 'weg'],
  ],
  eitherKinds: [[['avenue', 'boulevard'], 'laan']],
  bothNamesIn: /^1[0-2]\d\d$/,
  streets: BRUSSELS_STREETS,
};

const digits = (count: number): PostcodeFormat => ({
  written: `\\d{${count}}`,
  whole: new RegExp(`^\\d{${count}}$`),
});
const split3and2: PostcodeFormat = { written: '\\d{3} ?\\d{2}', whole: /^\d{5}$/ };
const british: PostcodeFormat = {
  written: '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}',
  whole: /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/,
  area: /^[A-Z]{1,2}\d[A-Z\d]?$/,
};

export const ADDRESS_FORMATS: Readonly<Record<string, AddressFormat>> = {
  AT: { postcode: digits(4), languages: ['de'] },
  AU: { postcode: digits(4), languages: ['en'], postcodeOnly: true },
  BE: { postcode: digits(4), languages: ['fr', 'nl', 'de'], bilingual: BELGIUM },
  BG: { postcode: digits(4), languages: ['bg'] },
  CH: { postcode: digits(4), languages: ['de', 'fr', 'it'] },
  CY: { postcode: digits(4), languages: ['el', 'en'] },
  CZ: { postcode: split3and2, languages: ['cs'], slashAlternatives: true },
  DE: { postcode: digits(5), languages: ['de'] },
  DK: { postcode: digits(4), languages: ['da'] },
  EE: { postcode: digits(5), languages: ['et'] },
  EL: { postcode: split3and2, languages: ['el'] },
  ES: { postcode: digits(5), languages: ['es'] },
  FI: { postcode: digits(5), languages: ['fi', 'sv'] },
  FR: { postcode: { written: '\\d{2} ?\\d{3}', whole: /^\d{5}$/ }, languages: ['fr'] },
  GB: { postcode: british, languages: ['en'] },
  HR: { postcode: digits(5), languages: ['hr'] },
  HU: { postcode: digits(4), languages: ['hu'] },
  IE: {
    postcode: {
      written: '[AC-FHKNPRTV-Y]\\d[\\dW] ?[\\dAC-FHKNPRTV-Y]{4}',
      whole: /^[AC-FHKNPRTV-Y]\d[\dW][\dAC-FHKNPRTV-Y]{4}$/,
      area: /^[AC-FHKNPRTV-Y]\d[\dW]$/,
    },
    languages: ['en'],
    postcodeOptional: true,
  },
  IT: { postcode: digits(5), languages: ['it'] },
  LI: { postcode: digits(4), languages: ['de'] },
  LT: { postcode: digits(5), languages: ['lt'] },
  LU: { postcode: digits(4), languages: ['fr', 'de'] },
  LV: { postcode: digits(4), languages: ['lv'] },
  MT: { postcode: { written: '[A-Z]{3} ?\\d{4}', whole: /^[A-Z]{3}\d{4}$/ }, languages: ['en', 'mt'] },
  NL: {
    postcode: { written: '\\d{4} ?[A-Z]{2}', whole: /^\d{4}[A-Z]{2}$/, area: /^\d{4}$/ },
    languages: ['nl'],
  },
  NO: { postcode: digits(4), languages: ['no'] },
  PL: {
    postcode: { written: '\\d{2}-\\d{3}', whole: /^\d{5}$/ },
    languages: ['pl'],
    slashMayJoinHouses: true,
  },
  PT: { postcode: { written: '\\d{4}-\\d{3}', whole: /^\d{7}$/, area: /^\d{4}$/ }, languages: ['pt'] },
  RO: { postcode: digits(6), languages: ['ro'], postcodeOptional: true },
  SE: { postcode: split3and2, languages: ['sv'] },
  SI: { postcode: digits(4), languages: ['sl'] },
  SK: { postcode: split3and2, languages: ['sk'], slashAlternatives: true },
};

/** The format of a country's addresses (Northern Ireland writes British ones). */
export function addressFormatOf(countryCode: string): AddressFormat | undefined {
  return ADDRESS_FORMATS[countryCode === 'XI' ? 'GB' : countryCode];
}

/**
 * Street words by language: each kind of street (`strasse`, `rue`, `ulica`) with the other
 * spellings that stand for it (abbreviations without their dot), and the kinds written at the end
 * of a one-word street name (`Hauptstraße`, `Drottninggatan`) with the abbreviations that stand
 * for them there only when followed by a dot (`Hauptstr.`, `Drottningg.`).
 */
export interface StreetWords {
  /** Spelling → kind. */
  words: ReadonlyMap<string, string>;
  suffixes: ReadonlyArray<{ kind: string; written: readonly string[]; abbreviated: readonly string[] }>;
}

/**
 * `words`: entries `kind=spelling,spelling` (the kind is also its own spelling); `suffixes`:
 * entries `kind=written,written/abbreviation,abbreviation`.
 */
function streetWords(words: string, suffixes = ''): StreetWords {
  const table = new Map<string, string>();
  for (const entry of words.split(' ')) {
    const [kind, others = ''] = entry.split('=');
    for (const spelling of [kind, ...others.split(',').filter(Boolean)]) table.set(spelling, kind);
  }
  const endings = suffixes
    .split(' ')
    .filter(Boolean)
    .map((entry) => {
      const [kind, rest] = entry.split('=');
      const [written, abbreviated = ''] = rest.split('/');
      return { kind, written: written.split(','), abbreviated: abbreviated.split(',').filter(Boolean) };
    });
  return { words: table, suffixes: endings };
}

export const STREET_WORDS: Readonly<Record<StreetLanguage, StreetWords>> = {
  de: streetWords(
    'strasse=str gasse platz=pl weg allee ring damm',
    'strasse=strasse/str gasse=gasse/g platz=platz/pl weg=weg allee=allee',
  ),
  nl: streetWords(
    'straat=str laan=ln weg plein=pl gracht=gr kade=kd kaai steenweg=stwg singel',
    'straat=straat/str laan=laan/ln steenweg=steenweg/stwg weg=weg plein=plein gracht=gracht/gr kade=kade kaai=kaai',
  ),
  fr: streetWords(
    'rue=r avenue=av,ave boulevard=bd,bld,blvd,boul place=pl chemin=ch,chem route=rte impasse=imp allee=all quai square=sq faubourg=fg,fbg cours passage esplanade',
  ),
  it: streetWords(
    'via=v viale=vle piazza=pza,pzza,p piazzale corso=cso largo=lgo vicolo=vic strada=str lungomare',
  ),
  es: streetWords(
    'calle=c,cl,carrer,rua avenida=av,avda,avd,avinguda plaza=pza,pl,placa paseo=po,passeig carretera=ctra ronda=rda travesia camino glorieta=gta',
  ),
  pt: streetWords('rua=r avenida=av praca=pc,pca largo=lg travessa=tv,trav estrada=estr alameda=al calcada'),
  pl: streetWords('ulica=ul aleja=aleje,al plac=pl osiedle=os rondo'),
  cs: streetWords('ulice=ul namesti=nam trida=tr nabrezi=nabr'),
  sk: streetWords('ulica=ul namestie=nam trieda=tr nabrezie=nabr'),
  hu: streetWords('utca=u ut korut=krt ter koz rakpart=rkp sugarut=sgt'),
  ro: streetWords(
    'strada=str bulevardul=bulevard,bd,bdul,blvd calea=cal soseaua=sos piata=pta aleea=al splaiul=spl intrarea=intr',
  ),
  bg: streetWords('ulitsa=ul bulevard=bul ploshtad=pl zhk'),
  el: streetWords('odos=od leoforos=leof plateia=pl'),
  sv: streetWords(
    'gatan=g,gt vagen=v,vg torget=tg grand plan allen',
    'gatan=gatan,gata/g,gt vagen=vagen,vag/v,vg torget=torget/tg',
  ),
  no: streetWords(
    'gate=gata,gaten,gt,g vei=veien,vegen,veg,vn,v plass=pl alle',
    'gate=gate,gata,gaten/gt,g vei=veien,vegen,vei,veg/vn,v plass=plass,plassen/pl',
  ),
  da: streetWords(
    'gade=gd,g vej=v plads=pl alle boulevard=boulevarden',
    'gade=gade/gd,g vej=vej/v plads=plads/pl boulevard=boulevarden,boulevard',
  ),
  fi: streetWords('katu=k tie=t kuja polku tori', 'katu=katu/k tie=tie/t kuja=kuja'),
  et: streetWords('tanav=tn maantee=mnt puiestee=pst valjak=plats'),
  lv: streetWords('iela=ie bulvaris=bulv laukums prospekts=pr gatve=gt'),
  lt: streetWords('gatve=g prospektas=pr aleja=al aikste skersgatvis=skg'),
  sl: streetWords('cesta=c ulica=ul trg nabrezje'),
  hr: streetWords('ulica=ul cesta=c trg avenija obala'),
  en: streetWords(
    'street=st road=rd avenue=ave,av lane=ln drive=dr square=sq place=pl court=ct crescent=cres terrace=terr,tce parade=pde highway=hwy boulevard=blvd close=cl gardens=gdns grove way walk mews row quay',
  ),
  mt: streetWords('triq pjazza vjal'),
};

/**
 * Languages whose street word comes after the name in its own word (`London Road`): `St` there
 * is Street only at the end; elsewhere it is Saint (`St John's Road`).
 */
export const STREET_WORD_LAST: ReadonlySet<StreetLanguage> = new Set(['en']);

/**
 * Words that begin a street named by where it lies (`Am Markt`, `An der Kirche`, `Aan de Gracht`):
 * such a street is a kind of its own, another street than a `Marktplatz` or a `Kirchstraße`.
 */
export const STREET_PREPOSITIONS: Partial<Record<StreetLanguage, ReadonlySet<string>>> = {
  de: new Set('am an im auf zum zur beim bei unter hinter vor in'.split(' ')),
  nl: new Set('aan op bij in achter over'.split(' ')),
};

/** Words that only join a street's name (`Calle de Alcalá`, `Piazza del Duomo`); left out when comparing. */
export const STREET_LINKS: ReadonlySet<string> = new Set(
  'de del della dello dei degli delle di da do dos das des du la le les l van der den von am an im the of d'.split(
    ' ',
  ),
);

/**
 * Numbers written as words in street names, which mostly name a date (`Via Venti Settembre`,
 * `Calle Dos de Mayo`, `Rue du Quatre-Septembre`), by language: 1 to 31, the ordinal that names
 * the first of a month, and the tens that join a unit after them (`dix-sept`, `treinta y uno`).
 * Words that are also articles (`un`, `una`, `um`) are left out. Each entry is `number=words`.
 */
export const STREET_NUMBER_WORDS: Partial<Record<StreetLanguage, ReadonlyMap<string, number>>> = {
  it: numberWords(
    '1=uno,primo 2=due 3=tre 4=quattro 5=cinque 6=sei 7=sette 8=otto 9=nove 10=dieci 11=undici 12=dodici 13=tredici 14=quattordici 15=quindici 16=sedici 17=diciassette 18=diciotto 19=diciannove 20=venti 21=ventuno 22=ventidue 23=ventitre 24=ventiquattro 25=venticinque 26=ventisei 27=ventisette 28=ventotto 29=ventinove 30=trenta 31=trentuno',
  ),
  es: numberWords(
    '1=uno,primero 2=dos 3=tres 4=cuatro 5=cinco 6=seis 7=siete 8=ocho 9=nueve 10=diez 11=once 12=doce 13=trece 14=catorce 15=quince 16=dieciseis 17=diecisiete 18=dieciocho 19=diecinueve 20=veinte 21=veintiuno 22=veintidos 23=veintitres 24=veinticuatro 25=veinticinco 26=veintiseis 27=veintisiete 28=veintiocho 29=veintinueve 30=treinta',
  ),
  pt: numberWords(
    '1=primeiro 2=dois,duas 3=tres 4=quatro 5=cinco 6=seis 7=sete 8=oito 9=nove 10=dez 11=onze 12=doze 13=treze 14=catorze,quatorze 15=quinze 16=dezasseis,dezesseis 17=dezassete,dezessete 18=dezoito 19=dezanove,dezenove 20=vinte 30=trinta',
  ),
  fr: numberWords(
    '1=premier 2=deux 3=trois 4=quatre 5=cinq 6=six 7=sept 8=huit 9=neuf 10=dix 11=onze 12=douze 13=treize 14=quatorze 15=quinze 16=seize 20=vingt 30=trente',
  ),
  ro: numberWords('1=unu 2=doi,doua 3=trei 4=patru 5=cinci 6=sase 7=sapte 8=opt 9=noua 10=zece'),
  de: germanNumbers(),
  // The ordinals in the genitive, as streets name a date or a regiment (`ul. Trzeciego Maja`,
  // `ul. Pierwszej Dywizji`): the masculine `-ego` and the feminine `-ej`.
  pl: numberWords(
    '1=pierwsz 2=drugi 3=trzeci 4=czwart 5=piat 6=szost 7=siodm 8=osm 9=dziewiat 10=dziesiat 11=jedenast 12=dwunast 13=trzynast 14=czternast 15=pietnast 16=szesnast 17=siedemnast 18=osiemnast 19=dziewietnast 20=dwudziest 30=trzydziest',
    ['ego', 'ej'],
  ),
};

/**
 * German numbers 2 to 31 and ordinals 1 to 31 with every ending (`Zu den Drei Linden`, `Straße
 * des Siebzehnten Juni`), tens and unit written as one word as German writes them
 * (`einundzwanzigsten`), and ü, ö and ß as ue, oe and ss too (`fuenften`, `zwoelften`). Not
 * `achter`, which is `behind` in Dutch and Low German street names (`Achterstraat`).
 */
function germanNumbers(): ReadonlyMap<string, number> {
  const units = ['ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
  const cardinals = [
    ...units,
    'zehn',
    'elf',
    'zwölf',
    ...['drei', 'vier', 'fünf', 'sech', 'sieb', 'acht', 'neun'].map((unit) => `${unit}zehn`),
  ];
  const tens = ['zwanzig', 'dreißig'];
  const numbers = new Map<string, number>();
  const add = (word: string, value: number) => {
    const base = word.includes('ö') ? 'o' : 'u';
    for (const spelling of [word.replace(/[üö]/, base), word.replace(/[üö]/, `${base}e`)])
      numbers.set(spelling.replace('ß', 'ss'), value);
  };
  const ordinal = (cardinal: string) =>
    ({ ein: 'ers', drei: 'drit', sieben: 'sieb', acht: 'ach' })[cardinal] ?? cardinal;
  const written = (value: number) => {
    if (value < 20) return cardinals[value - 1];
    const [ten, unit] = [tens[Math.floor(value / 10) - 2], value % 10];
    return unit === 0 ? ten : `${units[unit - 1]}und${ten}`;
  };
  for (let value = 1; value <= 31; value++) {
    const cardinal = written(value);
    if (value > 1) add(cardinal, value);
    // Ordinals end -te below 20, -ste from 20 (`dritte`, `zwanzigste`).
    const stem = value < 20 ? `${ordinal(cardinal)}t` : `${cardinal}st`;
    for (const ending of ['e', 'en', 'er', 'es', 'em'])
      if (`${stem}${ending}` !== 'achter') add(`${stem}${ending}`, value);
  }
  return numbers;
}

/** `number=words` entries; with `endings`, each word is a stem written with each ending. */
function numberWords(entries: string, endings: readonly string[] = ['']): ReadonlyMap<string, number> {
  return new Map(
    entries.split(' ').flatMap((entry) => {
      const [value, words] = entry.split('=');
      return words
        .split(',')
        .flatMap((word) => endings.map((ending) => [`${word}${ending}`, Number(value)] as const));
    }),
  );
}

/**
 * Words for one that are also articles (`un`, `um`), left out of STREET_NUMBER_WORDS: read as 1
 * only after tens and a joining word in the number that begins a street's name (`Rue du Vingt et
 * Un Août`, `Rua Trinta e Um de Janeiro`).
 */
export const ONE_AFTER_TENS: Partial<Record<StreetLanguage, readonly string[]>> = { fr: ['un'], pt: ['um'] };

/**
 * What follows a number in digits to make it an ordinal (`3-go Maja`, `1er Mai`, `2e Régiment`):
 * left out of a street's name.
 */
export const ORDINAL_ENDINGS: Partial<Record<StreetLanguage, readonly string[]>> = {
  pl: ['go', 'ego'],
  fr: ['er', 're', 'e', 'eme'],
};

/** Words that join the tens and the unit of a number written out (`vingt et un`, `treinta y uno`). */
export const NUMBER_JOINS: ReadonlySet<string> = new Set(['et', 'y', 'e', 'si']);

/** Words before a house number that only announce it (`nr. 5`, `n.º 100`, `č. 7`). */
export const NUMBER_MARKERS: ReadonlySet<string> = new Set(['nr', 'no', 'n', 'c', 'cp', 'numero', 'num']);

/** Words that name a flat, floor or unit within a building, before or after the house number. */
export const UNIT_WORDS: ReadonlySet<string> = new Set(
  'flat unit suite apartment apt app appartement room lok lokal m bl et ap sc esc piso puerta tv th mf etage stock og top tur stiege stg aufgang block bloc scala scara dcha dcho izq izda izqda esq dto dta frente andar rc o'.split(
    ' ',
  ),
);

/** Words of register lines that name a county, district or municipality area rather than the town. */
export const AREA_WORDS: ReadonlySet<string> = new Set(
  'maakond linnaosa vald novads pagasts apskritis apskr savivaldybe sav jud judet judetul sector sectorul obl oblast obshtina obsht rayon county municipality kommune kreis bezirk landkreis'.split(
    ' ',
  ),
);

/**
 * British and Irish lines that name a county, not a town (`Norfolk`, `East Sussex`); a line
 * beginning `Co.` or `County` is one as well (`CO. CORK`, `County Durham`).
 */
export const COUNTY_LINES: ReadonlySet<string> = new Set(
  [
    'greater london|greater manchester|west midlands|merseyside|south yorkshire|west yorkshire',
    'north yorkshire|east riding of yorkshire|tyne and wear|northumberland|cumbria|lancashire',
    'cheshire|derbyshire|nottinghamshire|lincolnshire|leicestershire|rutland|staffordshire',
    'shropshire|herefordshire|worcestershire|warwickshire|northamptonshire|cambridgeshire|norfolk',
    'suffolk|essex|hertfordshire|bedfordshire|buckinghamshire|oxfordshire|berkshire|gloucestershire',
    'wiltshire|hampshire|isle of wight|surrey|kent|east sussex|west sussex|dorset|somerset|devon',
    'cornwall|middlesex|avon|cleveland|humberside|south glamorgan|mid glamorgan|west glamorgan',
    'gwent|dyfed|powys|gwynedd|clwyd|midlothian|east lothian|west lothian|lanarkshire|fife',
  ]
    .join('|')
    .split('|'),
);

/**
 * Words before a town's name that say what it is, by country (`гр. София`, `MUN. CLUJ-NAPOCA`,
 * `MUNICIPIUL BUCUREŞTI`): taken off the town's name.
 */
export const TOWN_MARKERS: Readonly<Record<string, ReadonlySet<string>>> = {
  BG: new Set(['gr', 'grad', 's', 'selo']),
  RO: new Set(['mun', 'municipiul', 'oras', 'orasul', 'com', 'comuna', 'sat']),
};
