// The verbs of refinement in the five languages, as patterns: each names its parts (field, to,
// where, anchor). Kept apart from refine.ts, which applies them.

/** "option(s)" and "choice(s)" in the five languages: one list for every sentence that names a field's options */
export const OPTION_WORDS = String.raw`(?:options?|choices?|choix|opciones|opci[óo]n|optionen|op[çc][õo]es|op[çc][ãa]o)`;
const THE = String.raw`(?:(?:the|a|an|le|la|les|l'|el|los|las|un|una|der|die|das|den|dem|o|os|as|um|uma)\s+)?`;
const FIELD = String.raw`(?:\s+(?:field|question|champ|question|campo|pregunta|feld|frage|pergunta))?`;
const X = String.raw`${THE}(?:(?:field|champ|campo|feld)\s+)?(.+?)${FIELD}`;

export const TOP = /^(top|start|beginning|first|haut|d[ée]but|premier|arriba|principio|inicio|oben|anfang|topo|in[íi]cio|come[çc]o)$/iu;
export const BOTTOM = /^(bottom|end|last|bas|fin|abajo|final|unten|ende|fim)$/iu;
export const AFTER = /^(after|below|under|apr[èe]s|sous|despu[ée]s de|debajo de|nach|hinter|unter|depois de|abaixo de)$/iu;

const WHERE = String.raw`(after|below|under|before|above|apr[èe]s|sous|avant|au-dessus de|despu[ée]s de|debajo de|antes de|encima de|nach|hinter|unter|vor|[üu]ber|depois de|abaixo de|antes de|acima de)`;
const POSITION = String.raw`(?:to|at|en|au|à|a|al|nach|para|no|na|o)?\s*(?:the\s+|le\s+|la\s+|el\s+|o\s+)?(top|start|beginning|bottom|end|haut|bas|d[ée]but|fin|arriba|abajo|principio|inicio|final|oben|unten|anfang|ende|topo|in[íi]cio|fim|come[çc]o)`;

const ADD = String.raw`(?:add|include|also ask for|ask for|ask|insert|put|ajoute[rz]?|ajouter|ins[ée]rer?|a[ñn]ade|a[ñn]adir|agrega|agregar|incluye|f[üu]ge|erg[äa]nze|adicione|adiciona|acrescente|inclua)`;
const REMOVE = String.raw`(?:remove|delete|drop|get rid of|take out|lose|no need for|don't ask for|do not ask for|supprime[rz]?|supprimer|enl[èe]ve[rz]?|retire[rz]?|quita|quitar|elimina|eliminar|borra|borrar|saca|entferne|l[öo]sche|streiche|remova|remove|retire|exclua|tire|apague)`;
const MAKE = String.raw`(?:make|set|mark|rends|rendez|mets|haz|pon|marca|mach|mache|setze|torne|deixe|fa[çc]a)`;
const OPTIONAL = String.raw`(optional|not required|facultati(?:f|ve)|optionnel(?:le)?|opcional|freiwillig|n[ãa]o obrigat[óo]rio)`;
const REQUIRED = String.raw`(required|mandatory|compulsory|obligatoire|obligatori[oa]|pflicht|zur pflicht|erforderlich|obrigat[óo]ri[oa])`;

export type VerbName = 'title' | 'shortText' | 'quizOn' | 'quizOff' | 'translate' | 'allRequired' | 'requiredness' | 'rename' | 'options' | 'setOptions' | 'removeOption' | 'remove' | 'moveTo' | 'moveNear' | 'add';

