import { fold, words } from './text.js';
import { perLocale, type Locale, type PerLocale } from './types.js';

// The prompt's language, and the words the drafter writes back in it (spec §4.7 `locale`).

/** words that mark a language (folded); ties and silence mean English */
const MARKERS: Record<Locale, string[]> = {
  en: ['the', 'and', 'for', 'with', 'your', 'a', 'of', 'to', 'form', 'their', 'we', 'our', 'please', 'need', 'name', 'or', 'how', 'what', 'which', 'you', 'an', 'is', 'my', 'survey', 'booking', 'order', 'sign', 'up', 'rate', 'each', 'when', 'where', 'from', 'should', 'want', 'make', 'can', 'pick', 'favourite', 'favorite', 'colour', 'red', 'blue', 'black', 'yes', 'no'],
  fr: ['le', 'la', 'les', 'et', 'pour', 'avec', 'votre', 'vos', 'des', 'une', 'un', 'formulaire', 'du', 'au', 'de', 'inscription', 'prefere', 'preferee', 'rouge', 'bleu', 'noir', 'blanc', 'vert', 'nom', 'courriel', 'pouvez', 'vous', 'venez', 'oui', 'non', 'ou', 'reservation', 'commande', 'taille', 'couleur', 'quantite', 'jour', 'est', 'chez', 'sur', 'notez', 'choisissez', 'puis', 'fiche', 'feuille', 'temps', 'semaine', 'avis', 'adhesion', 'don', 'telephone', 'enfant', 'naissance', 'heure', 'lieu', 'questionnaire', 'sondage', 'declaration', 'candidature', 'poste', 'rendez-vous', 'medecin', 'atelier', 'fete', 'capitale', 'quel', 'quelle', 'combien', 'merci', 'votre', 'notre'],
  es: ['el', 'los', 'las', 'para', 'con', 'su', 'una', 'formulario', 'del', 'correo', 'nombre', 'y', 'que', 'cita', 'pedido', 'encuesta', 'reserva', 'mesa', 'talla', 'cantidad', 'dias', 'puedes', 'vienes', 'si', 'o', 'fecha', 'hora', 'lugar', 'telefono', 'mensaje', 'electronico', 'de', 'al', 'taller', 'nivel', 'solicitud', 'empleo', 'suscripcion', 'boletin', 'cuestionario', 'voluntarios', 'disponibilidad', 'evaluacion', 'curso', 'califica', 'comentarios', 'sube', 'tu', 'foto', 'firma', 'aceptar', 'normas', 'hoja', 'horas', 'lunes', 'viernes', 'confirmacion', 'asistencia', 'cena', 'empresa', 'fiesta', 'reporte', 'incidente', 'descripcion', 'satisfaccion', 'clientes', 'camisetas', 'elige', 'varios', 'cuantos', 'tiene', 'semana', 'dentista', 'espana', 'favorito', 'rojo', 'azul', 'negro', 'blanco', 'verde', 'amarillo', 'opcional', 'obligatorio', 'contacto'],
  de: ['der', 'die', 'das', 'und', 'fur', 'mit', 'ihr', 'ein', 'eine', 'formular', 'zum', 'zur', 'von', 'bitte', 'anmeldung', 'anzahl', 'gaste', 'oder', 'ja', 'nein', 'kommst', 'du', 'an', 'welchen', 'tagen', 'kannst', 'helfen', 'unser', 'bestellung', 'grosse', 'farbe', 'menge', 'bewerbung', 'als', 'lebenslauf', 'datum', 'uhrzeit', 'ort', 'beschreibung', 'unterschrift', 'beim', 'bewerten', 'sie', 'bis', 'wahle', 'dein', 'deine', 'dann', 'stadt', 'land', 'mal', 'hauptstadt', 'von', 'nachricht', 'telefon', 'feier', 'mehrere', 'moglich', 'zum', 'kurs', 'fur', 'betrag', 'mitgliedsantrag', 'sportverein', 'geburtsdatum', 'adresse', 'stundenzettel', 'terminvereinbarung', 'friseur', 'kontaktformular', 'tischreservierung', 'kundenzufriedenheitsumfrage', 'spendenformular', 'unfallbericht', 'koch', 'foto', 'rot', 'blau', 'schwarz', 'umfrage', 'kontakt', 'pflicht', 'lieblingsfarbe', 'weiss', 'grun', 'welche', 'tage', 'stunden'],
  pt: ['os', 'as', 'para', 'com', 'um', 'uma', 'formulario', 'nao', 'voce', 'do', 'da', 'no', 'na', 'e', 'inscricao', 'pesquisa', 'reserva', 'mesa', 'encomenda', 'camisetas', 'tamanho', 'cor', 'quantidade', 'confirmacao', 'presenca', 'casamento', 'candidatura', 'vaga', 'emprego', 'telefone', 'curriculo', 'vem', 'festa', 'sim', 'quais', 'dias', 'pode', 'ajudar', 'escolha', 'varios', 'relatorio', 'incidente', 'data', 'local', 'descricao', 'foto', 'agendamento', 'consulta', 'horario', 'brasil', 'voluntariado', 'avaliacao', 'curso', 'nota', 'comentarios', 'doacao', 'valor', 'assine', 'aceitar', 'regulamento', 'estado', 'depois', 'cidade', 'mensagem', 'contato', 'culinaria', 'satisfacao', 'cliente', 'nome', 'assinatura', 'da', 'segunda', 'terca', 'quarta', 'vermelho', 'azul', 'preto', 'ao', 'de', 'o', 'preferida', 'branco', 'amarelo', 'obrigatorio', 'contato'],
};

