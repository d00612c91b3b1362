/**
 * The crisis check's patterns for Spanish, French, German, Portuguese, Italian and Dutch: a real model answers in the
 * member's language, so members write in it. Written with the same care as the English ones in
 * src/server/olo/safety.ts: intent, a person as the object, or the end of a clause keep the idioms out ("me muero de
 * risa", "je meurs de faim", "ich sterbe vor Hunger", "das bringt mich um", "morrer de rir", "morire dal ridere", "ik ga
 * dood van de honger"). Messages reach them lowercased, without accents or apostrophes, and with doubled letters
 * squeezed; patterns are written in the languages' own spelling and brought to that form by phrase().
 */
import { phrase, unless } from './safety.text'

/** The clause ends here: a clause mark, the end of the message, laughter, "and", "but", or "any more" in one of the six languages. */
const END =
  '(?=$|\\x20(?:\\.|lol|haha|jaja|jeje|mdr|ptdr|xd|kk|y|pero|ya|et|mais|plus|und|aber|mehr|e|ma|più|mas|maar|meer)(?![a-z]))'

// ─── Spanish ────────────────────────────────────────────────────────────────────────────────────────────────────────

const ES_NOT = '(?<!(?<![a-z])(?:no|nunca|jamás|tampoco) )'

const ES_WISH =
  '(?:quiero|quisiera|querría|quería|deseo|desearía|me gustaría|necesito|solo quiero|tengo ganas de|me dan ganas de|ganas de|prefiero|preferiría|ojalá pudiera)'

const ES_INTENT =
  `(?:${ES_WISH}|voy a|vamos a|pienso|pienso en|estoy pensando en|he pensado en|pensé en|sigo pensando en|planeo|intenté|intento|he intentado` +
  '|trato de|estoy a punto de|debería|podría|he decidido|decidí)'

const ES_NOT_ABOUT_A_TASK = unless('a|al|de|del|con|en|estudiando|trabajando|entrenando|por|haciendo|el pelo|el cabello|las uñas|el flequillo|la barba|las puntas|jugando|sin querer')

const ES_PERSON =
  'a (?:mi |mis |tu |su |ese |esa |este |esta |el |la |los |las |un |una )?(?:jefe|jefa|marido|esposo|esposa|mujer|novio|novia|pareja|ex|madre|padre|mamá|papá|padres|hermano|hermana' +
  '|hijo|hija|hijos|bebé|vecino|vecina|compañero|compañera|profesor|profesora|amigo|amiga|suegra|suegro|alguien|todos|todo el mundo|gente|tipo|tío|tía)'

const ES_HARM_VERB = '(?:matar|apuñalar|acuchillar|estrangular|envenenar|disparar|golpear|lastimar|herir|hacer daño|hacerle daño|pegarle|pegar)'

