import type { NoteKey, RuleOutcome } from './types.js';

/**
 * Invoice notes in the official language(s) of the seller's country and in English, with the
 * article the treatment rests on. One line per language, the seller's languages first and English
 * last; `language` lists the languages in the same order ("de,en", "nl,fr,de,en"; "en" for GB,
 * XI and AU). A line that reads the same in two languages is written once. The EU lines cite the Directive article, which an invoice may cite instead
 * of the national provision (Directive 2006/112/EC Art. 226(11)); sellers outside the EU cite
 * their own law.
 */

export interface InvoiceNote {
  text: string;
  language: string;
}

/** The official languages an invoice of the seller's country is written in, English added last. */
export const SELLER_LANGUAGES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  AT: ['de'],
  BE: ['nl', 'fr', 'de'],
  BG: ['bg'],
  CY: ['el'],
  CZ: ['cs'],
  DE: ['de'],
  DK: ['da'],
  EE: ['et'],
  EL: ['el'],
  ES: ['es'],
  FI: ['fi', 'sv'],
  FR: ['fr'],
  HR: ['hr'],
  HU: ['hu'],
  IE: ['ga'],
  IT: ['it'],
  LT: ['lt'],
  LU: ['fr', 'de'],
  LV: ['lv'],
  MT: ['mt'],
  NL: ['nl'],
  PL: ['pl'],
  PT: ['pt'],
  RO: ['ro'],
  SE: ['sv'],
  SI: ['sl'],
  SK: ['sk'],
  XI: [],
  GB: [],
  CH: ['de', 'fr', 'it'],
  LI: ['de'],
  NO: ['nb'],
  AU: [],
});

interface Phrases {
  /** The tax's short name on an invoice line. */
  vat: string;
  reverseCharge: string;
  intraCommunitySupply: string;
  export: string;
  oss: string;
  /** `country` is the name of the country whose VAT is due. */
  outside: (country: string) => string;
  notAssessed: string;
  /** A Directive 2006/112/EC article, e.g. "196" or "138(1)". */
  article: (n: string) => string;
}

/** "138(1)" read as "138." and " (1)", for the languages that write the article as an ordinal. */
const ordinal = (article: string) => `${/^[0-9]+[a-z]?/.exec(article)?.[0] ?? article}.`;
const paragraphs = (article: string) => {
  const rest = article.replace(/^[0-9]+[a-z]?/, '');
  return rest ? ` ${rest}` : '';
};

