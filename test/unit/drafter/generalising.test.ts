import { describe, expect, it } from 'vitest';
import { draftFromPrompt, readPrompt } from '../../../src/domain/drafter/draft.js';
import { show } from './corpusCheck.js';

// Rules that read what people type rather than what a drafter expects (spec §4.7), each in the
// languages it applies to: runs of field words without commas, several things rated on one scale,
// choices separated by spaces or slashes, "choose one" / "pick any", dates and times named many ways.
const fields = (p: string) => show(draftFromPrompt(p));

describe('a run of field words without separators is one field per phrase', () => {
  it.each([
    ['en', 'name email phone', 'name:Name* ; email:E-mail* ; phone:Phone'],
    ['fr', 'nom prénom date de naissance adresse email', 'name:Nom* ; name:Prénom* ; calendar:Date de naissance ; address:Adresse ; email:E-mail*'],
    ['es', 'nombre apellido teléfono correo', 'name:Nombre* ; name:Apellido* ; phone:Teléfono ; email:Correo electrónico*'],
    ['de', 'Name Vorname Geburtsdatum', 'name:Name* ; name:Vorname* ; calendar:Geburtsdatum'],
    ['pt', 'nome sobrenome data de nascimento telefone', 'name:Nome* ; name:Sobrenome* ; calendar:Data de nascimento ; phone:Telefone'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toBe(want));

  it('keeps the words around a field with it ("téléphone des parents", "parent email")', () => {
    expect(fields('nom prénom téléphone des parents')).toBe('name:Nom* ; name:Prénom* ; phone:Téléphone des parents');
    expect(fields("child's name parent email")).toBe("name:Child's name* ; email:Parent email*");
  });
  it('reads "w/", "+" and "&" as separators', () => expect(fields('name w/ email + phone & address')).toBe('name:Name* ; email:E-mail* ; phone:Phone ; address:Address'));
  it('keeps one field qualified by another whole ("link to portfolio", "name of company")', () => {
    expect(fields('link to portfolio')).toBe('shortText:Link to portfolio');
    expect(fields('name of company, email')).toBe('name:Name of company* ; email:E-mail*');
  });
  it('keeps "email address" one field when a run is short', () => expect(fields('name email address')).toBe('name:Name* ; email:E-mail*'));
});

describe('several things rated on one scale are one checkList, the scale its options', () => {
  it.each([
    ['en', 'rate food, service and price from 1 to 5', 'checkList:Rating[1|2|3|4|5]{Food|Service|Price}'],
    ['fr', 'note de 1 à 5 : accueil, propreté, prix', 'checkList:Note[1|2|3|4|5]{Accueil|Propreté|Prix}'],
    ['es', 'califica del 1 al 5: atención, limpieza, precio', 'checkList:Valoración[1|2|3|4|5]{Atención|Limpieza|Precio}'],
    ['de', 'bewerte von 1 bis 5: Geschmack, Preis, Auswahl', 'checkList:Bewertung[1|2|3|4|5]{Geschmack|Preis|Auswahl}'],
    ['pt', 'avalie de 1 a 5 o atendimento, a limpeza e o preço', 'checkList:Avaliação[1|2|3|4|5]{Atendimento|Limpeza|Preço}'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));

  it('a scale in words, its steps filled in', () =>
    expect(fields('rate your manager, work-life balance and pay (each from very poor to excellent)')).toBe('checkList:Rating[Very poor|Poor|Fair|Good|Excellent]{Manager|Work-life balance|Pay}'));
  it('the fields after the scale are fields', () =>
    expect(fields('customer feedback - rate our food, service and cleanliness from 1 to 5, plus any comments')).toMatch(/checkList:Rating\[1\|2\|3\|4\|5\]\{Food\|Service\|Cleanliness\} ; longText:Comments/));
  it('one thing rated stays a radio of the scale', () => expect(fields('rate the instructor 1-10')).toBe('radio:Rate the instructor[1|2|3|4|5|6|7|8|9|10]'));
  it('a survey about a hotel is a survey, not a booking', () => expect(fields('Sondage satisfaction hôtel, note de 1 à 5 : accueil, propreté')).not.toMatch(/calendar|time:/));
});

describe('choices separated by spaces or slashes', () => {
  it.each([
    ['en', 'size (XS S M L XL)', 'radio:Size[XS|S|M|L|XL]'],
    ['en', 'voice part soprano/alto/tenor/bass', 'radio:Voice part[Soprano|Alto|Tenor|Bass]'],
    ['en', 'preferred time slot: 3pm 4pm 5pm, name', 'radio:Preferred time slot[3pm|4pm|5pm] ; name:Name*'],
    ['fr', 'taille XS/S/M/L', 'radio:Taille[XS|S|M|L]'],
    ['es', 'talla (S M L XL)', 'radio:Talla[S|M|L|XL]'],
    ['de', 'Größe (S M L XL)', 'radio:Größe[S|M|L|XL]'],
    ['pt', 'tamanho (P M G GG)', 'radio:Tamanho[P|M|G|GG]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toBe(want));

  it('words in parentheses that are no codes stay a hint', () => expect(fields('abstract (max 300 words)')).not.toMatch(/radio/));
});

describe('"choose one" makes a radio, "pick any" a checkbox', () => {
  it.each([
    ['en', 'choose one candidate: Anna, Ben, Carl', 'radio:Candidate[Anna|Ben|Carl]'],
    ['en', 'vote for one of: Anna, Ben, Carl', 'radio:Choice[Anna|Ben|Carl]'],
    ['fr', 'choisissez un seul candidat : Léa, Hugo, Inès', 'radio:Candidat[Léa|Hugo|Inès]'],
    ['es', 'elige uno: Tigres, Águilas, Lobos', 'radio:Opción[Tigres|Águilas|Lobos]'],
    ['de', 'wähle einen: Lena, Jonas, Mia', 'radio:Auswahl[Lena|Jonas|Mia]'],
    ['pt', 'escolha um: Ana, Pedro, Joana', 'radio:Escolha[Ana|Pedro|Joana]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each([
    ['en', 'pick as many as you like: tea, coffee, juice', 'checkbox:Choice[Tea|Coffee|Juice]'],
    ['en', 'what workshops are you interested in? select all that apply: pottery, painting', 'longText:what workshops are you interested in? ; checkbox:Choice[Pottery|Painting]'],
    ['pt', 'quais dias pode ajudar (sábado, domingo) marque todos que se aplicam', 'checkbox:Quais dias pode ajudar[Sábado|Domingo]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toBe(want));

  it('an election is a vote: no membership fields', () => expect(fields('Elect a club president — pick one: Maria, Tom, Priya')).toBe('radio:Choice[Maria|Tom|Priya]'));
});

describe('dates and times, however named', () => {
  it.each([
    ['en', 'earliest start date, deadline, dob, move-in date', 'calendar:Earliest start date ; calendar:Deadline ; calendar:Date of birth ; calendar:Move-in date'],
    ['en', 'when did it happen', 'calendar:When did it happen'],
    ['fr', "Réservation : date d'arrivée, heure d'arrivée, échéance", "calendar:Date d'arrivée ; time:Heure d'arrivée ; calendar:Date limite"],
    ['es', 'Pedido: fecha de entrega, hora de llegada, fecha', 'calendar:Fecha de entrega ; time:Hora de llegada'],
    ['de', 'Bestellung: Lieferdatum, Ankunftszeit, Frist, Datum', 'calendar:Lieferdatum ; time:Ankunftszeit ; calendar:Frist'],
    ['pt', 'Encomenda: data de nascimento, data de entrega, prazo', 'calendar:Data de nascimento ; calendar:Data de entrega ; calendar:Prazo'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));
});

describe('titles', () => {
  it('write initialisms typed in lower case as initialisms', () => {
    expect(readPrompt('rsvp for our team dinner pls').draft.title).toBe('RSVP for our team dinner');
    expect(readPrompt('nps survey for the pta bbq').draft.title).toMatch(/^NPS survey for the PTA BBQ/);
  });
});

describe('choice values', () => {
  it('are unique, numbered in order when names fold to the same value', async () => {
    const { choices } = await import('../../../src/domain/drafter/text.js');
    expect(choices(['A', 'a', 'á', 'B']).map((c) => c.value)).toEqual(['a', 'a-2', 'a-3', 'b']);
  });
});