const SPANISH: readonly RegExp[] = [
  phrase(`${ES_NOT}${ES_WISH} (?:solo |sólo |simplemente |de verdad |ya )?morir(?:me)?${unless('de|del|por|sin|antes|en|con|que|riendo|a|viejo|vieja|feliz|tranquilo|tranquila')}`),
  phrase(`${ES_NOT}me (?:quiero|quisiera|voy a querer|gustaría) morir${unless('de|del|por|sin|riendo|antes')}`),
  phrase(`(?:quiero|quisiera|ojalá|preferiría|prefiero|desearía|me gustaría) (?:estar|estuviera) (?:ya )?muert[oa]${unless('de|que|antes')}`),
  phrase('ojalá (?:me muriera|me muera|muriera|no hubiera nacido|nunca hubiera nacido|no despertara|no despierte)' + unless('de')),
  phrase('(?:quitarme|quitar) (?:la|mi) (?:propia )?vida|me (?:voy a |quiero |pienso |podría )?quitar la vida|(?:acabar|terminar) con mi (?:propia )?vida' + unless('social|laboral|sentimental|amorosa|de')),
  phrase('poner fin a mi (?:propia )?vida|quitarme de en medio'),
  phrase(`${ES_INTENT} (?:matarme|suicidarme|ahorcarme|envenenarme)${ES_NOT_ABOUT_A_TASK}`),
  phrase(`me (?:voy a|quiero|pienso|podría|debería) (?:matar|ahorcar|envenenar)${ES_NOT_ABOUT_A_TASK}`),
  phrase(`me (?:mato|mataré)${END}`),
  phrase(`${ES_INTENT} (?:acabar|terminar) con todo(?:${END}| de una vez| para siempre)`),
  phrase(`(?:no|ya no) (?:quiero|deseo|tengo ganas de) (?:seguir )?(?:vivir|viviendo|existir|estar viv[oa]|estar aquí)(?:${END}| (?:así|nunca más|esta vida|en este mundo))`),
  phrase(`no quiero (?:volver a )?despertar(?:me)?(?:${END}| (?:nunca más|nunca|jamás|mañana${END}))`),
  phrase('dormir(?:me)? y no (?:volver a )?despertar|dormirme para siempre'),
  phrase('(?:quiero|quisiera|ojalá pudiera) (?:desaparecer|dejar de existir|no existir)(?: para siempre)?' + unless('de|del|un|una|unos|unas|el|la|este|esta|por|hasta|en|a')),
  phrase(`(?:estarían|estaría|vivirían|serían|sería|estarán) (?:todos )?(?:mucho )?mejor sin mí${END}`),
  phrase('mejor si (?:yo )?(?:no existiera|no estuviera|me muriera|muriera|desapareciera|estuviera muert[oa]|no hubiera nacido)'),
  phrase(`(?:soy|me siento(?: como)?) una carga(?:${END}| para (?:todos|todo el mundo|mi familia|ellos|los demás|mis padres))`),
  phrase(`nadie me (?:echaría de menos|extrañaría)(?:${END}| si (?:me muriera|muriera|me muero|desapareciera|no estuviera|ya no estuviera|me mato|me matara))`),
  phrase('a nadie le importaría si (?:me muero|me muriera|muriera|desapareciera|me mato|me matara)'),
  phrase('(?:la|mi) vida no tiene (?:ningún )?sentido|(?:la vida|mi vida|vivir) no vale la pena|no vale la pena (?:vivir|seguir viviendo)'),
  phrase('no (?:tiene|le veo|veo) (?:ningún )?sentido (?:a )?(?:vivir|la vida|seguir viviendo|seguir vivo|seguir viva)'),
  phrase('no tengo (?:nada|ninguna razón|razones|motivos) (?:por lo que|para|por qué|por que) vivir'),
  phrase(`(?:estoy|me siento) (?:muy )?(?:cansad[oa]|hart[oa]|agotad[oa]) de (?:vivir|la vida|existir|estar viv[oa])(?:${END}| así)`),
  phrase(`(?:ya )?no (?:puedo|aguanto|soporto) más${END}|no lo (?:aguanto|soporto) más${END}`),
  phrase(`no puedo seguir (?:así|viviendo|con esta vida|con mi vida)|no puedo seguir${END}`),
  phrase(`no (?:veo|hay|tengo) (?:ninguna |otra )?salida${END}`),
  phrase('(?:tirarme|lanzarme|arrojarme|saltar|me (?:voy a|quiero|pienso) (?:tirar|lanzar|arrojar)) (?:de|desde|por|a|al|bajo|delante de) (?:un |una |el |la |las |mi )?(?:puente|edificio|balcón|ventana|azotea|tejado|acantilado|tren|metro|vías|coche|camión)'),
  phrase('pegarme un tiro|me (?:voy a |quiero )?pegar un tiro|volarme la cabeza|(?:cortarme|me corto|me voy a cortar) las (?:venas|muñecas)|colgarme del cuello'),
  phrase(`(?:${ES_INTENT} )?(?:tomarme|tomar|tragarme|tragar|me tomé) (?:todas|todos) (?:mis|las|los) (?:pastillas|pastis|medicamentos|medicinas|píldoras|somníferos) (?:de golpe|de una vez|juntas|a la vez)`),
  phrase(`${ES_INTENT} (?:tomarme |tomar |tragarme |tragar )(?:todas|todos) (?:mis|las|los) (?:pastillas|pastis|medicamentos|medicinas|píldoras|somníferos)`),
  phrase(`${ES_INTENT} (?:tomar |tomarme |provocarme |hacerme )?(?:una )?sobredosis`),
  phrase('(?:acumulando|guardando|juntando) (?:mis |las )?(?:pastillas|medicamentos|somníferos)'),
  phrase(`${ES_INTENT} (?:hacerme daño|lastimarme|herirme|cortarme|quemarme|golpearme|castigarme|autolesionarme)${ES_NOT_ABOUT_A_TASK}`),
  phrase(`me (?:quiero|voy a) (?:hacer daño|lastimar|cortar|quemar|herir)${ES_NOT_ABOUT_A_TASK}`),
  phrase(`me (?:he estado|estoy|sigo|he vuelto a) (?:cortando|lastimando|haciendo daño|quemando|cortar|lastimar|hacer daño)${ES_NOT_ABOUT_A_TASK}`),
  phrase(`(?:volví|he vuelto) a (?:cortarme|hacerme daño|lastimarme)${ES_NOT_ABOUT_A_TASK}`),
  phrase('(?:escribí|escribiendo|escribir|he escrito|dejé|dejar) (?:una |mi |unas |las |mis )?cartas? de despedida'),
  phrase('(?:estoy )?regalando (?:todas )?mis cosas' + unless('a (?:la )?(?:caridad|beneficencia)|porque|antes de (?:la|mi) mudanza')),
  phrase(`esta es mi (?:última )?despedida${END}|adiós para siempre|adiós mundo cruel`),
  phrase(`${ES_NOT}(?:voy a|vamos a|quiero|quisiera|pienso|tengo ganas de|me dan ganas de|ganas de|podría|pensamientos de|pienso en) ${ES_HARM_VERB} ${ES_PERSON}`),
  phrase(`${ES_NOT}(?:voy a|quiero|quisiera|pienso|tengo ganas de|ganas de|podría) (?:matar|apuñalar|estrangular|envenenar|acuchillar|golpear|lastimar)(?:lo|la|los|las|le|les|te|os)`),
  phrase(`${ES_NOT}(?:lo|la|los|las|le|te) (?:voy a|quiero|pienso) (?:matar|apuñalar|estrangular|envenenar|acuchillar)`),
  phrase('(?:él|ella|mi (?:marido|esposo|esposa|mujer|pareja|novio|novia|padre|madre|padrastro|madrastra|hermano|ex)) (?:siempre |todavía |a veces )?me (?:pega|golpea|maltrata|viola|violó|pegó|golpeó|ha pegado|ha golpeado|ha violado|da palizas|amenaza)' + unless('al|a las|en|jugando|sus|su|la|el|los|las|un|una|lo|mucho')),
  phrase('(?:abusa|abusó|ha abusado) de mí|me (?:amenaza|amenazó|ha amenazado) con matarme|amenazó con matarme'),
  phrase('(?:tengo miedo|me da miedo) (?:de )?que me (?:mate|pegue|haga daño|viole)'),
  phrase('(?:fui|he sido|me han) (?:violad[oa]|abusad[oa]|agredid[oa] sexualmente)|me (?:violó|violaron)'),
  phrase('no (?:estoy|me siento) (?:a salvo|segur[oa]) (?:en casa|en mi casa|con él|con ella)'),
  phrase('(?:estoy|estamos) en peligro' + unless('de')),
  phrase('violencia (?:doméstica|de género)|malos tratos'),
]

// ─── French ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const FR_WISH = "(?:veux|voudrais|aimerais|préfère|préférerais|ai envie de|envie de|besoin de|pense à|songe à|rêve de|ai hâte de)"

const FR_INTENT = `(?:${FR_WISH}|vais|compte|dois|devrais|pourrais|ai essayé de|essaie de|essaye de|ai décidé de|suis prêt à|suis prête à)`

const FR_PERSON =
  "(?:quelqu'un|tout le monde|les gens|(?:mon|ma|mes|son|sa|ses|ce|cette|cet|le|la|les|un|une) (?:patron|patronne|chef|mari|femme|copain|copine|ex|mère|père|parents|frère|sœur|fils|fille" +
  '|enfants?|bébé|voisin|voisine|collègue|prof|ami|amie|belle-mère|beau-père|type|mec|meuf))'

const FR_HARM_VERB = '(?:tuer|buter|poignarder|étrangler|frapper|empoisonner|descendre|égorger|massacrer)'