const PHRASES: Readonly<Record<string, Phrases>> = {
  en: {
    vat: 'VAT',
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient',
    intraCommunitySupply: 'Exempt intra-Community supply of goods',
    export: 'Exempt export of goods',
    oss: 'VAT of the country of destination, declared through the One-Stop Shop (OSS)',
    outside: (c) => `VAT of ${c} is usually due from you there: not assessed`,
    notAssessed: 'VAT treatment not assessed',
    article: (n) => `Article ${n} Directive 2006/112/EC`,
  },
  de: {
    vat: 'USt.',
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers',
    intraCommunitySupply: 'Steuerfreie innergemeinschaftliche Lieferung',
    export: 'Steuerfreie Ausfuhrlieferung',
    oss: 'Steuer des Bestimmungslandes, erklärt über den One-Stop-Shop (OSS)',
    outside: (c) =>
      `Die Umsatzsteuer des Landes des Kunden (${c}) schulden in der Regel Sie dort: nicht geprüft`,
    notAssessed: 'Umsatzsteuerliche Behandlung nicht geprüft',
    article: (n) => `Art. ${n} MwStSystRL 2006/112/EG`,
  },
  fr: {
    vat: 'TVA',
    reverseCharge: 'Autoliquidation',
    intraCommunitySupply: 'Exonération de TVA, livraison intracommunautaire',
    export: 'Exonération de TVA, exportation',
    oss: 'TVA du pays de destination, déclarée via le guichet unique (OSS)',
    outside: (c) => `La TVA du pays du client (${c}) est en général due par vous sur place : non examiné`,
    notAssessed: 'Traitement TVA non examiné',
    article: (n) => `article ${n} de la directive 2006/112/CE`,
  },
  nl: {
    vat: 'btw',
    reverseCharge: 'Btw verlegd',
    intraCommunitySupply: 'Vrijgestelde intracommunautaire levering',
    export: 'Vrijgestelde uitvoer',
    oss: 'Btw van het land van bestemming, aangegeven via het éénloketsysteem (OSS)',
    outside: (c) =>
      `De btw van het land van de afnemer (${c}) is doorgaans daar door u verschuldigd: niet beoordeeld`,
    notAssessed: 'Btw-behandeling niet beoordeeld',
    article: (n) => `art. ${n} Btw-richtlijn 2006/112/EG`,
  },
  it: {
    vat: 'IVA',
    reverseCharge: 'Inversione contabile',
    intraCommunitySupply: 'Cessione intracomunitaria non imponibile',
    export: 'Esportazione non imponibile',
    oss: 'IVA del paese di destinazione, dichiarata tramite lo sportello unico (OSS)',
    outside: (c) => `L'IVA del paese del cliente (${c}) è di norma dovuta da voi in quel paese: non valutato`,
    notAssessed: 'Trattamento IVA non valutato',
    article: (n) => `art. ${n} direttiva 2006/112/CE`,
  },
  es: {
    vat: 'IVA',
    reverseCharge: 'Inversión del sujeto pasivo',
    intraCommunitySupply: 'Entrega intracomunitaria exenta',
    export: 'Exportación exenta',
    oss: 'IVA del país de destino, declarado mediante la ventanilla única (OSS)',
    outside: (c) => `El IVA del país del cliente (${c}) lo adeuda normalmente usted allí: no evaluado`,
    notAssessed: 'Tratamiento del IVA no evaluado',
    article: (n) => `art. ${n} de la Directiva 2006/112/CE`,
  },
  pt: {
    vat: 'IVA',
    reverseCharge: 'IVA - autoliquidação',
    intraCommunitySupply: 'Transmissão intracomunitária isenta',
    export: 'Exportação isenta',
    oss: 'IVA do país de destino, declarado através do balcão único (OSS)',
    outside: (c) => `O IVA do país do cliente (${c}) é normalmente devido por si nesse país: não avaliado`,
    notAssessed: 'Tratamento do IVA não avaliado',
    article: (n) => `art. ${n} da Diretiva 2006/112/CE`,
  },
  pl: {
    vat: 'VAT',
    reverseCharge: 'Odwrotne obciążenie',
    intraCommunitySupply: 'Wewnątrzwspólnotowa dostawa towarów, 0 %',
    export: 'Eksport towarów, 0 %',
    oss: 'VAT kraju przeznaczenia, rozliczany w procedurze OSS',
    outside: (c) => `VAT kraju nabywcy (${c}) jest zazwyczaj należny od Państwa w tym kraju: nie oceniono`,
    notAssessed: 'Nie oceniono opodatkowania VAT',
    article: (n) => `art. ${n} dyrektywy 2006/112/WE`,
  },
  cs: {
    vat: 'DPH',
    reverseCharge: 'Daň odvede zákazník',
    intraCommunitySupply: 'Dodání zboží do jiného členského státu osvobozené od daně',
    export: 'Vývoz zboží osvobozený od daně',
    oss: 'DPH státu určení, přiznaná v režimu jednoho správního místa (OSS)',
    outside: (c) => `DPH státu zákazníka (${c}) obvykle odvádíte vy v tomto státě: neposouzeno`,
    notAssessed: 'Režim DPH neposouzen',
    article: (n) => `čl. ${n} směrnice 2006/112/ES`,
  },
  sk: {
    vat: 'DPH',
    reverseCharge: 'Prenesenie daňovej povinnosti',
    intraCommunitySupply: 'Dodanie tovaru do iného členského štátu oslobodené od dane',
    export: 'Vývoz tovaru oslobodený od dane',
    oss: 'DPH štátu určenia, priznaná v režime jednotného kontaktného miesta (OSS)',
    outside: (c) => `DPH štátu zákazníka (${c}) zvyčajne platíte vy v tomto štáte: neposúdené`,
    notAssessed: 'Režim DPH neposúdený',
    article: (n) => `čl. ${n} smernice 2006/112/ES`,
  },
  sl: {
    vat: 'DDV',
    reverseCharge: 'Obrnjena davčna obveznost',
    intraCommunitySupply: 'Oproščena dobava blaga v drugo državo članico',
    export: 'Oproščen izvoz blaga',
    oss: 'DDV namembne države, prijavljen po sistemu vse na enem mestu (OSS)',
    outside: (c) => `DDV države kupca (${c}) običajno dolgujete vi v tej državi: ni ocenjeno`,
    notAssessed: 'Obravnava DDV ni ocenjena',
    article: (n) => `člen ${n} Direktive 2006/112/ES`,
  },
  hr: {
    vat: 'PDV',
    reverseCharge: 'Prijenos porezne obveze',
    intraCommunitySupply: 'Oslobođena isporuka dobara unutar Europske unije',
    export: 'Izvoz oslobođen PDV-a',
    oss: 'PDV države odredišta, prijavljen putem sustava jedinstvene kontaktne točke (OSS)',
    outside: (c) => `PDV države kupca (${c}) obično dugujete vi u toj državi: nije procijenjeno`,
    notAssessed: 'Porezni tretman PDV-a nije procijenjen',
    article: (n) => `čl. ${n} Direktive 2006/112/EZ`,
  },
  hu: {
    vat: 'ÁFA',
    reverseCharge: 'Fordított adózás',
    intraCommunitySupply: 'Adómentes Közösségen belüli termékértékesítés',
    export: 'Adómentes termékexport',
    oss: 'A rendeltetési ország ÁFA-ja, az egyablakos rendszerben (OSS) bevallva',
    outside: (c) => `A vevő országának (${c}) ÁFA-ját általában Ön fizeti meg ott: nem vizsgált`,
    notAssessed: 'Az ÁFA-kezelés nem vizsgált',
    article: (n) => `2006/112/EK irányelv ${ordinal(n)} cikk${paragraphs(n)}`,
  },
  ro: {
    vat: 'TVA',
    reverseCharge: 'Taxare inversă',
    intraCommunitySupply: 'Livrare intracomunitară scutită',
    export: 'Export scutit',
    oss: 'TVA-ul țării de destinație, declarat prin ghișeul unic (OSS)',
    outside: (c) => `TVA-ul țării clientului (${c}) este de regulă datorat de dumneavoastră acolo: neevaluat`,
    notAssessed: 'Tratamentul TVA neevaluat',
    article: (n) => `art. ${n} din Directiva 2006/112/CE`,
  },
  bg: {
    vat: 'ДДС',
    reverseCharge: 'Обратно начисляване',
    intraCommunitySupply: 'Освободена вътреобщностна доставка',
    export: 'Освободен износ',
    oss: 'ДДС на държавата по местоназначение, деклариран чрез обслужване на едно гише (OSS)',
    outside: (c) => `ДДС на държавата на клиента (${c}) обикновено се дължи от Вас там: не е оценено`,
    notAssessed: 'Третирането по ДДС не е оценено',
    article: (n) => `чл. ${n} от Директива 2006/112/ЕО`,
  },
  el: {
    vat: 'ΦΠΑ',
    reverseCharge: 'Αντίστροφη επιβάρυνση',
    intraCommunitySupply: 'Απαλλασσόμενη ενδοκοινοτική παράδοση αγαθών',
    export: 'Απαλλασσόμενη εξαγωγή αγαθών',
    oss: 'ΦΠΑ της χώρας προορισμού, δηλωμένος μέσω της υπηρεσίας μιας στάσης (OSS)',
    outside: (c) => `Ο ΦΠΑ της χώρας του πελάτη (${c}) οφείλεται συνήθως από εσάς εκεί: δεν αξιολογήθηκε`,
    notAssessed: 'Η μεταχείριση ΦΠΑ δεν αξιολογήθηκε',
    article: (n) => `άρθρο ${n} της Οδηγίας 2006/112/ΕΚ`,
  },
  da: {
    vat: 'moms',
    reverseCharge: 'Omvendt betalingspligt',
    intraCommunitySupply: 'Momsfri levering af varer til et andet EU-land',
    export: 'Momsfri eksport af varer',
    oss: 'Moms i bestemmelseslandet, angivet via One Stop Shop-ordningen (OSS)',
    outside: (c) => `Momsen i kundens land (${c}) skal normalt betales af dig dér: ikke vurderet`,
    notAssessed: 'Momsbehandling ikke vurderet',
    article: (n) => `art. ${n} i direktiv 2006/112/EF`,
  },
  sv: {
    vat: 'moms',
    reverseCharge: 'Omvänd betalningsskyldighet',
    intraCommunitySupply: 'Gemenskapsintern leverans, undantagen från moms',
    export: 'Export av varor, undantagen från moms',
    oss: 'Moms i destinationslandet, redovisad via tjänsten för en enda kontaktpunkt (OSS)',
    outside: (c) => `Momsen i kundens land (${c}) ska vanligen betalas av dig där: inte bedömd`,
    notAssessed: 'Momsbehandling inte bedömd',
    article: (n) => `artikel ${n} i direktiv 2006/112/EG`,
  },
  fi: {
    vat: 'ALV',
    reverseCharge: 'Käännetty verovelvollisuus',
    intraCommunitySupply: 'Veroton yhteisömyynti',
    export: 'Veroton vienti',
    oss: 'Määrämaan arvonlisävero, ilmoitettu yhden luukun järjestelmässä (OSS)',
    outside: (c) => `Asiakkaan maan (${c}) arvonlisävero on yleensä teidän maksettavanne siellä: ei arvioitu`,
    notAssessed: 'Arvonlisäverokohtelua ei arvioitu',
    article: (n) => `direktiivin 2006/112/EY ${n} artikla`,
  },
  et: {
    vat: 'käibemaks',
    reverseCharge: 'Pöördmaksustamine',
    intraCommunitySupply: 'Maksuvaba ühendusesisene kaubatarne',
    export: 'Maksuvaba kaupade eksport',
    oss: 'Sihtriigi käibemaks, deklareeritud liidu erikorra (OSS) kaudu',
    outside: (c) => `Kliendi riigi (${c}) käibemaksu tasute tavaliselt teie seal: hindamata`,
    notAssessed: 'Käibemaksukäsitlust ei hinnatud',
    article: (n) => `direktiivi 2006/112/EÜ artikkel ${n}`,
  },
  lv: {
    vat: 'PVN',
    reverseCharge: 'Nodokļa apgrieztā maksāšana',
    intraCommunitySupply: 'No PVN atbrīvota preču piegāde Kopienas iekšienē',
    export: 'No PVN atbrīvots preču eksports',
    oss: 'Galamērķa valsts PVN, deklarēts vienas pieturas aģentūrā (OSS)',
    outside: (c) => `Klienta valsts (${c}) PVN parasti maksājat jūs tur: nav izvērtēts`,
    notAssessed: 'PVN režīms nav izvērtēts',
    article: (n) => `Direktīvas 2006/112/EK ${ordinal(n)} pants${paragraphs(n)}`,
  },
  lt: {
    vat: 'PVM',
    reverseCharge: 'Atvirkštinis apmokestinimas',
    intraCommunitySupply: 'PVM neapmokestinamas prekių tiekimas į kitą valstybę narę',
    export: 'PVM neapmokestinamas prekių eksportas',
    oss: 'Paskirties valstybės PVM, deklaruojamas per vieno langelio sistemą (OSS)',
    outside: (c) => `Kliento valstybės (${c}) PVM paprastai mokate jūs ten: nevertinta`,
    notAssessed: 'PVM režimas nevertintas',
    article: (n) => `Direktyvos 2006/112/EB ${n} straipsnis`,
  },
  mt: {
    vat: 'VAT',
    reverseCharge: 'Inverżjoni tal-ħlas',
    intraCommunitySupply: 'Provvista intra-Komunitarja eżentata',
    export: 'Esportazzjoni eżentata',
    oss: 'VAT tal-pajjiż tad-destinazzjoni, iddikjarata permezz tal-One-Stop Shop (OSS)',
    outside: (c) =>
      `Il-VAT tal-pajjiż tal-klijent (${c}) normalment titħallas minnek hemmhekk: mhux ivvalutat`,
    notAssessed: 'It-trattament tal-VAT mhux ivvalutat',
    article: (n) => `Artikolu ${n} tad-Direttiva 2006/112/KE`,
  },
  ga: {
    vat: 'CBL',
    reverseCharge: 'Muirear aisiompaithe: an faighteoir a íocann an CBL',
    intraCommunitySupply: 'Soláthar earraí díolmhaithe laistigh den Chomhphobal',
    export: 'Onnmhairiú earraí díolmhaithe',
    oss: 'CBL na tíre cinn scríbe, dearbhaithe tríd an Ionad Ilfhreastail (OSS)',
    outside: (c) => `Is gnách gur tusa atá faoi dhliteanas CBL thír an chustaiméara (${c}): gan measúnú`,
    notAssessed: 'Cóireáil CBL gan measúnú',
    article: (n) => `Airteagal ${n} de Threoir 2006/112/CE`,
  },
  nb: {
    vat: 'mva',
    reverseCharge: 'Omvendt avgiftsplikt',
    intraCommunitySupply: 'Avgiftsfri levering innen EU',
    export: 'Fritatt utførsel av varer',
    oss: 'Merverdiavgift i bestemmelseslandet, innberettet via One Stop Shop (OSS)',
    outside: (c) => `Merverdiavgiften i kundens land (${c}) skal vanligvis betales av deg der: ikke vurdert`,
    notAssessed: 'Avgiftsbehandling ikke vurdert',
    article: (n) => `artikkel ${n} i direktiv 2006/112/EF`,
  },
};

