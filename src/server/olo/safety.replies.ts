/**
 * What a model must never say to a member: encouragement to die or to self-harm, or a method. Checked on Olo's own
 * replies before they are stored or shown (src/server/olo/safety.ts, isHarmfulReply), in the seven languages members
 * write in. A supportive reply may name the topic ("if you ever think about hurting yourself, please call 988"), so
 * these ask for the encouragement or the method itself, not the words around it.
 */
import { phrase, unless } from './safety.text'

/**
 * A reply that gives back what the member said or feels ("it sounds like you feel nobody would miss you") is listening,
 * not saying it; these are the words that introduce such a reflection, right before what is reflected.
 */
const HEARD_BACK = phrase(
  '(?:(?:you|u) (?:[a-z]+ )?(?:feel|felt|think|thought|believe|believed|said|say|mentioned|told me|fear|worry|worried|are worried|are afraid|are scared|wrote|tell yourself|are telling yourself|hear yourself saying|keep thinking|feeling)(?: (?:that|like))?' +
    '|(?:the )?(?:thought|thoughts|feeling|belief|voice|idea) (?:that|like|saying)' +
    '|(?:sientes|sentís|crees|creés|piensas|pensás|dices|decís|dijiste|sientas|sentir|sensación de|idea de) que' +
    "|(?:penses|crois|dis|as dit|sens|ressens|as l'impression|l'impression|l'idée|la pensée) que" +
    "|(?:pensi|credi|dici|hai detto|senti|hai la sensazione|la sensazione|il pensiero|l'idea) che" +
    '|(?:sentes|sente|acha|achas|acredita|acreditas|diz|dizes|disse|disseste|sensação de|ideia de|pensamento de) que' +
    '|(?:das gefühl|den gedanken|glaubst|denkst|sagst|meinst|hast gesagt|fühlst)(?:,? dass)?' +
    '|(?:het gevoel|de gedachte|denkt|zegt|vindt|gelooft?|hebt gezegd|voelt)(?:,? dat)?)',
  { umlauts: true },
)

/** The words just before a match, where HEARD_BACK would end: a reflection is recognised within this many characters. */
const HEARD_BACK_REACH = 80

const HEARD_BACK_BEFORE = new RegExp(`${HEARD_BACK.source}(?:\\x20\\.)?\\x20$`)

/** One thing a reply must not say; what is said to the member (not a method) is let through when it is only heard back. */
interface HarmfulReply {
  readonly pattern: RegExp
  readonly heardBackIsFine: boolean
}

/** Encouragement or a verdict on the member's life; fine when the reply only gives the member's own words back. */
function toTheMember(source: string, options?: { umlauts?: boolean }): HarmfulReply {
  return { pattern: new RegExp(phrase(source, options).source, 'g'), heardBackIsFine: true }
}

/** A method or means, or encouragement in words no reflection uses. */
function never(source: string, options?: { umlauts?: boolean }): HarmfulReply {
  return { pattern: phrase(source, options), heardBackIsFine: false }
}

/** "You should not…": a negated suggestion is the opposite of encouragement. */
const NOT_NEGATED = "(?<!(?<![a-z])(?:not|never|don't|do not|shouldn't|should not|won't|wouldn't|would not|no|non|nunca|jamais|niemals|nooit|nie|pas) )"

/** Ways of dying that no context makes harmless when a reply tells someone to do them. */
const EN_END_LIFE = "(?:kill yourself|end your (?:own )?life|end it all|take your (?:own )?life(?! (?:back|into|in|to|forward|seriously|one|by|and|a step)(?![a-z]))|unalive yourself|kys|hang yourself|overdose)"

/** Also everyday words ("you could die of laughter", "cut yourself some slack"), so they count only after the plainest pushes. */
const EN_HURT = `(?:die|hurt yourself|cut yourself|harm yourself|starve yourself)${unless('of|from|laughing|trying|in|with|some slack|a break|off|short|free|loose|out|for')}`

const PILLS_EN = '(?:pills|meds|medication|medications|tablets|sleeping pills|painkillers|antidepressants|paracetamol|tylenol|insulin)'

const MANY = '(?:[1-9][0-9]+|all|every one|twenty|thirty|forty|fifty|a hundred|dozens|a handful|the whole (?:bottle|box|pack|packet))'

const AS_PRESCRIBED = unless('as (?:prescribed|directed|your doctor)|like your doctor|the way your doctor|with food|each day|every day|daily|on time|zoals|comme (?:prescrit|indiqué)|como (?:prescrito|indicado|te indicó|receitado)|come (?:prescritto|indicato)|wie verschrieben|wie verordnet|täglich')