const FRENCH: readonly RegExp[] = [
  phrase(`${FR_WISH} (?:juste |simplement |vraiment |seulement )?mourir${unless("de|d|pour|en|avant|sans|à|a|dans|heureux|heureuse|vieux|vieille|riche|tranquille")}`),
  phrase(`(?:veux|voudrais|aimerais|préférerais) (?:juste )?(?:être|etre) mort(?:e)?${unless('de|d|que|plutôt')}`),
  phrase("(?:si seulement j'étais|j'aimerais être|je voudrais être) mort(?:e)?|j'aurais (?:préféré|aimé) ne (?:jamais|pas) naître"),
  phrase(`${FR_INTENT} (?:juste |vraiment )?(?:me tuer|me pendre|me suicider|me supprimer)${unless("à|a|au|aux|pour|en|avec|de|d")}`),
  phrase("mettre fin à (?:mes jours|ma vie)|m'ôter la vie|mettre un terme à (?:ma vie|mes jours)|me donner la mort|me foutre en l'air|en finir avec (?:la vie|ma vie)"),
  phrase(`(?:${FR_INTENT} |envie d'|besoin d'|décidé d')en finir(?:${END}| avec tout| une bonne fois| pour de bon)`),
  phrase("(?:veux|voudrais|aimerais|envie de) (?:juste )?disparaître (?:pour toujours|à jamais|définitivement|pour de bon)|(?:veux|voudrais) (?:ne plus exister|arrêter d'exister|cesser d'exister)"),
  phrase(`(?:veux|voudrais) plus (?:vivre|exister|être en vie|continuer à vivre|être là)(?:${END}| comme ça| ainsi| cette vie)`),
  phrase(`(?:n'ai|ai) plus (?:envie|la force|le courage) de (?:vivre|continuer|me battre|me lever)${END}`),
  phrase(`(?:ne )?(?:veux|voudrais) (?:plus|pas) me réveiller${END}|ne (?:jamais|plus jamais|plus) me réveiller`),
  phrase(`(?:n'en|j'en) peux plus${END}|ne (?:supporte|tiens) plus${END}|ne supporte plus (?:la vie|de vivre|rien)`),
  phrase(`(?:ne )?peux plus continuer(?:${END}| comme ça| à vivre| ainsi)`),
  phrase("(?:la|ma) vie n'a (?:plus )?(?:aucun |pas de )?sens|vivre n'a (?:plus )?(?:aucun )?sens|la vie ne vaut (?:plus )?pas la peine"),
  phrase("(?:ne )?vois (?:plus|pas) (?:l'intérêt|le sens|la raison|le but) de (?:vivre|continuer à vivre|la vie|rester en vie)"),
  phrase("(?:plus|aucune) (?:aucune |de )?raison(?:s)? de vivre|(?:plus )?rien pour quoi vivre|ça ne vaut (?:plus )?pas la peine de vivre"),
  phrase(`(?:fatigué|fatiguée|marre|lassé|lassée) de (?:vivre|la vie|exister)${END}`),
  phrase(`(?:ne vois|vois) (?:pas d'|aucune |plus d')issue${END}`),
  phrase(`(?:serait|seraient|serais|seront|sera|vivraient) (?:tous )?(?:bien )?mieux sans moi${END}`),
  phrase("mieux si (?:je n'étais pas là|j'étais mort|j'étais morte|je mourais|je disparaissais|je n'existais pas|je n'étais jamais né|je n'étais jamais née)"),
  phrase(`(?:je suis|me sens comme) un (?:fardeau|poids)(?:${END}| pour (?:tout le monde|tous|ma famille|mes proches|les autres|mes parents))`),
  phrase(`personne ne (?:me regretterait|me pleurerait|remarquerait)(?:${END}| si je (?:mourais|disparaissais|partais pour toujours))|je ne manquerais à personne`),
  phrase("(?:sauter|me jeter) (?:d'un|du|de la|depuis un|depuis le|par la) (?:pont|immeuble|balcon|toit|falaise|fenêtre|tour)" + unless('pour|en|dans|avec')),
  phrase('me jeter (?:sous|devant) (?:un|le|une|la) (?:train|métro|bus|camion|voiture|rame)'),
  phrase("me tirer une balle|me mettre une balle|me faire sauter la cervelle|m'ouvrir les veines|me couper les veines|me taillader les (?:veines|poignets)|me trancher (?:les veines|la gorge)"),
  phrase(`(?:${FR_INTENT} )?(?:prendre|avaler) (?:tous|toutes) (?:mes|les) (?:médicaments|cachets|comprimés|pilules|médocs|somnifères) (?:d'un coup|en même temps|d'un seul coup|à la fois)`),
  phrase(`${FR_INTENT} (?:prendre|avaler) (?:tous|toutes) (?:mes|les) (?:médicaments|cachets|comprimés|pilules|médocs|somnifères)`),
  phrase(`${FR_INTENT} (?:faire |prendre )?une (?:overdose|surdose)`),
  phrase('(?:stocke|stocker|accumule|accumuler|mets de côté|garde) (?:mes |des |les )?(?:médicaments|cachets|comprimés|pilules|médocs|somnifères)' + unless('dans|au|à|a|pour|en')),
  phrase(`(?:${FR_INTENT}|recommencé à|continue à|continue de|me remets à) (?:me faire du mal|me blesser|me couper|me scarifier|me brûler|me frapper|me mutiler|me punir)${unless('les|la|le|en|avec|au|à|a|sans|par accident')}`),
  phrase('je me (?:fais du mal|coupe|scarifie|mutile|brûle|blesse) (?:encore|à nouveau|exprès|volontairement|tous les jours)|je me fais du mal' + END),
  phrase("(?:écrit|écris|écrire|écrivais|laissé|laisser) (?:une |ma |des |mes )?lettres? d'adieu"),
  phrase('(?:donne|donner|donné) (?:toutes )?mes affaires' + unless('à (?:une )?(?:association|œuvre|emmaüs)|aux pauvres|parce que|avant (?:le|mon) déménagement')),
  phrase(`(?:ceci est|c'est) mon (?:dernier )?adieu${END}|adieu pour toujours|adieu monde cruel`),
  phrase(`(?:vais|veux|voudrais|envie de|pense à|ai envie de|pourrais) (?:le |la |les |te |vous |l')${FR_HARM_VERB}`),
  phrase(`(?:vais|veux|voudrais|envie de|pense à|ai envie de|pourrais) ${FR_HARM_VERB} ${FR_PERSON}`),
  phrase(`(?:vais|veux|voudrais|envie de|pense à|pourrais) faire du mal à ${FR_PERSON}`),
  phrase(
    "(?:il|elle|ils|mon (?:mari|copain|père|beau-père|ex|conjoint|compagnon|frère)|ma (?:femme|copine|mère|belle-mère|conjointe|compagne)) (?:me (?:frappe|frappent|bat|battent|viole|maltraite|menace|tape|cogne|étrangle)|m'a (?:frappé|frappée|violé|violée|agressé|agressée|menacé|menacée|étranglé|étranglée))" +
      unless('aux|à|au|en|toujours|souvent|encore aux'),
  ),
  phrase("menac(?:e|é|ée|ait)(?:e)? de me tuer|j'ai été (?:violé|violée|agressé sexuellement|agressée sexuellement|battu|battue|abusé|abusée)"),
  phrase("peur qu'(?:il|elle|ils) me (?:tue|frappe|batte|fasse du mal|viole)"),
  phrase(`(?:ne suis pas|ne me sens pas|suis pas|me sens pas) en sécurité(?: (?:chez moi|à la maison|avec lui|avec elle)|${END})`),
  phrase('je suis en danger' + unless('de|d')),
  phrase('violences? (?:conjugales?|domestiques?|familiales?)'),
]