/** Where a seller's country calls its tax or its exports otherwise than the language does. */
const COUNTRY_WORDING: Readonly<Record<string, Readonly<Record<string, Partial<Phrases>>>>> = {
  CH: { de: { vat: 'MWST' } },
  LI: { de: { vat: 'MWST' } },
  BE: { de: { vat: 'MwSt.' } },
  LU: { de: { vat: 'MwSt.' } },
  GB: { en: { export: 'Zero-rated export of goods' } },
  XI: { en: { export: 'Zero-rated export of goods' } },
  AU: { en: { vat: 'GST', export: 'GST-free export of goods' } },
};

/** Swiss law as cited in French and Italian (LTVA, LIVA); German keeps MWSTG. */
const SWISS_CITATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  fr: {
    'MWSTG (CH) Art. 23 Abs. 2 Ziff. 1': 'art. 23, al. 2, ch. 1 LTVA',
    'MWSTG (CH) Art. 8 Abs. 1': 'art. 8, al. 1 LTVA',
  },
  it: {
    'MWSTG (CH) Art. 23 Abs. 2 Ziff. 1': 'art. 23 cpv. 2 n. 1 LIVA',
    'MWSTG (CH) Art. 8 Abs. 1': 'art. 8 cpv. 1 LIVA',
  },
};