const HARMFUL_REPLIES: readonly HarmfulReply[] = [
  // English: encouragement.
  toTheMember(`${NOT_NEGATED}(?:you should|you could|you might as well|you need to|you have to|you ought to|why not|why don't you|go ahead and|you deserve to|it's time to|it is time to|it's time you|maybe just|just go|go|you'd be better off if you) (?:just |simply |really )?${EN_END_LIFE}`),
  toTheMember(`${NOT_NEGATED}(?:you should|you might as well|why don't you|go ahead and|you deserve to|just go|go) (?:just |simply |really )?${EN_HURT}`),
  toTheMember(`${NOT_NEGATED}(?:you should|you could|you might as well|why not|why don't you|go ahead and) (?:just )?end it(?:$| \\.)`),
  toTheMember(`(?:nobody|no one|noone|not a single person) (?:would|will|is going to|could) (?:even )?(?:miss|notice|care about|mourn|grieve) (?:you|your death|your absence|if you (?:were gone|was gone|died|disappeared|left|killed yourself))`),
  toTheMember(`(?:nobody|no one) (?:cares|would care|will care) (?:about you|if you (?:live|died|die|lived|are gone|were gone|disappeared))|you (?:won't|will not|wouldn't) be missed`),
  toTheMember(`(?:the world|everyone|everybody|they|theyd|they'd|your family|your friends|people)(?: (?:would|will|is going to))? (?:be )?(?:better|happier) off without you`),
  toTheMember(`${NOT_NEGATED}(?:you're|you are|youre) (?:just |only |nothing but )?(?:a burden|a waste of space|a waste of oxygen|worthless|better off dead)`),
  toTheMember(`${NOT_NEGATED}(?:suicide|killing yourself|ending your life|ending it|dying|self harm|cutting|hurting yourself|starving yourself) (?:is|would be|might be|could be|seems like|sounds like) (?:a |the |your )?(?:good|great|valid|reasonable|fine|okay|ok|best|right|only|smart|brave|sensible|logical) (?:idea|choice|option|way|answer|solution|decision|way out|thing to do|way to cope|plan|move)`),
  toTheMember(`${NOT_NEGATED}(?:it's|it is|its) (?:ok|okay|fine|alright|understandable|normal|reasonable) (?:for you )?to (?:want to )?(?:hurt|cut|harm|kill|starve|punish) yourself`),
  toTheMember(`(?:things|it|life|your life|nothing) (?:will|is going to|is ever going to) (?:never|not ever) get better|(?:there is|there's|theres) no hope for you`),
  // English: methods and means.
  never('(?:the )?(?:most painless|least painful|painless|easiest|quickest|fastest|surest|best|most effective|most reliable|simplest|cleanest|most certain) (?:way|ways|method|methods|means) (?:to|of) (?:die|dying|kill yourself|killing yourself|end your life|ending your life|commit suicide|committing suicide|suicide|overdose|hang yourself|end it)'),
  never('(?:lethal|fatal|deadly) (?:dose|amount|quantity)|how (?:many|much) (?:pills|tablets|of (?:your|the) [a-z]+) (?:it takes|would it take|you would need|you need) to (?:die|overdose|kill)'),
  never(`(?:take|swallow|down|have|crush up) ${MANY} (?:of )?(?:your |the |those |these |my )?${PILLS_EN}${AS_PRESCRIBED}`),
  never(`(?:take|swallow) (?:all|every one) (?:of )?(?:your|the|those) ${PILLS_EN} (?:at once|together|in one go|with alcohol)`),
  never('(?:cut|slice|slit|cutting|slicing) (?:yourself )?(?:deeper|harder|across (?:your|the) (?:wrist|vein)|along (?:your|the) (?:vein|veins|wrist|artery)|(?:your|the) wrists? (?:deeper|lengthwise|vertically))|(?:slit|cut|slice)(?:ting)? (?:your|the) (?:wrists?|throat|veins?) (?:along|across|lengthwise|vertically|deep|deeper|down)|how to cut deeper|how to hide (?:your |the )?(?:cuts|scars|self harm)'),
  never("(?:here's|here is|this is|i'll tell you|i can tell you|i can explain) how (?:to|you can|you could|to properly) (?:kill yourself|die|end your life|cut yourself|cut deeper|hang yourself|overdose|tie a noose|commit suicide|hurt yourself)"),
  never('(?:tie|tying|make|making) (?:a |the )?noose|(?:exit|suicide) bag|helium (?:hood|bag|tank and a bag)|charcoal (?:burning|grill) in a (?:closed|sealed)'),
  never(`${NOT_NEGATED}(?:you could|you can|try|consider|one option is|the best option is|the easiest option is|another option is|you might want to) (?:to )?(?:hang(?:ing)? yourself|(?:jump(?:ing)?|step(?:ping)?|throw(?:ing)? yourself) (?:off|from|in front of|under) (?:a|the|an) (?:bridge|building|roof|train|bus|car|truck|cliff|balcony|tower|oncoming)|overdos(?:e|ing)|cut(?:ting)? your (?:wrists|veins|throat)|slit(?:ting)? your wrists|shoot(?:ing)? yourself(?! (?:a|an|some|the)(?![a-z]))|poison(?:ing)? yourself|drown(?:ing)? yourself|starv(?:e|ing) yourself)`),

  // Spanish.
  toTheMember(`(?<!no )(?:deberías|podrías|tienes que|deberias|mejor) (?:simplemente |solo )?(?:matarte|suicidarte|morir|morirte|quitarte la vida|acabar con todo|acabar con tu vida|hacerte daño|cortarte|ahorcarte)${unless('de|del|a|el pelo|las uñas')}`),
  never('mátate|suicídate|muérete(?! de)|quítate la vida'),
  toTheMember(`nadie te (?:echaría|echaria|va a echar|extrañaría|extrañaria|va a extrañar)(?: de menos)?(?:$| \\.| si (?:murieras|te mueres|desaparecieras|te fueras))|a nadie le importas`),
  toTheMember(`(?:el mundo|todos|tu familia|tus amigos|la gente) (?:estaría|estarían|estaria|estarian) mejor sin ti`),
  never('(?:la|una) (?:forma|manera|mejor manera|mejor forma) (?:más )?(?:indolora|fácil|rápida|segura|efectiva) de (?:morir|matarte|suicidarte|quitarte la vida|acabar con tu vida)|dosis (?:letal|mortal)'),
  never(`(?:toma|tómate|traga|trágate) (?:[1-9][0-9]+|todas|todos) (?:de )?(?:tus|las|los) (?:pastillas|píldoras|medicamentos|comprimidos|somníferos)${AS_PRESCRIBED}`),
  never('(?:corta|córtate|cortarte) (?:más )?(?:profundo|hondo)|(?:cómo|como) cortarte más'),

  // French.
  toTheMember(`tu (?:devrais|pourrais|dois|ferais mieux de) (?:juste |simplement )?(?:te tuer|mourir|te suicider|en finir|mettre fin à tes jours|te faire du mal|te couper|te pendre)${unless('de|d|à|a')}`),
  never("tue-toi|suicide-toi|(?<!(?:il|elle|on|ça|qui|qu'il|qu'elle) )va mourir(?! de)|va te pendre"),
  toTheMember(`personne ne te (?:regretterait|regrettera|pleurerait)|tu ne manquerais à personne|(?:le monde|tout le monde|ta famille|tes proches|ils) (?:serait|seraient|sera|seront) mieux sans toi`),
  never("la (?:façon|manière|méthode|meilleure façon|meilleure manière) la plus (?:indolore|simple|rapide|sûre|efficace) de (?:mourir|te tuer|se tuer|te suicider|se suicider|mettre fin à tes jours)|dose (?:létale|mortelle)"),
  never(`(?:prends|avale) (?:[1-9][0-9]+|tous|toutes) (?:de |tes |les )?(?:tes |les )?(?:médicaments|cachets|comprimés|pilules|médocs|somnifères)${AS_PRESCRIBED}`),
  never('coupe(?:-toi)? plus (?:profond|profondément)|comment te couper plus'),

  // German.
  toTheMember(`du (?:solltest|könntest|musst) (?:dich )?(?:einfach |doch )?(?:umbringen|sterben|dich umbringen|dich töten|dir das leben nehmen|schluss machen|dich verletzen|dich ritzen|dich aufhängen)`, { umlauts: true }),
  never('bring dich (?:doch |einfach )?um|häng dich (?:doch )?auf|stirb doch', { umlauts: true }),
  toTheMember(`(?:niemand|keiner) würde dich vermissen|(?:die welt|alle|deine familie|jeder) (?:wäre|wären) (?:ohne dich )?besser dran(?: ohne dich)?|besser (?:dran )?ohne dich(?:$| \\.)`, { umlauts: true }),
  never('die (?:schmerzloseste|einfachste|schnellste|sicherste|beste) (?:art|methode|möglichkeit|weise),? (?:zu sterben|dich umzubringen|sich umzubringen|dich zu töten|sich zu töten|suizid zu begehen)|(?:tödliche|letale) dosis', { umlauts: true }),
  never(`nimm (?:[1-9][0-9]+|alle) (?:deiner|von deinen|deine) (?:tabletten|pillen|medikamente|schlaftabletten)${AS_PRESCRIBED}`, { umlauts: true }),
  never('schneide? (?:dich )?tiefer|tiefer schneiden', { umlauts: true }),

  // Portuguese.
  toTheMember(`(?:você|vc|tu) (?:deveria|devia|deve|devias|poderia|podia) (?:simplesmente |só )?(?:se matar|morrer|se suicidar|acabar com tudo|acabar com (?:a )?sua vida|se machucar|se cortar|se enforcar|matar-te|matar-se)${unless('de|a|o cabelo')}`),
  never('mate-se|suicide-se|mata-te'),
  toTheMember(`ninguém (?:sentiria|vai sentir|ia sentir) (?:a )?(?:sua|tua) falta|(?:o mundo|todos|sua família|a sua família|seus amigos) (?:estaria|estariam|ficaria|ficariam) melhor sem (?:você|ti)`),
  never('a (?:forma|maneira|melhor forma|melhor maneira) mais (?:indolor|fácil|rápida|segura) de (?:morrer|se matar|se suicidar|tirar sua vida)|dose (?:letal|fatal)'),
  never(`tome (?:[1-9][0-9]+|todos) (?:dos |os )?(?:seus )?(?:comprimidos|remédios|medicamentos)${AS_PRESCRIBED}`),
  never('corte (?:mais fundo|mais profundo)|como se cortar mais'),

  // Italian.
  toTheMember(`(?<!non )(?:dovresti|potresti|devi) (?:solo |semplicemente )?(?:ucciderti|ammazzarti|morire|suicidarti|farla finita|toglierti la vita|farti del male|tagliarti|impiccarti)${unless('di|dal|dalla|i capelli|le unghie')}`),
  never('ucciditi|ammazzati(?! di)|impiccati'),
  toTheMember(`nessuno sentirebbe la tua mancanza|(?:il mondo|tutti|la tua famiglia) (?:starebbe|starebbero|sarebbe|sarebbero) meglio senza di te`),
  never('il modo (?:più )?(?:indolore|facile|veloce|sicuro|migliore) (?:per|di) (?:morire|ucciderti|suicidarti|farla finita|toglierti la vita)|dose letale'),
  never(`prendi (?:[1-9][0-9]+|tutte) (?:delle |le )?(?:tue )?(?:pillole|pastiglie|compresse|medicine)${AS_PRESCRIBED}`),
  never('taglia(?:ti)? più (?:a fondo|profondo|in profondità)'),

  // Dutch.
  toTheMember(`je (?:zou|moet|kunt|kan) (?:gewoon )?(?:jezelf (?:gewoon )?(?:moeten )?(?:doden|vermoorden|van kant maken|ophangen|iets aandoen|pijn doen|snijden)|(?:moeten )?(?:doodgaan|dood gaan|sterven|zelfmoord plegen|er een eind aan maken))`),
  never('maak jezelf van kant|hang jezelf op|(?<!ik )ga dood(?! van)'),
  toTheMember(`niemand (?:zou|zal) je missen|(?:de wereld|iedereen|je familie) (?:zou|is|zijn|zouden) (?:beter af|beter|gelukkiger) zonder jou`),
  never('de (?:pijnloze|pijnloosste|makkelijkste|snelste|zekerste|beste) (?:manier|methode) om (?:dood te gaan|te sterven|jezelf te doden|zelfmoord te plegen|er een eind aan te maken)|dodelijke dosis'),
  never(`neem (?:[1-9][0-9]+|al) (?:van )?(?:je|jouw) (?:pillen|tabletten|medicijnen|slaappillen)${AS_PRESCRIBED}`),
  never('(?:snijd|snij) (?:jezelf )?dieper'),
]

function saidOutright(pattern: RegExp, normalised: string): boolean {
  pattern.lastIndex = 0
  for (let match = pattern.exec(normalised); match !== null; match = pattern.exec(normalised)) {
    if (!HEARD_BACK_BEFORE.test(normalised.slice(Math.max(0, match.index - HEARD_BACK_REACH), match.index))) return true
    pattern.lastIndex = match.index + 1
  }
  return false
}

/** True when a normalised reply (src/server/olo/safety.text.ts) says one of the harmful things. */
export function saysSomethingHarmful(normalised: string): boolean {
  return HARMFUL_REPLIES.some(({ pattern, heardBackIsFine }) => (heardBackIsFine ? saidOutright(pattern, normalised) : pattern.test(normalised)))
}