// ─── German ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const DE_WISH = '(?:will|möchte|möchte gern|möchte gerne|würde gern|würde gerne|wünsche mir|wünschte|sehne mich danach zu|hoffe|würde am liebsten)'

const DE_INTENT = `(?:${DE_WISH}|werde|hab vor|habe vor|denke daran|denke darüber nach|überlege|plane|muss|sollte|könnte|versuche|habe versucht|hab versucht)`

const DE_OBJECT = '(?:ihn|sie|dich|euch|jemanden|jemandem|ihm|ihr|alle|meinen [a-z]+|meine [a-z]+|meinem [a-z]+|meiner [a-z]+|den [a-z]+|diesen [a-z]+|diese [a-z]+)'

const DE_HARM_VERB = '(?:umbringen|umzubringen|töten|zu töten|erstechen|erschießen|erwürgen|vergiften|verprügeln|abstechen|verletzen|wehtun|weh tun|abknallen|kaltmachen)'

const de = (source: string) => phrase(source, { umlauts: true })

const GERMAN: readonly RegExp[] = [
  de(`(?<!nicht )${DE_WISH} (?:einfach |nur |einfach nur |lieber |endlich |bald |nur noch )*sterben${unless('vor|an|für|als|wenn|bevor|ohne|und|aus')}`),
  de(`(?:will|möchte|wäre|wär) (?:einfach |lieber |am liebsten )?tot(?: sein)?${END}`),
  de('wünschte,? ich wäre (?:tot|nie geboren|nicht mehr da)|wäre (?:lieber )?nie geboren'),
  de('(?:mich|mir) (?:selbst )?(?:umbringen|umzubringen|töten|zu töten|das leben (?:zu )?nehmen|etwas antun|was antun|etwas anzutun|etwas anzutun)'),
  de('ich bring(?:e)? mich (?:selbst |noch |einfach |jetzt )?um'),
  de('schluss machen (?:mit allem|mit dem leben|mit meinem leben|für immer)|allem ein ende (?:machen|setzen)|meinem leben ein ende (?:machen|setzen|bereiten)'),
  de(`(?:will|möchte|kann) nicht mehr (?:so )?(?:leben|da sein|existieren|weiterleben|am leben sein)${END}`),
  de(`(?:will|möchte) (?:morgen )?(?:nie mehr|nicht mehr|nie wieder|nicht) aufwachen${END}|einschlafen und nie (?:mehr|wieder) aufwachen`),
  de(`(?:will|möchte) (?:einfach )?(?:verschwinden|weg sein) (?:für immer|und nie wiederkommen)|(?:will|möchte) nicht mehr existieren`),
  de(`ich kann nicht mehr${END}|(?:halte|ertrage) (?:es|das) nicht mehr(?: aus)?${END}|schaffe? (?:es|das) nicht mehr${END}`),
  de(`sehe keinen (?:ausweg|sinn) mehr${END}|(?:es|das|das alles|alles) hat (?:doch )?(?:alles |eh )?keinen sinn mehr${END}`),
  de('(?:das|mein) leben hat (?:für mich )?keinen sinn(?: mehr)?|mein leben ist (?:so |völlig |total )?(?:sinnlos|wertlos|nichts wert)|(?:kein|keinen) grund (?:mehr )?zu leben'),
  de('nichts mehr,? wofür es sich (?:zu )?leben lohnt|das leben lohnt sich nicht mehr'),
  de('(?:bin|fühle mich) (?:so |total |einfach )?lebensmüde|(?:bin|bin es) (?:es )?leid,? zu leben|müde vom leben'),
  de(`besser (?:dran |weg )?ohne mich${END}|ohne mich besser (?:dran|weg)`),
  de(`(?:bin|fühle mich wie) (?:nur |doch nur )?eine last(?:${END}| für (?:alle|alle anderen|meine familie|meine eltern|jeden))`),
  de(`(?:niemand|keiner) würde mich vermissen${END}|(?:vermissen|auffallen|merken|kümmern|interessieren),? wenn ich (?:weg|tot|nicht mehr da|nicht mehr hier) wäre`),
  de('(?:will|werde|möchte|denke daran|überlege) (?:von|aus) (?:einer|der|dem|einem) (?:brücke|hochhaus|dach|balkon|klippe|turm|fenster) (?:zu )?springen|vom (?:dach|hochhaus|balkon|turm) (?:zu )?springen'),
  de('(?:mich vor|vor) (?:den|einen|die) (?:zug|bahn|u-bahn|s-bahn|lkw|bus|laster) (?:zu )?(?:werfen|legen|springen)|werfe mich vor (?:den|einen|die)'),
  de('mich (?:zu )?(?:erhängen|aufhängen|aufzuhängen|erschießen|vergiften|ertränken|erdrosseln)|häng(?:e)? mich auf|mir (?:die|eine) kugel (?:geben|in den kopf)'),
  de('(?:pulsadern|handgelenke) (?:aufschneiden|aufzuschneiden|aufritzen)|mir die pulsadern'),
  de('alle (?:meine |die )?(?:tabletten|pillen|medikamente|schlaftabletten) (?:auf einmal|zusammen|gleichzeitig)'),
  de(`${DE_INTENT} alle (?:meine |die )?(?:tabletten|pillen|medikamente|schlaftabletten) (?:zu )?(?:nehmen|schlucken|einwerfen)`),
  de(`${DE_INTENT} (?:an )?(?:eine )?überdosis|(?:sammle|horte|bunkere) (?:meine |die )?(?:tabletten|pillen|medikamente|schlaftabletten)`),
  de('ich ritze mich|mich (?:zu )?ritzen|(?:habe|hab) mich (?:wieder |schon wieder )?geritzt|selbst ?verletz[a-z]*'),
  de(`${DE_INTENT} mich (?:selbst )?(?:zu )?(?:verletzen|schneiden|bestrafen|verbrennen)${END}|verletze mich (?:selbst|absichtlich|wieder|immer wieder)`),
  de('abschiedsbrie(?:f|fe|fen)'),
  de('verschenke (?:all )?meine (?:sachen|habseligkeiten)' + unless('an|weil|vor dem umzug')),
  de(`${DE_INTENT} ${DE_OBJECT} (?:[a-z]+ )?${DE_HARM_VERB}`),
  de('ich bring(?:e)? (?:dich|ihn|sie|euch|jemanden) (?:noch )?um|ich (?:töte|erschieße|ersteche) (?:dich|ihn|sie|euch)'),
  de(
    '(?:er|sie|mein (?:mann|freund|vater|stiefvater|partner|ex|bruder)|meine (?:mutter|frau|partnerin|freundin|stiefmutter)) (?:schlägt|verprügelt|misshandelt|vergewaltigt|bedroht|würgt|tritt) mich' +
      unless('beim|im|bei|in|immer beim|jedes mal beim'),
  ),
  de('hat mich (?:geschlagen|vergewaltigt|missbraucht|verprügelt|gewürgt|misshandelt)|(?:ich wurde|wurde ich) (?:vergewaltigt|missbraucht|misshandelt|verprügelt)'),
  de('droht(?:e)?,? mich (?:umzubringen|zu töten|zu schlagen)|angst,? dass (?:er|sie) mich (?:umbringt|tötet|schlägt)'),
  de('(?:fühle mich|bin) (?:zu hause|zuhause|daheim|bei ihm|bei ihr) nicht (?:mehr )?sicher|(?:fühle mich|bin) nicht (?:mehr )?sicher (?:zu hause|zuhause|daheim|bei ihm|bei ihr)'),
  de('ich bin in (?:großer )?gefahr' + unless('zu|den|die|das')),
  de('häusliche gewalt'),
]