export const VERBS: Array<[VerbName, RegExp]> = [
  ['title', /^(?:change|set|rename|call)\s+(?:the\s+)?(?:title|form)\s+(?:to|as)\s+(.+)$|^(?:change|mets|modifie)\s+le titre (?:en|à|par)\s+(.+)$|^cambia el t[íi]tulo (?:a|por)\s+(.+)$|^[äa]ndere den titel (?:in|zu)\s+(.+)$|^mude o t[íi]tulo para\s+(.+)$/iu],
  ['shortText', /^(?:change|set)\s+(?:the\s+)?(?:short text|description|subtitle|intro)\s+to\s+(.+)$/iu],
  ['quizOn', /^(?:turn|make|convert|transforme|transformez|convierte|convi[ée]rtelo|mach|torne|transforme)\b.*\b(?:quiz|exam|test|cuestionario|prova)\b(?!.*\b(?:off|no more|anymore|plus|kein)\b)|^(?:make it|into)\s+(?:a\s+)?(?:quiz|test)$/iu],
  ['quizOff', /\b(?:not a quiz|no longer a quiz|turn off the quiz|remove the quiz|normal form|plain form|plus un quiz|retire le quiz|ya no (?:es )?un (?:quiz|cuestionario)|quita el quiz|kein quiz mehr|n[ãa]o (?:é )?mais um quiz|remova o quiz)\b/iu],
  ['translate', /^(?:(?:translate|traduis|traduire|traduce|traducir|[üu]bersetze|traduza|traduzir)(?:\s+(?:it|this|the form|the labels|everything|le formulaire|tout|el formulario|todo|das formular|alles|o formul[áa]rio|tudo))?\s+)?(?:in|into|to|en|auf|em|para|al)\s+(english|anglais|ingl[éêe]s|englisch|french|fran[çc]ais|franc[ée]s|franz[öo]sisch|spanish|espagnol|espa[ñn]ol|spanisch|espanhol|german|allemand|alem[áa]n|deutsch|alem[ãa]o|portuguese|portugais|portugu[éêe]s|portugiesisch)(?:\s+(?:please|um|bitte))?$/iu],
  ['allRequired', new RegExp(String.raw`^${MAKE}\s+(?:all|every|tous les|toutes les|todos los|todas las|alle|todos os|todas as)\s+(?:the\s+)?(?:fields?|questions?|champs|campos|preguntas|felder|fragen|perguntas)\s+${OPTIONAL}$|^${MAKE}\s+(?:all|every|tous les|todos los|alle|todos os)\s+(?:the\s+)?(?:fields?|questions?|champs|campos|preguntas|felder|fragen|perguntas)\s+${REQUIRED}$`, 'iu')],
  ['requiredness', new RegExp(String.raw`^${MAKE}\s+${X}\s+(?:${OPTIONAL}|${REQUIRED})$|^${X}\s+(?:is|should be|must be|est|doit être|es|debe ser|ist|soll|muss|é|deve ser)\s+(?:${OPTIONAL}|${REQUIRED})$|^${X}\s+(?:${OPTIONAL}|${REQUIRED})$`, 'iu')],
  ['rename', new RegExp(String.raw`^(?:rename|relabel|call|renomme[rz]?|renombra|renombrar|benenne|renomeie|renomear)\s+${X}\s+(?:to|as|en|a|como|in|para|zu)\s+(.+?)(?:\s+um)?$|^(?:change the (?:label|name) of|cambia el nombre de|change le nom de|mude o nome de)\s+${X}\s+(?:to|en|a|para)\s+(.+)$`, 'iu')],
  ['options', new RegExp(String.raw`^(?:${ADD})\s+(?:the\s+|les\s+|las\s+|die\s+|as\s+)?${OPTION_WORDS}\s+(.+?)\s+(?:to|for|à|au|a|al|zu|f[üu]r|em|ao|na|no)\s+${X}(?:\s+hinzu)?$`, 'iu')],
  ['setOptions', new RegExp(String.raw`^(?:change|set|modifie|change[rz]?|cambia|cambiar|[äa]ndere|mude|altere|troque)\s+${THE}(?:l')?${OPTION_WORDS}\s+(?:of|for|de|d'|des|du|del|von|f[üu]r|der|da|do|dos|das)\s*${X}\s+(?:to|en|par|à|a|por|in|zu|auf|para)\s+(.+)$|^${X}\s+${OPTION_WORDS}\s*:\s*(.+)$|^${X}\s+(?:can be|peut être|puede ser|kann|pode ser)\s+(.+)$`, 'iu')],
  ['moveTo', new RegExp(String.raw`^(?:move|put|d[ée]place[rz]?|mets|mueve|mover|pon|verschiebe|setze|mova|coloque)\s+${X}\s+${POSITION}$`, 'iu')],
  ['moveNear', new RegExp(String.raw`^(?:move|put|d[ée]place[rz]?|mets|mueve|mover|pon|verschiebe|setze|mova|coloque)\s+${X}\s+${WHERE}\s+${X}$`, 'iu')],
  ['removeOption', new RegExp(String.raw`^(?:${REMOVE})\s+${THE}(?:l')?${OPTION_WORDS}\s+(.+?)\s+(?:from|de|d'|du|des|del|aus|von|da|do)\s*${X}$`, 'iu')],
  ['remove', new RegExp(String.raw`^(?:${REMOVE})\s+${X}(?:\s+(?:please|field))?$|^(?:we )?(?:don't|do not) need\s+${X}$|^(?:ohne|sans|sin|sem)\s+${X}$`, 'iu')],
  ['add', new RegExp(String.raw`^(?:${ADD})\s+(.+?)(?:\s+${WHERE}\s+${X})?(?:\s+${POSITION})?(?:\s+hinzu)?$`, 'iu')],
];
