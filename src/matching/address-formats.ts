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
  /** The register holds no street or town at all, only the postcode (ABN Lookup: state and postcode). */
  postcodeOnly?: boolean;
}

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
  BE: { postcode: digits(4), languages: ['fr', 'nl', 'de'] },
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
  PL: { postcode: { written: '\\d{2}-\\d{3}', whole: /^\d{5}$/ }, languages: ['pl'] },
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
 * Street words by language: each spelling (abbreviations without their dot) → one name for the
 * kind of street. `suffixes` are the kinds written at the end of a one-word street name
 * (`Hauptstraße`, `Drottninggatan`), with the abbreviations that stand for them only when
 * followed by a dot (`Hauptstr.`, `Drottningg.`).
 */
export interface StreetWords {
  words: Readonly<Record<string, string>>;
  suffixes?: ReadonlyArray<{ kind: string; written: readonly string[]; abbreviated: readonly string[] }>;
}

const kinds = (table: Record<string, string>) => table;

export const STREET_WORDS: Readonly<Record<StreetLanguage, StreetWords>> = {
  de: {
    words: kinds({
      strasse: 'strasse',
      str: 'strasse',
      gasse: 'gasse',
      platz: 'platz',
      pl: 'platz',
      weg: 'weg',
      allee: 'allee',
      ring: 'ring',
      damm: 'damm',
    }),
    suffixes: [
      { kind: 'strasse', written: ['strasse'], abbreviated: ['str'] },
      { kind: 'gasse', written: ['gasse'], abbreviated: ['g'] },
      { kind: 'platz', written: ['platz'], abbreviated: ['pl'] },
      { kind: 'weg', written: ['weg'], abbreviated: [] },
      { kind: 'allee', written: ['allee'], abbreviated: [] },
    ],
  },
  nl: {
    words: kinds({
      straat: 'straat',
      str: 'straat',
      laan: 'laan',
      ln: 'laan',
      weg: 'weg',
      plein: 'plein',
      pl: 'plein',
      gracht: 'gracht',
      gr: 'gracht',
      kade: 'kade',
      kd: 'kade',
      steenweg: 'steenweg',
      stwg: 'steenweg',
      singel: 'singel',
    }),
    suffixes: [
      { kind: 'straat', written: ['straat'], abbreviated: ['str'] },
      { kind: 'laan', written: ['laan'], abbreviated: ['ln'] },
      { kind: 'steenweg', written: ['steenweg'], abbreviated: ['stwg'] },
      { kind: 'weg', written: ['weg'], abbreviated: [] },
      { kind: 'plein', written: ['plein'], abbreviated: [] },
      { kind: 'gracht', written: ['gracht'], abbreviated: ['gr'] },
      { kind: 'kade', written: ['kade'], abbreviated: [] },
    ],
  },
  fr: {
    words: kinds({
      rue: 'rue',
      r: 'rue',
      avenue: 'avenue',
      av: 'avenue',
      ave: 'avenue',
      boulevard: 'boulevard',
      bd: 'boulevard',
      bld: 'boulevard',
      blvd: 'boulevard',
      boul: 'boulevard',
      place: 'place',
      pl: 'place',
      chemin: 'chemin',
      ch: 'chemin',
      chem: 'chemin',
      route: 'route',
      rte: 'route',
      impasse: 'impasse',
      imp: 'impasse',
      allee: 'allee',
      all: 'allee',
      quai: 'quai',
      square: 'square',
      sq: 'square',
      faubourg: 'faubourg',
      fg: 'faubourg',
      fbg: 'faubourg',
      cours: 'cours',
      passage: 'passage',
      esplanade: 'esplanade',
    }),
  },
  it: {
    words: kinds({
      via: 'via',
      v: 'via',
      viale: 'viale',
      vle: 'viale',
      piazza: 'piazza',
      pza: 'piazza',
      pzza: 'piazza',
      p: 'piazza',
      piazzale: 'piazzale',
      corso: 'corso',
      cso: 'corso',
      largo: 'largo',
      lgo: 'largo',
      vicolo: 'vicolo',
      vic: 'vicolo',
      strada: 'strada',
      str: 'strada',
      lungomare: 'lungomare',
    }),
  },
  es: {
    words: kinds({
      calle: 'calle',
      c: 'calle',
      cl: 'calle',
      carrer: 'calle',
      avenida: 'avenida',
      av: 'avenida',
      avda: 'avenida',
      avd: 'avenida',
      avinguda: 'avenida',
      plaza: 'plaza',
      pza: 'plaza',
      pl: 'plaza',
      placa: 'plaza',
      paseo: 'paseo',
      po: 'paseo',
      passeig: 'paseo',
      carretera: 'carretera',
      ctra: 'carretera',
      ronda: 'ronda',
      rda: 'ronda',
      travesia: 'travesia',
      camino: 'camino',
      rua: 'calle',
      glorieta: 'glorieta',
      gta: 'glorieta',
    }),
  },
  pt: {
    words: kinds({
      rua: 'rua',
      r: 'rua',
      avenida: 'avenida',
      av: 'avenida',
      praca: 'praca',
      pc: 'praca',
      pca: 'praca',
      largo: 'largo',
      lg: 'largo',
      travessa: 'travessa',
      tv: 'travessa',
      trav: 'travessa',
      estrada: 'estrada',
      estr: 'estrada',
      alameda: 'alameda',
      al: 'alameda',
      calcada: 'calcada',
    }),
  },
  pl: {
    words: kinds({
      ulica: 'ulica',
      ul: 'ulica',
      aleja: 'aleja',
      aleje: 'aleja',
      al: 'aleja',
      plac: 'plac',
      pl: 'plac',
      osiedle: 'osiedle',
      os: 'osiedle',
      rondo: 'rondo',
    }),
  },
  cs: {
    words: kinds({
      ulice: 'ulice',
      ul: 'ulice',
      namesti: 'namesti',
      nam: 'namesti',
      trida: 'trida',
      tr: 'trida',
      nabrezi: 'nabrezi',
      nabr: 'nabrezi',
    }),
  },
  sk: {
    words: kinds({
      ulica: 'ulica',
      ul: 'ulica',
      namestie: 'namestie',
      nam: 'namestie',
      trieda: 'trieda',
      tr: 'trieda',
      nabrezie: 'nabrezie',
      nabr: 'nabrezie',
    }),
  },
  hu: {
    words: kinds({
      utca: 'utca',
      u: 'utca',
      ut: 'ut',
      korut: 'korut',
      krt: 'korut',
      ter: 'ter',
      koz: 'koz',
      rakpart: 'rakpart',
      rkp: 'rakpart',
      sugarut: 'sugarut',
      sgt: 'sugarut',
    }),
  },
  ro: {
    words: kinds({
      strada: 'strada',
      str: 'strada',
      bulevardul: 'bulevardul',
      bulevard: 'bulevardul',
      bd: 'bulevardul',
      bdul: 'bulevardul',
      blvd: 'bulevardul',
      calea: 'calea',
      cal: 'calea',
      soseaua: 'soseaua',
      sos: 'soseaua',
      piata: 'piata',
      pta: 'piata',
      aleea: 'aleea',
      al: 'aleea',
      splaiul: 'splaiul',
      spl: 'splaiul',
      intrarea: 'intrarea',
      intr: 'intrarea',
    }),
  },
  bg: {
    words: kinds({
      ulitsa: 'ulitsa',
      ul: 'ulitsa',
      bulevard: 'bulevard',
      bul: 'bulevard',
      ploshtad: 'ploshtad',
      pl: 'ploshtad',
      zhk: 'zhk',
    }),
  },
  el: {
    words: kinds({
      odos: 'odos',
      od: 'odos',
      leoforos: 'leoforos',
      leof: 'leoforos',
      lew: 'leoforos',
      plateia: 'plateia',
      pl: 'plateia',
    }),
  },
  sv: {
    words: kinds({
      gatan: 'gatan',
      g: 'gatan',
      gt: 'gatan',
      vagen: 'vagen',
      v: 'vagen',
      vg: 'vagen',
      torget: 'torget',
      tg: 'torget',
      grand: 'grand',
      plan: 'plan',
      allen: 'allen',
    }),
    suffixes: [
      { kind: 'gatan', written: ['gatan', 'gata'], abbreviated: ['g', 'gt'] },
      { kind: 'vagen', written: ['vagen', 'vag'], abbreviated: ['v', 'vg'] },
      { kind: 'torget', written: ['torget'], abbreviated: ['tg'] },
    ],
  },
  no: {
    words: kinds({
      gate: 'gate',
      gata: 'gate',
      gaten: 'gate',
      gt: 'gate',
      g: 'gate',
      veien: 'vei',
      vegen: 'vei',
      vei: 'vei',
      veg: 'vei',
      vn: 'vei',
      v: 'vei',
      plass: 'plass',
      pl: 'plass',
      alle: 'alle',
    }),
    suffixes: [
      { kind: 'gate', written: ['gate', 'gata', 'gaten'], abbreviated: ['gt', 'g'] },
      { kind: 'vei', written: ['veien', 'vegen', 'vei', 'veg'], abbreviated: ['vn', 'v'] },
      { kind: 'plass', written: ['plass', 'plassen'], abbreviated: ['pl'] },
    ],
  },
  da: {
    words: kinds({
      gade: 'gade',
      gd: 'gade',
      g: 'gade',
      vej: 'vej',
      v: 'vej',
      plads: 'plads',
      pl: 'plads',
      alle: 'alle',
      boulevard: 'boulevard',
      boulevarden: 'boulevard',
    }),
    suffixes: [
      { kind: 'gade', written: ['gade'], abbreviated: ['gd', 'g'] },
      { kind: 'vej', written: ['vej'], abbreviated: ['v'] },
      { kind: 'plads', written: ['plads'], abbreviated: ['pl'] },
      { kind: 'boulevard', written: ['boulevarden', 'boulevard'], abbreviated: [] },
    ],
  },
  fi: {
    words: kinds({
      katu: 'katu',
      k: 'katu',
      tie: 'tie',
      t: 'tie',
      kuja: 'kuja',
      polku: 'polku',
      tori: 'tori',
    }),
    suffixes: [
      { kind: 'katu', written: ['katu'], abbreviated: ['k'] },
      { kind: 'tie', written: ['tie'], abbreviated: ['t'] },
      { kind: 'kuja', written: ['kuja'], abbreviated: [] },
    ],
  },
  et: {
    words: kinds({
      tanav: 'tanav',
      tn: 'tanav',
      maantee: 'maantee',
      mnt: 'maantee',
      puiestee: 'puiestee',
      pst: 'puiestee',
      valjak: 'valjak',
      plats: 'valjak',
    }),
  },
  lv: {
    words: kinds({
      iela: 'iela',
      ie: 'iela',
      bulvaris: 'bulvaris',
      bulv: 'bulvaris',
      laukums: 'laukums',
      prospekts: 'prospekts',
      pr: 'prospekts',
      gatve: 'gatve',
      gt: 'gatve',
    }),
  },
  lt: {
    words: kinds({
      gatve: 'gatve',
      g: 'gatve',
      prospektas: 'prospektas',
      pr: 'prospektas',
      aleja: 'aleja',
      al: 'aleja',
      aikste: 'aikste',
      skersgatvis: 'skersgatvis',
      skg: 'skersgatvis',
    }),
  },
  sl: {
    words: kinds({
      cesta: 'cesta',
      c: 'cesta',
      ulica: 'ulica',
      ul: 'ulica',
      trg: 'trg',
      nabrezje: 'nabrezje',
    }),
  },
  hr: {
    words: kinds({
      ulica: 'ulica',
      ul: 'ulica',
      cesta: 'cesta',
      c: 'cesta',
      trg: 'trg',
      avenija: 'avenija',
      obala: 'obala',
    }),
  },
  en: {
    words: kinds({
      street: 'street',
      st: 'street',
      road: 'road',
      rd: 'road',
      avenue: 'avenue',
      ave: 'avenue',
      av: 'avenue',
      lane: 'lane',
      ln: 'lane',
      drive: 'drive',
      dr: 'drive',
      square: 'square',
      sq: 'square',
      place: 'place',
      pl: 'place',
      court: 'court',
      ct: 'court',
      crescent: 'crescent',
      cres: 'crescent',
      terrace: 'terrace',
      terr: 'terrace',
      tce: 'terrace',
      parade: 'parade',
      pde: 'parade',
      highway: 'highway',
      hwy: 'highway',
      boulevard: 'boulevard',
      blvd: 'boulevard',
      close: 'close',
      cl: 'close',
      gardens: 'gardens',
      gdns: 'gardens',
      grove: 'grove',
      way: 'way',
      walk: 'walk',
      mews: 'mews',
      row: 'row',
      quay: 'quay',
    }),
  },
  mt: { words: kinds({ triq: 'triq', pjazza: 'pjazza', vjal: 'vjal' }) },
};