// ─── Portuguese ─────────────────────────────────────────────────────────────────────────────────────────────────────

const PT_NOT = '(?<!(?<![a-z])(?:não|nunca|jamais|nao) )'

const PT_WISH = '(?:quero|queria|gostaria de|desejo|tenho vontade de|só quero|prefiro|preferia|quem me dera)'

const PT_INTENT = `(?:${PT_WISH}|vou|eu vou|estou pensando em|tô pensando em|to pensando em|penso em|pensei em|preciso|tentei|vou tentar|planejo|decidi|devia|deveria)`

const PT_NOT_ABOUT_A_TASK = unless('de|a|trabalhando|estudando|na|no|com|por|o cabelo|a franja|as unhas|a barba|jogando|sem querer')

const PT_PERSON =
  '(?:o meu |a minha |meu |minha |meus |minhas |o |a |esse |essa |aquele |aquela )?(?:chefe|marido|esposa|mulher|namorado|namorada|ex|mãe|pai|pais|irmão|irmã|filho|filha|filhos' +
  '|bebê|vizinho|vizinha|colega|professor|professora|amigo|amiga|sogra|sogro)|alguém|todo mundo|todos|ele|ela|eles|elas|você'

const PORTUGUESE: readonly RegExp[] = [
  phrase(`${PT_NOT}${PT_WISH} (?:só |apenas |mesmo |muito )?morrer${unless('de|do|da|por|sem|antes|velho|velha|em paz|feliz|no|na')}`),
  phrase(`(?:quero|queria|preferia|gostaria de) estar mort[oa]${unless('de|do|que')}`),
  phrase('(?:queria|gostaria de|quem me dera) (?:não|nunca) ter nascido|(?:quero|queria) (?:sumir|desaparecer) (?:para sempre|pra sempre|de vez)|(?:quero|queria) (?:deixar|parar) de existir'),
  phrase(`${PT_INTENT} (?:me matar|matar-me|me suicidar|me enforcar|me envenenar)${PT_NOT_ABOUT_A_TASK}`),
  phrase(`me mato${END}`),
  phrase('tirar (?:a )?minha (?:própria )?vida|(?:acabar|dar cabo) (?:com|da) (?:a )?minha (?:própria )?vida|pôr fim à minha vida' + unless('social|amorosa|de')),
  phrase(`${PT_INTENT} acabar com tudo(?:${END}| de vez| para sempre| pra sempre)`),
  phrase(`(?:não|nao) (?:quero|aguento|consigo) mais (?:viver|existir|continuar vivendo|continuar viv[oa]|estar aqui|acordar)(?:${END}| assim| essa vida)`),
  phrase(`(?:não|nao) quero (?:viver|existir|acordar) mais${END}|(?:não|nao) quero (?:acordar|viver|existir)${END}`),
  phrase(`(?:não|nao) (?:aguento|suporto|consigo) mais${END}|(?:não|nao) (?:aguento|suporto) mais (?:viver|a vida|essa vida|minha vida|a minha vida)`),
  phrase('(?:a |minha |a minha )?vida não (?:tem|faz) (?:mais )?(?:nenhum )?sentido|(?:não|nao) vale a pena viver'),
  phrase('(?:não|nao) (?:tem|faz|vejo) (?:mais )?(?:nenhum )?sentido (?:em )?(?:viver|continuar vivendo|continuar viv[oa]|estar viv[oa])'),
  phrase('(?:não|nao) tenho (?:mais )?(?:nenhum )?motivo (?:para|pra) viver|(?:não|nao) tenho (?:mais )?(?:nada|razão) (?:para|pra|pelo qual) viver'),
  phrase(`cansad[oa] de (?:viver|existir|estar viv[oa]|a vida)${END}`),
  phrase(`(?:não|nao) vejo (?:nenhuma )?saída${END}`),
  phrase(`(?:estariam|ficariam|seriam|estaria|ficaria|viveriam) (?:todos )?(?:bem |muito )?melhor(?:es)? sem mim${END}`),
  phrase('melhor se eu (?:não existisse|morresse|sumisse|desaparecesse|estivesse mort[oa]|não estivesse aqui)'),
  phrase(`sou um (?:fardo|peso)(?:${END}| (?:para|pra) (?:todos|todo mundo|minha família|a minha família|eles|os outros))`),
  phrase(`ninguém (?:sentiria|ia sentir|vai sentir) (?:a )?(?:minha )?falta(?: de mim)?(?:${END}| se eu (?:morresse|sumisse|desaparecesse))|ninguém (?:ia|iria) (?:notar|perceber) se eu (?:morresse|sumisse|desaparecesse)`),
  phrase(`(?:${PT_INTENT} )?(?:pular|me jogar|jogar-me|me atirar|atirar-me) (?:de|da|do|de uma|de um|na frente de|na frente do|na frente da|debaixo de|debaixo do|sob) (?:um |uma |o |a )?(?:ponte|prédio|janela|sacada|varanda|telhado|penhasco|trem|metrô|ônibus|carro|caminhão)`),
  phrase('me enforcar|enforcar-me|me dar um tiro|dar-me um tiro|estourar (?:os )?meus miolos|cortar (?:os )?(?:meus )?pulsos|me cortar os pulsos'),
  phrase(`(?:${PT_INTENT} )?tomar todos (?:os )?(?:meus )?(?:remédios|comprimidos|medicamentos) (?:de uma vez|juntos|de uma só vez)`),
  phrase(`${PT_INTENT} tomar todos (?:os )?(?:meus )?(?:remédios|comprimidos|medicamentos)|${PT_INTENT} (?:tomar )?(?:uma )?overdose`),
  phrase('(?:guardando|juntando|acumulando) (?:os )?(?:meus )?(?:remédios|comprimidos|medicamentos)'),
  phrase(`${PT_INTENT} (?:me machucar|me ferir|me cortar|me queimar|me bater|me punir|machucar-me|cortar-me)${PT_NOT_ABOUT_A_TASK}`),
  phrase(`(?:voltei a|estou|continuo|tenho) (?:me cortar|me cortando|me machucar|me machucando|me ferindo|me ferir)${PT_NOT_ABOUT_A_TASK}`),
  phrase('automutila[a-z]*'),
  phrase('(?:escrevi|escrevendo|escrever|deixei|deixar) (?:uma |a |minha |umas |as )?cartas? de despedida'),
  phrase('(?:estou )?(?:doando|dando) (?:todas )?(?:as )?minhas coisas' + unless('para (?:a )?caridade|porque|antes da mudança|pra caridade')),
  phrase(`(?:esta|essa) é a minha (?:última )?despedida${END}|adeus para sempre|adeus mundo cruel`),
  phrase(`${PT_NOT}(?:vou|quero|queria|tenho vontade de|penso em|vou acabar) (?:matar|esfaquear|estrangular|envenenar|bater em|machucar|espancar|dar um tiro em|atirar em) (?:${PT_PERSON})`),
  phrase(`${PT_NOT}(?:vou|quero|vou acabar) te (?:matar|esfaquear|estrangular|envenenar|espancar)`),
  phrase(
    '(?:meu (?:marido|pai|namorado|padrasto|irmão|companheiro|ex)|minha (?:mãe|namorada|esposa|mulher|madrasta)|ele|ela) me (?:bate|batia|bateu|espanca|espancou|agride|agrediu|estuprou|violentou|abusa|abusou|ameaça|ameaçou)' +
      unless('no|na|em|sempre no|jogando'),
  ),
  phrase('fui (?:estuprad[oa]|violentad[oa]|abusad[oa]|agredid[oa])|(?:ameaçou|ameaça) (?:me matar|matar-me)'),
  phrase(`(?:não|nao) (?:estou|me sinto) (?:segur[oa]|a salvo)(?: (?:em casa|com ele|com ela)|${END})`),
  phrase('estou em perigo' + unless('de')),
  phrase('violência doméstica|medo (?:de )?que (?:ele|ela) me (?:mate|bata|machuque)'),
]

