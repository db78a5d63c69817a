// How a question starts when it is written without its "?", in the five languages (folded: lower
// case, no accents): a question word ("how many", "por qué", "combien"), or a verb before its
// subject ("does it contain", "avez-vous", "hast du", "você tem") that asks for yes or no.

/** "what …", "how many …", "por que …", "wie viele …": a question of its own */
export const QUESTION_START = /^(?:what|which|why|how|who|whose|qu'est|que|quel|quelle|quels|quelles|pourquoi|combien|qui|cual|cuales|cuant[oa]s?|quien|por que|warum|was|welche[rsnm]?|wie|wer|o que|qual|quais|quant[oa]s?|quem|por que)(?![\p{L}'-])/u;

/** "does it contain nuts", "avez-vous un jardin", "hast du Handschuhe": asks for yes or no */
export const ASKS_YES_NO = /^(?:(?:do|does|did|is|are|was|were|will|would|have|has|can|could|should)\s+(?:you|they|he|she|it|we|i|your|their|the|this|there)|\p{L}+-(?:vous|tu|ils?|elles?|on)|est-ce que|(?:hast|haben|bist|sind|kannst|konnen|brauchst|brauchen|kommst|kommen|moechtest|mochtest)\s+(?:du|sie|ihr)|(?:voce|voces)\s+(?:tem|pode|vai|vem|precisa|quer)|(?:tienes|tiene|puedes|puede|necesitas|necesita|vienes|viene)\s)(?![\p{L}])/u;

/** "if …", "whether …", "si …", "ob …", "se …": a yes or no */
export const IF_START = /^(if|whether|si|ob|se)\s+/iu;
