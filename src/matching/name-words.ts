/**
 * Words of company names the comparison reads specially (docs/matching.md, "Names"), as data.
 * Every entry is written as it reads once folded (lower-case ASCII, see letters.ts).
 */

/** `and` in the served languages (and `&`): left out between two words of a name, so `Smith & Sons` = `Smith and Sons`. */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(
  '& and und et e y en og och es a i ja ve'.split(' '),
);

/**
 * Words that distinguish no trader: a name that equals another but for some of these on one
 * side is `partial`, never `match` and never `mismatch` (`Siemens Deutschland GmbH` / `Siemens
 * GmbH`); any other word on one side only names another trader (`Siemens Energy AG` / `Siemens
 * AG`). Countries and regions, group and branch words, words for a company, joining words (`de`,
 * `von`), and liquidation.
 */
export const FILLER: ReadonlySet<string> = new Set(
  [
    // countries, in their own languages and in English
    'deutschland germany osterreich oesterreich austria schweiz suisse svizzera switzerland',
    'france belgique belgie belgium nederland netherlands holland luxembourg luxemburg italia italy',
    'espana spain portugal polska poland cesko ceska czech slovensko slovakia magyarorszag hungary',
    'romania bulgaria balgariya bulgariya hellas ellas greece kypros cyprus sverige sweden danmark',
    'denmark suomi finland norge norway eesti estonia latvija latvia lietuva lithuania slovenija',
    'slovenia hrvatska croatia ireland eire malta uk gb britain england scotland wales australia',
    'europe europa european international intl global worldwide',
    // groups and branches
    'holding holdings group gruppe groupe grupo groep gruppo grupa koncern konzern sgps',
    // a word for a company or a bank, which names none (`Compagnie de Saint-Gobain`, `Banque Pictet`)
    'company compagnie compania compagnia companhia bank banque banca banco',
    // words that only join a name's words
    'de du des di da del della do dos van von der den of',
    'branch zweigniederlassung niederlassung filiale succursale sucursal filial oddzial filiaal',
    'bijkantoor fioktelep podruznica podruznice organizacni slozka odstepny zavod sivuliike',
    // in liquidation
    'liquidation liquidatie liquidazione liquidacion likvidaci likvidacii likwidacji',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Branch, liquidation and owner words: they and the words after them (the branch's town, the
 * owner's name) are cut from a name before it is compared (`Weber GmbH Zweigniederlassung
 * Hamburg` is `Weber GmbH`, partial).
 */
export const CUTTING: ReadonlySet<string> = new Set(
  [
    'branch zweigniederlassung niederlassung filiale succursale sucursal filial oddzial filiaal bijkantoor',
    'fioktelep podruznica podruznice organizacni odstepny sivuliike',
    'liquidation liquidatie liquidazione liquidacion likvidaci likvidacii likwidacji',
    // the owner of a German sole trader's firm: `Blumen Meier e.K. Inh. Hans Meier`
    'inh inhaber inhaberin',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Branch, liquidation and insolvency words of one country's language, cut as CUTTING's are for
 * that country's numbers only (`клон` is a Bulgarian branch and a Polish maple): as any-ascii and
 * the transliteration law read the Cyrillic, and as customers write it in Latin letters.
 */
export const COUNTRY_CUTTING: Readonly<Record<string, ReadonlySet<string>>> = {
  BG: new Set(
    [
      // клон: a branch
      'klon',
      // (в) ликвидация: in liquidation
      'likvidatsiya likvidatsia likvidaciya likvidacia likvidacija likvidatsija likvidaciq',
      // (в) несъстоятелност: insolvent
      'nesstoyatelnost nesastoyatelnost nesustoyatelnost nesastojatelnost nesustojatelnost',
    ]
      .join(' ')
      .split(' '),
  ),
};

/** Words that only introduce a filler word (`in liquidation`, `Sucursal en España`, `branch office`). */
export const FILLER_LINKS: ReadonlySet<string> = new Set('in en em w v office'.split(' '));

/** An English article that names often carry and registers drop (`The Body Shop`). */
export const LEADING_ARTICLES: ReadonlySet<string> = new Set(['the']);

/**
 * Abbreviations of name words, by their folded words (several words for `F.lli`, folded `f lli`).
 * Applied to both names before they are compared.
 */
export const NAME_ABBREVIATIONS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['bros'], 'brothers'],
  [['gebr'], 'gebruder'],
  [['gebrueder'], 'gebruder'],
  [['f', 'lli'], 'fratelli'],
  [['flli'], 'fratelli'],
  [['cie'], 'compagnie'],
  [['intl'], 'international'],
  [['mfg'], 'manufacturing'],
  [['st'], 'saint'],
  [['ste'], 'sainte'],
  [['sankt'], 'saint'],
];

/**
 * Romanian names long began with `SC` (societate comercială) before the name and its form:
 * `SC Carpați Agro SRL` is `Carpați Agro SRL`.
 */
export const NAME_PREFIXES: Readonly<Record<string, readonly string[]>> = { RO: ['sc'] };

/**
 * Words that belong to the legal form, by country, wherever the form stands: the Swedish
 * `(publ)` of a public company, written after the name when `AB` comes first (`AB VOLVO (PUBL)`).
 */
export const FORM_QUALIFIERS: Readonly<Record<string, readonly string[]>> = { SE: ['publ'] };

/**
 * Numbers written as words in the served languages, 1 to 12 (articles that read as `one`, such
 * as `un`, `een`, `ein`, left out), and English ordinals: `Drei Eichen` / `3 Eichen`, `Three
 * Counties` / `3 Counties`, `First Capital` / `1st Capital`. Folded as letters.ts folds.
 */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  [
    '1=one,eins,yksi,jeden,jedna,jedno,edin,edna,edno,ena,enas,first,1st',
    '2=two,zwei,deux,due,dos,dois,duas,twee,tva,to,kaksi,dwa,dva,dve,ketto,doi,doua,dio,dyo,second,2nd',
    '3=three,drei,trois,tre,tres,drie,tri,kolme,trzy,harom,trei,tria,third,3rd',
    '4=four,vier,quatre,quattro,cuatro,quatro,fyra,fire,neljae,nelja,cztery,ctyri,negy,patru,tessera,chetiri',
    '5=five,fuenf,funf,cinq,cinque,cinco,vijf,fem,viisi,piec,pet,ot,cinci,pente',
    '6=six,sechs,sei,seis,zes,sex,seks,kuusi,szesc,sest,hat,sase,exi,shest',
    '7=seven,sieben,sept,sette,siete,sete,zeven,sju,syv,seitsemaen,seitseman,siedem,sedm,het,sapte,epta,sedem',
    '8=eight,acht,huit,otto,ocho,oito,atta,otte,atte,kahdeksan,osiem,osm,nyolc,opt,okto,osem',
    '9=nine,neun,neuf,nove,nueve,negen,nio,ni,yhdeksaen,yhdeksan,dziewiec,devet,kilenc,noua,ennea,ennia',
    '10=ten,zehn,dix,dieci,diez,dez,tien,tio,ti,kymmenen,dziesiec,deset,tiz,zece,deka',
    '11=eleven,elf,onze,undici,once,elva,elleve',
    '12=twelve,zwoelf,zwolf,douze,dodici,doce,doze,twaalf,tolv',
  ].flatMap((entry) => {
    const [digits, words] = entry.split('=');
    return words.split(',').map((word) => [word, digits] as const);
  }),
);