// ─── Italian ────────────────────────────────────────────────────────────────────────────────────────────────────────

const IT_NOT = '(?<!(?<![a-z])(?:non|mai) )'

const IT_WISH = '(?:voglio|vorrei|desidero|ho voglia di|mi piacerebbe|preferirei|voglio solo|vorrei solo)'

const IT_INTENT = `(?:${IT_WISH}|penso di|sto pensando di|ho pensato di|ho deciso di|devo|dovrei|potrei|ho intenzione di|sto per|cerco di|ho provato a|ho tentato di|vado a)`

const IT_NOT_ABOUT_A_TASK = unless('di|dal|dalla|per|a|al|con|in|i capelli|la frangia|le unghie|la barba|giocando|per sbaglio')

const IT_PERSON =
  '(?:qualcuno|tutti|la gente|lui|lei|(?:mio |mia |il mio |la mia |i miei |le mie |quel |quella |quello |il |la )(?:capo|marito|moglie|ragazzo|ragazza|fidanzato|fidanzata|ex' +
  '|madre|padre|mamma|papà|genitori|fratello|sorella|figlio|figlia|figli|bambino|bambina|bambini|vicino|vicina|collega|prof|professore|amico|amica|suocera|tipo))'

const IT_HARM_VERB = '(?:ammazzare|uccidere|accoltellare|strangolare|sparare a|picchiare|fare del male a|far del male a|avvelenare)'

