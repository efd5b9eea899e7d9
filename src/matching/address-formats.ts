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
    'straat=str laan=ln weg plein=pl gracht=gr kade=kd steenweg=stwg singel',
    'straat=straat/str laan=laan/ln steenweg=steenweg/stwg weg=weg plein=plein gracht=gracht/gr kade=kade',
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

/** Words before a house number that only announce it (`nr. 5`, `n.º 100`, `č. 7`). */
export const NUMBER_MARKERS: ReadonlySet<string> = new Set(['nr', 'no', 'n', 'c', 'cp', 'numero', 'num']);

/** Words that name a flat, floor or unit within a building, before or after the house number. */
export const UNIT_WORDS: ReadonlySet<string> = new Set(
  'flat unit suite apartment apt app appartement room lok lokal m bl et ap sc esc piso puerta tv th mf etage stock og top tur dcha dcho izq izda izqda esq dto dta frente andar rc o'.split(
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