const DIRECTIVE = 'Directive 2006/112/EC Art. ';

/** What a note needs beyond the rules' outcome. */
export interface NoteContext {
  seller_country: string;
  /** Whose VAT is due for a sale outside the scope: the buyer's country. */
  buyer_country: string;
  /** The rate applied, in percent ("19", "5.5"), for the notes that name it. */
  rate?: string | null;
  seller_vat_number?: string;
  buyer_vat_number?: string;
}

/** Each language's Intl.DisplayNames, made on first use: making one costs more than a whole note. */
const REGION_NAMES = new Map<string, Intl.DisplayNames>();

function countryNameIn(language: string, code: string): string {
  const region = code === 'EL' ? 'GR' : code === 'XI' ? 'GB' : code;
  let names = REGION_NAMES.get(language);
  if (names === undefined) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    REGION_NAMES.set(language, names);
  }
  const name = names.of(region) ?? code;
  return code === 'XI' ? `${name} (XI)` : name;
}

/** The article a note cites, in `language`: the Directive's, or the seller's own law. */
function citation(outcome: RuleOutcome, language: string, phrases: Phrases): string | null {
  if (outcome.note === 'reverse_charge') return phrases.article('196');
  const first = outcome.legal_basis[0];
  if (first === undefined) return null;
  if (first.startsWith(DIRECTIVE)) return phrases.article(first.slice(DIRECTIVE.length));
  return SWISS_CITATIONS[language]?.[first] ?? first;
}