const ITALIAN: readonly RegExp[] = [
  phrase(`${IT_NOT}${IT_WISH} (?:solo |soltanto |davvero |proprio )?morire${unless('dal|dalla|di|per|da|prima|senza|vecchio|vecchia|felice|in pace')}`),
  phrase(`(?:voglio|vorrei|preferirei) essere (?:già )?mort[oa]${unless('di|dal|che|piuttosto')}`),
  phrase('vorrei non essere (?:mai )?nat[oa]|vorrei non esistere|(?:voglio|vorrei) smettere di esistere|(?:voglio|vorrei) sparire per sempre'),
  phrase(`${IT_INTENT} (?:uccidermi|ammazzarmi|farmi fuori|suicidarmi|impiccarmi|avvelenarmi)${IT_NOT_ABOUT_A_TASK}`),
  phrase(`mi (?:voglio|vorrei|vado a|devo) (?:uccidere|ammazzare|impiccare|avvelenare)${IT_NOT_ABOUT_A_TASK}|mi ammazzo${END}`),
  phrase('togliermi la vita|mi (?:voglio|vorrei|vado a) togliere la vita|(?:voglio|vorrei) togliermi di mezzo'),
  phrase(`farla finita(?:${END}| per sempre| una volta per tutte| con (?:la vita|tutto|tutti))`),
  phrase(`non (?:voglio|ho voglia di|ce la faccio a) (?:più )?(?:vivere|andare avanti|esistere|svegliarmi)(?:${END}| così)`),
  phrase(`non ce la faccio più(?:${END}| a vivere| ad andare avanti)|non reggo più${END}|non ne posso più${END}`),
  phrase('la (?:mia )?vita non ha (?:più )?(?:nessun |alcun )?senso|non ha (?:più )?senso vivere|non vale la pena (?:di )?vivere'),
  phrase("non ho (?:più )?(?:nessun |alcun )?motivo (?:per|di) vivere|non ho (?:più )?niente per cui vivere"),
  phrase(`stanc[oa] di vivere${END}|non vedo (?:nessuna |alcuna )?via d'uscita${END}`),
  phrase('(?:starebbero|stareste|starebbe|sarebbero|sarebbe) (?:tutti )?meglio senza di me|senza di me (?:starebbero|sarebbero|starebbe) (?:tutti )?meglio'),
  phrase(`sono (?:solo )?un peso(?:${END}| per (?:tutti|la mia famiglia|gli altri|i miei))`),
  phrase('nessuno sentirebbe la mia mancanza|a nessuno importerebbe se (?:morissi|sparissi|non ci fossi)|nessuno se ne accorgerebbe se (?:morissi|sparissi)'),
  phrase('(?:buttarmi|gettarmi|lanciarmi) (?:giù )?(?:da|dal|dalla|sotto|sotto un|sotto il|sotto al|sotto a) (?:un |una |il |la )?(?:ponte|palazzo|balcone|tetto|finestra|treno|metro|macchina|camion|scogliera)'),
  phrase(`impiccarmi|avvelenarmi|tagliarmi (?:le vene|i polsi)|spararmi(?:${END}| in testa| un colpo)|mi sparo(?:${END}| in testa)|mi (?:voglio|vado a) sparare(?:${END}| in testa)`),
  phrase(`(?:${IT_INTENT} )?(?:prendere|ingoiare|prendermi) tutte (?:le )?(?:mie )?(?:pillole|pastiglie|medicine|compresse|medicinali) (?:insieme|in una volta|tutte insieme)`),
  phrase(`${IT_INTENT} (?:prendere|ingoiare|prendermi) tutte (?:le )?(?:mie )?(?:pillole|pastiglie|medicine|compresse|medicinali)|${IT_INTENT} (?:fare |farmi )?(?:un'|una |un )?overdose`),
  phrase(`${IT_INTENT} (?:farmi del male|farmi male|tagliarmi|ferirmi|bruciarmi|punirmi|colpirmi)${IT_NOT_ABOUT_A_TASK}`),
  phrase('mi (?:faccio|sto facendo) del male|ho ricominciato a (?:tagliarmi|farmi del male)|mi taglio (?:ancora|di nuovo|le braccia|i polsi)'),
  phrase("letter[ae] d'addio"),
  phrase('sto regalando (?:tutte )?le mie cose' + unless('in beneficenza|a|perché')),
  phrase(`questo è il mio (?:ultimo )?addio${END}|addio per sempre`),
  phrase(`${IT_NOT}(?:voglio|vorrei|vado a|sto per|ho voglia di|potrei|penso di) ${IT_HARM_VERB} ${IT_PERSON}`),
  phrase(`${IT_NOT}(?:lo|la|li|le|ti|vi) (?:voglio|vorrei|vado a|devo) (?:ammazzare|uccidere|accoltellare|strangolare|avvelenare)|(?:lo |la |ti |l')ammazzo${END}`),
  phrase(`${IT_NOT}(?:voglio|vorrei|vado a|sto per|ho voglia di|potrei) (?:ammazzar|uccider|accoltellar|strangolar|picchiar|avvelenar)(?:lo|la|li|le|ti)`),
  phrase(
    '(?:mio (?:marito|padre|fratello|ex|compagno|patrigno)|mia (?:madre|moglie|matrigna)|il mio (?:ragazzo|compagno|ex)|la mia ragazza|lui|lei) mi (?:picchia|picchiava|ha picchiato|ha picchiata|maltratta|violenta|ha violentato|ha violentata|minaccia|ha minacciato|ha minacciata|prende a botte|mena)' +
      unless('a scacchi|a tennis|a carte|sempre a|a'),
  ),
  phrase('mi ha violentat[oa]|sono stat[oa] (?:violentat[oa]|stuprat[oa]|abusat[oa]|picchiat[oa])|minaccia(?:to)? di (?:uccidermi|ammazzarmi)'),
  phrase(`non (?:mi sento|sono) al sicuro(?: (?:a casa|con lui|con lei)|${END})`),
  phrase('sono in pericolo' + unless('di')),
  phrase('violenza domestica|paura che mi (?:uccida|ammazzi|picchi)'),
]

// ─── Dutch ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const NL_OBJECT = '(?:hem|haar|ze|jou|je|iemand|iedereen|mijn [a-z]+|die [a-z]+|m\'n [a-z]+)'

/** "Afmaken" is left out: it finishes a course as often as it kills. */
const NL_HARM_VERB = '(?:vermoorden|doodmaken|dood maken|neersteken|doodschieten|wurgen|vergiftigen|in elkaar slaan|pijn doen|iets aandoen)'

