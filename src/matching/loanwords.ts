/**
 * English business words as Bulgarian firms write them in Cyrillic, by sound (`ТРЕЙД`, `ГРУП`,
 * `КОНСУЛТ`), with the English words their Latin names use (`Trade`, `Group`, `Consult`). A
 * transliteration cannot give these (`ТРЕЙД` reads `treyd`), and customers write a Bulgarian
 * firm's name as the firm does in Latin letters. Only loanwords of one meaning, none a Bulgarian
 * word in its own right, and only those a letter-by-letter reading misses (`ИНВЕСТ` already reads
 * `invest`). A Cyrillic word here counts as its English word against a word in Latin letters
 * only: two Cyrillic words still compare letter by letter. Keys lower-case Cyrillic.
 */
export const LOANWORDS: ReadonlyMap<string, string> = new Map(
  [
    'трейд=trade',
    'трейдинг=trading',
    'груп=group',
    'консулт=consult',
    'консултинг=consulting',
    'инвестмънт=investment',
    'инвестмънтс=investments',
    'сървис=service',
    'сървиз=service',
    'сървисиз=services',
    'мениджмънт=management',
    'интернешънъл=international',
    'корпорейшън=corporation',
    'къмпани=company',
    'лоджистик=logistic',
    'лоджистикс=logistics',
    'енерджи=energy',
    'софтуер=software',
    'солюшънс=solutions',
    'технолоджис=technologies',
    'системс=systems',
    'пропърти=property',
    'пропъртис=properties',
    'билдинг=building',
    'дивелъпмънт=development',
    'констръкшън=construction',
    'травъл=travel',
    'партнърс=partners',
    'ентърпрайз=enterprise',
    'ентърпрайзис=enterprises',
    'експорт=export',
    'експрес=express',
    'бизнес=business',
    'хаус=house',
    'фууд=food',
    'фуудс=foods',
    'медикъл=medical',
    'комюникейшънс=communications',
    'инженеринг=engineering',
    'дистрибюшън=distribution',
    'ритейл=retail',
    'кепитъл=capital',
    'дизайн=design',
    'нетуърк=network',
    'секюрити=security',
  ].map((entry) => entry.split('=') as [string, string]),
);