function line(key: NoteKey, outcome: RuleOutcome, context: NoteContext, language: string): string {
  const phrases: Phrases = { ...PHRASES[language], ...COUNTRY_WORDING[context.seller_country]?.[language] };
  const rate = context.rate ? ` ${context.rate} %` : '';
  const cite = citation(outcome, language, phrases);
  const cited = (text: string) => (cite ? `${text} (${cite})` : text);
  const place = outcome.vat_country ?? context.seller_country;
  switch (key) {
    case 'domestic':
    case 'distance_sale':
      return `${phrases.vat}${rate}`;
    case 'distance_sale_oss':
      return cited(`${phrases.vat}${rate}, ${countryNameIn(language, place)}: ${phrases.oss}`);
    case 'reverse_charge':
      return cited(phrases.reverseCharge);
    case 'intra_community_supply': {
      const numbers = [context.seller_vat_number, context.buyer_vat_number].filter(Boolean).join(' → ');
      return `${cited(phrases.intraCommunitySupply)}${numbers ? `: ${numbers}` : ''}`;
    }
    case 'export':
      return cited(phrases.export);
    case 'outside_scope':
      return cited(phrases.outside(countryNameIn(language, context.buyer_country)));
    case 'not_assessed':
      return phrases.notAssessed;
  }
}

/** The languages of a seller's invoice notes: its own, then English. */
export function noteLanguages(sellerCountry: string): string[] {
  const own = SELLER_LANGUAGES[sellerCountry] ?? [];
  return [...own.filter((language) => language !== 'en'), 'en'];
}

/** The invoice note for a decision: one line per language, the seller's first, English last. */
export function renderInvoiceNote(outcome: RuleOutcome, context: NoteContext): InvoiceNote {
  const languages = noteLanguages(context.seller_country);
  return {
    // A line that reads the same in two languages (Maltese and English "VAT 18 %") is written once.
    text: [...new Set(languages.map((language) => line(outcome.note, outcome, context, language)))].join(
      '\n',
    ),
    language: languages.join(','),
  };
}