const DUTCH: readonly RegExp[] = [
  phrase(`(?:wil|wou) (?:gewoon |echt |liever |graag |het liefst )?(?:dood|doodgaan|dood gaan|dood zijn|sterven)${unless('van|aan|voor|als|zonder|oud|gelukkig|in')}`),
  phrase('(?:wou|wilde|zou willen) dat ik (?:dood was|niet bestond|nooit geboren was|er niet meer was)'),
  phrase('mezelf (?:van kant maken|van kant te maken|van het leven beroven|ophangen|op te hangen|doden|te doden|vermoorden|te vermoorden|iets aandoen|iets aan te doen|iets aandoe|wat aandoen|om het leven brengen|pijn doen|pijn te doen|snijden|te snijden|verwonden)'),
  phrase('snijd? mezelf (?:weer|opnieuw|expres|express|bewust|met opzet)|zelfbeschadig[a-z]*|zelfverwond[a-z]*'),
  phrase(`een (?:eind|einde) aan (?:mijn|m'n) leven|er een (?:eind|einde) aan (?:maken|te maken|maak)${END}|uit het leven (?:stappen|te stappen|stap)`),
  phrase(`wil niet (?:meer )?(?:zo )?leven${END}|wil (?:er )?niet meer zijn${END}|wil niet meer wakker worden|nooit meer wakker (?:worden|word)`),
  phrase('(?:wil|wou) (?:gewoon )?(?:verdwijnen|weg) (?:voor altijd|voorgoed|voor eeuwig)|wil (?:niet meer bestaan|ophouden met bestaan|stoppen met bestaan)'),
  phrase(`ik kan (?:het )?niet meer${END}|kan het niet meer aan${END}|trek het niet meer${END}|zie het (?:leven )?niet meer zitten${END}|zie geen uitweg(?: meer)?${END}`),
  phrase(`(?:het |mijn )?leven heeft (?:voor mij )?geen (?:zin|nut|betekenis)(?: meer)?|het heeft (?:allemaal )?geen zin meer${END}`),
  phrase('geen reden (?:meer )?om te leven|(?:niets|niks) meer om voor te leven|moe van het leven|levensmoe|het leven is (?:zinloos|waardeloos|niet meer de moeite waard)'),
  phrase(`(?:beter af|beter|gelukkiger) zonder mij${END}`),
  phrase(`ik ben (?:een |alleen maar een |gewoon een )?last(?: voor (?:iedereen|mijn familie|anderen|mijn ouders))?${END}`),
  phrase(`niemand zou (?:me|mij) missen${END}|niemand (?:zou|zal) het merken als ik (?:dood was|er niet meer was|weg was|verdween)`),
  phrase('(?:springen|spring|te springen) (?:voor|van|uit|onder) (?:de|een|het) (?:trein|brug|dak|flat|gebouw|raam|balkon|metro)|(?:voor|van|onder) (?:de|een|het) (?:trein|brug|dak|flat|gebouw|metro) (?:springen|te springen|spring)'),
  phrase('me (?:ophangen|op te hangen)|(?:mijn )?polsen (?:doorsnijden|opensnijden|door te snijden)'),
  phrase('(?:wil|ga|denk erover om|van plan om) (?:al )?(?:mijn |m\'n )?(?:pillen|medicijnen|tabletten|slaappillen) (?:tegelijk |in een keer |allemaal )?(?:in ?nemen|in te nemen|slikken|te slikken)|al (?:mijn |m\'n )?(?:pillen|medicijnen|tabletten|slaappillen) (?:tegelijk|in een keer)'),
  phrase('(?:wil|ga|denk aan|denk erover) (?:een )?overdosis|(?:verzamel|spaar) (?:mijn )?(?:pillen|medicijnen|tabletten|slaappillen)'),
  phrase(`(?:schreef|geschreven|schrijf|schrijven) (?:een |mijn |de )?afscheidsbrie(?:f|ven)(?:${END}| voor (?:iedereen|mijn familie|mijn ouders|mijn kinderen))`),
  phrase('geef (?:al )?mijn spullen weg' + unless('aan de kringloop|omdat|voor de verhuizing')),
  phrase(`dit is mijn (?:laatste )?afscheid${END}|vaarwel voor altijd`),
  phrase(`(?:ga|wil|zou|kan|kon) (?:wel )?${NL_OBJECT} (?:wel )?${NL_HARM_VERB}|ik vermoord (?:je|jou|hem|haar|ze|iedereen)`),
  phrase(
    '(?:mijn (?:man|vriend|vader|moeder|stiefvader|partner|vrouw|ex|broer|vriendin)|hij|zij) (?:slaat|sloeg|mishandelt|mishandelde|schopt|wurgt|bedreigt|bedreigde|verkrachtte|misbruikt|misbruikte) (?:me|mij)' +
      unless('met|bij|altijd met|altijd bij'),
  ),
  phrase('ik ben (?:verkracht|misbruikt|mishandeld|aangerand)|(?:hij|zij|ze) heeft (?:me|mij) (?:verkracht|misbruikt|mishandeld|geslagen|aangerand|bedreigd)'),
  phrase('dreigt(?:e)? (?:me|mij) te (?:vermoorden|doden|slaan)|bang dat (?:hij|zij|ze) (?:me|mij) (?:vermoordt|iets aandoet|slaat)'),
  phrase(`ik (?:voel me|ben) (?:thuis )?niet (?:meer )?veilig(?: thuis| bij hem| bij haar|${END})`),
  phrase('ik ben in gevaar' + unless('van|om')),
  phrase('huiselijk geweld'),
]

// ─── All six ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Words about suicide or self-harm in any of the six languages: src/server/olo/safety.ts reads them unless the clause is about the subject. */
export const NAMING_IT_IN_SIX_LANGUAGES: readonly RegExp[] = [
  // Suizid, suicidio, suicidarme, suicidaire, suïcidaal; the English forms and their exceptions are in src/server/olo/safety.ts.
  phrase(`su[iya]?[csz][iy]?d(?!(?:e|es|al|ally|ality|ial|ing|ed)(?![a-z]))[a-z]+|suizid${unless('squad')}`),
  phrase('selbstmord[a-z]*|zelfmoord[a-z]*|autolesi[a-z]*|automutila[a-z]*|scarifi(?:er|e|é|ée|ent|cation|cations)|me scarifie'),
]

/**
 * A clause about suicide as a subject rather than a wish: prevention and awareness, study and research, news, books,
 * films and their characters, a sport's "suicides". The words name the topic in all seven languages, compounds
 * included ("Suizidprävention", "zelfmoordpreventie").
 */
export const ABOUT_THE_SUBJECT = phrase(
  [
    '[a-z]*(?:prevention|prevencion|prevencao|prevenzione|praevention|pravention|preventie|awareness)[a-z]*',
    'risk factors?|factores de riesgo|fatores de risco|facteurs de risque|fattori di rischio|risikofaktoren|risicofactoren',
    'articles?|artikel|articulo|articolo|artigo|materia|chapters?|chapitre|capitulo|capitolo|kapitel|hoofdstuk',
    'exams?|examen|examens|esame|prova|partiel|klausur|prufung|pruefung|tentamen|lecture|course|cours|corso|cursus|seminar|thesis|tesis|tesi|these|trabajo de fin de grado|tcc',
    'psych(?:ology|ologie|ologia)?|sociolog(?:y|ie|ia)|durkheim|research|recherche|investigacion|pesquisa|ricerca|onderzoek|forschung|studie|study|estudio|statistics|statistiques|estadisticas|statistiche|statistik|statistieken|rates?|tasa|taux|tasso|taxa',
    'news|noticias|nouvelles|nachrichten|notizie|nieuws|documentary|documentaire|documental|documentario|doku|dokumentation',
    'films?|movie|pelicula|filme|ciné|cine|cineforum|book|novel|livre|roman|libro|novela|livro|romanzo|buch|boek|series|serie|episode|show|podcast|song|album|band',
    'characters?|personnage|personaje|personagem|personaggio|figur|personage|squad|escuadron|esquadrao|sprints?|drills?|entrenamiento|treino|training|entrainement|allenamento|cancha|quadra|court',
    'virgin suicides|virgenes suicidas|virgens suicidas|vergini suicide|setembro amarelo|campaign|campagne|campana|campanha|campagna|kampagne|walk|fundraiser|volunteer(?:ed|ing)?|welttag|world day|dia mundial|journee mondiale|giornata mondiale',
  ].join('|'),
)

export const LANGUAGE_PATTERNS: Readonly<Record<'es' | 'fr' | 'de' | 'pt' | 'it' | 'nl', readonly RegExp[]>> = {
  es: SPANISH,
  fr: FRENCH,
  de: GERMAN,
  pt: PORTUGUESE,
  it: ITALIAN,
  nl: DUTCH,
}