/** field words written in one language only ("Vorname Geburtsdatum", "prénom", "morada") */
const FIELD_MARKERS: Record<Locale, string[]> = {
  en: ['email', 'phone', 'address', 'dob', 'surname', 'birth', 'date', 'time', 'size', 'quantity', 'qty', 'comments', 'message', 'upload', 'photo', 'signature'],
  fr: ['prenom', 'naissance', 'portable', 'ville', 'pays', 'accueil', 'proprete', 'prix', 'personnes', 'arrivee', 'commentaires', 'merci', 'svp'],
  es: ['apellido', 'apellidos', 'direccion', 'ciudad', 'edad', 'nacimiento', 'movil', 'precio', 'correo', 'personas', 'gracias'],
  de: ['vorname', 'nachname', 'strasse', 'plz', 'telefonnummer', 'handynummer', 'personen', 'preis', 'eltern', 'geschmack', 'groesse', 'danke'],
  pt: ['sobrenome', 'nascimento', 'morada', 'telemovel', 'telefone', 'endereco', 'cidade', 'idade', 'preco', 'obrigado', 'obrigada'],
};

const MARKER_SETS = Object.fromEntries(Object.entries(MARKERS).map(([k, v]) => [k, new Set([...v, ...FIELD_MARKERS[k as Locale]])])) as Record<Locale, Set<string>>;

/** letters only some languages write */
const LETTERS: Array<[RegExp, Locale, number]> = [[/[ñ¿¡]/, 'es', 3], [/[ãõ]/, 'pt', 3], [/[äöüß]/, 'de', 3], [/[èàùâêîôûœ]/, 'fr', 2], [/ç/, 'fr', 1], [/ç/, 'pt', 1], [/\s[?:!;](?:\s|$)/, 'fr', 2]];

/** The prompt's language by its words; English when it cannot tell. */
export function detectLocale(text: string): Locale {
  const ws = words(fold(text));
  const score: Record<Locale, number> = { en: 0, fr: 0, es: 0, de: 0, pt: 0 };
  for (const w of ws) for (const l of Object.keys(score) as Locale[]) if (MARKER_SETS[l].has(w)) score[l]++;
  const lower = text.toLowerCase();
  for (const [re, l, n] of LETTERS) if (re.test(lower)) score[l] += n;
  let best: Locale = 'en';
  for (const l of Object.keys(score) as Locale[]) if (score[l] > score[best]) best = l;
  return best;
}

/** What the drafter writes in each language. */
export const PHRASES = {
  shortText: perLocale('Please fill in the form below.|Merci de remplir le formulaire ci-dessous.|Por favor, rellena el formulario.|Bitte füllen Sie das Formular aus.|Por favor, preencha o formulário abaixo.'),
  quizShortText: perLocale('Answer the questions below.|Répondez aux questions ci-dessous.|Responde a las preguntas.|Beantworten Sie die folgenden Fragen.|Responda às perguntas abaixo.'),
  yes: perLocale('Yes|Oui|Sí|Ja|Sim'),
  no: perLocale('No|Non|No|Nein|Não'),
  maybe: perLocale('Maybe|Peut-être|Quizás|Vielleicht|Talvez'),
  agree: perLocale('I agree|J\'accepte|Acepto|Ich stimme zu|Concordo'),
  agreement: perLocale('Agreement|Accord|Aceptación|Zustimmung|Aceite'),
  choice: perLocale('Choice|Choix|Opción|Auswahl|Escolha'),
  rating: perLocale('Rating|Note|Valoración|Bewertung|Avaliação'),
  question: perLocale('Question|Question|Pregunta|Frage|Pergunta'),
  option: perLocale('Option|Option|Opción|Option|Opção'),
  form: perLocale('Form|Formulaire|Formulario|Formular|Formulário'),
  checklist: perLocale('Checklist|Liste de contrôle|Lista de verificación|Checkliste|Lista de verificação'),
  hours: perLocale('Hours|Heures|Horas|Stunden|Horas'),
} satisfies Record<string, PerLocale>;

export const WEEKDAYS: PerLocale[] = [
  'Monday|Lundi|Lunes|Montag|Segunda', 'Tuesday|Mardi|Martes|Dienstag|Terça', 'Wednesday|Mercredi|Miércoles|Mittwoch|Quarta',
  'Thursday|Jeudi|Jueves|Donnerstag|Quinta', 'Friday|Vendredi|Viernes|Freitag|Sexta', 'Saturday|Samedi|Sábado|Samstag|Sábado', 'Sunday|Dimanche|Domingo|Sonntag|Domingo',
].map(perLocale);