/**
 * Languages whose street word comes after the name in its own word (`London Road`): `St` there
 * is Street only at the end; elsewhere it is Saint (`St John's Road`).
 */
export const STREET_WORD_LAST: ReadonlySet<StreetLanguage> = new Set(['en']);

/** Words that only join a street's name (`Calle de Alcalá`, `Piazza del Duomo`); left out when comparing. */
export const STREET_LINKS: ReadonlySet<string> = new Set(
  'de del della dello dei degli delle di da do dos das des du la le les l van der den von am an im the of d'.split(
    ' ',
  ),
);

/** Words before a house number that only announce it (`nr. 5`, `n.º 100`, `č. 7`). */
export const NUMBER_MARKERS: ReadonlySet<string> = new Set(['nr', 'no', 'n', 'c', 'cp', 'numero', 'num']);

/** Words that name a flat, floor or unit within a building, before or after the house number. */
export const UNIT_WORDS: ReadonlySet<string> = new Set(
  'flat unit suite apartment apt app appartement room lok lokal m bl et ap sc esc piso puerta tv th mf etage stock og top tur'.split(
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
 * Words before a town's name that say what it is, by country (`гр. София`, `MUN. CLUJ-NAPOCA`,
 * `MUNICIPIUL BUCUREŞTI`): taken off the town's name.
 */
export const TOWN_MARKERS: Readonly<Record<string, ReadonlySet<string>>> = {
  BG: new Set(['gr', 'grad', 's', 'selo']),
  RO: new Set(['mun', 'municipiul', 'oras', 'orasul', 'com', 'comuna', 'sat']),
};
