import { describe, expect, it } from 'vitest';
import { draftFromPrompt } from '../../../src/domain/drafter/draft.js';
import { show } from './corpusCheck.js';

// How people who never saw the drafter write a field's choices (spec §4.7), in the five languages:
// choices after a field that is text, a plural noun that asks for several, bare words after a noun
// that takes choices, choices of several words between spaced slashes.
const fields = (p: string) => show(draftFromPrompt(p));

describe('a text field given choices in parentheses or slashes takes them', () => {
  it.each([
    ['en', 'name, position (Sales / Marketing / Support)', 'radio:Position[Sales|Marketing|Support]'],
    ['fr', 'nom, poste (vente, marketing, support)', 'radio:Poste[Vente|Marketing|Support]'],
    ['es', 'nombre, asunto (pedido, factura, otro)', 'radio:Asunto[Pedido|Factura|Otro]'],
    ['de', 'Kontaktformular: Name, Betreff (Bestellung, Rechnung, Sonstiges)', 'radio:Betreff[Bestellung|Rechnung|Sonstiges]'],
    ['pt', 'nome, assunto math/física/química', 'radio:Assunto[Math|Física|Química]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));

  it('examples stay a hint', () => expect(fields('name, city (e.g. Paris, Lyon)')).not.toMatch(/radio/));
});

describe('a plural noun asks for several choices', () => {
  it.each([
    ['en', 'name, needs (food, water, shelter)', 'checkbox:Needs[Food|Water|Shelter]'],
    ['fr', 'nom, besoins (nourriture, eau, abri)', 'checkbox:Besoins[Nourriture|Eau|Abri]'],
    ['es', 'nombre, servicios: baño, corte, uñas', 'checkbox:Servicios[Baño|Corte|Uñas]'],
    ['de', 'Anmeldung: Name und Interessen (Sport, Musik, Kunst)', 'checkbox:Interessen[Sport|Musik|Kunst]'],
    ['pt', 'nome, preferências (tacos, churrasco, vegano)', 'checkbox:Preferências[Tacos|Churrasco|Vegano]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));

  it('a singular noun or "pick one" stays one choice', () => {
    expect(fields('name, need (food, water, shelter)')).toContain('radio:Need');
    expect(fields('name, services (bath, haircut) pick one')).toContain('radio:Services');
  });
});

describe('bare words after a noun that takes choices are its choices', () => {
  it.each([
    ['en', 'name, priority low medium high', 'radio:Priority[Low|Medium|High]'],
    ['fr', 'nom, priorité basse moyenne haute', 'radio:Priorité[Basse|Moyenne|Haute]'],
    ['es', 'nombre, categoría sub-12, sub-15, sub-18', 'radio:Categoría[Sub-12|Sub-15|Sub-18]'],
    ['de', 'Name, Dringlichkeit niedrig mittel hoch', 'radio:Dringlichkeit[Niedrig|Mittel|Hoch]'],
    ['pt', 'nome, prioridade baixa média alta', 'radio:Prioridade[Baixa|Média|Alta]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));
});

describe('choices of several words between spaced slashes', () => {
  it.each([
    ['fr', 'nom, type (congés payés / RTT / sans solde)', 'radio:Type[Congés payés|RTT|Sans solde]'],
    ['en', 'name, grade very good / good / poor, comments', 'radio:Grade[Very good|Good|Poor] ; longText:Comments'],
    ['es', 'nombre, nivel muy bueno / bueno / malo', 'radio:Nivel[Muy bueno|Bueno|Malo]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));
});

describe('"each" / "jeweils": one scale for each field written before it', () => {
  it.each([
    ['de', 'Umfrage: Name, Qualität, Preis jeweils sehr gut / gut / mangelhaft', 'name:Name* ; radio:Qualität[Sehr gut|Gut|Mangelhaft] ; radio:Preis[Sehr gut|Gut|Mangelhaft]'],
    ['en', 'name, quality, delivery each good / fair / poor', 'name:Name* ; radio:Quality[Good|Fair|Poor] ; radio:Delivery[Good|Fair|Poor]'],
    ['fr', 'nom, qualité, délai chacun bon / moyen / mauvais', 'name:Nom* ; radio:Qualité[Bon|Moyen|Mauvais] ; radio:Délai[Bon|Moyen|Mauvais]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toBe(want));
});

describe('labels in the words written', () => {
  it.each([
    ['en', 'name, email, budget', 'number:Budget'],
    ['de', 'Kontaktformular: Firmenname, Ansprechpartner, E-Mail', 'shortText:Firmenname ; name:Ansprechpartner*'],
    ['fr', 'nom, e-mail, remarques', 'longText:Remarques'],
    ['es', 'nombre, correo, observaciones', 'longText:Observaciones'],
    ['pt', 'nome, e-mail, observações', 'longText:Observações'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));

  it('a contact field keeps its usual label', () => expect(fields('name, mail, mobile')).toBe('name:Name* ; email:E-mail* ; phone:Phone'));
  it.each([
    ['en', 'owner name, pet name', 'name:Owner name* ; shortText:Pet name'],
    ['es', 'nombre del equipo, categoría', 'shortText:Nombre del equipo'],
    ['fr', "nom de l'équipe, e-mail", "shortText:Nom de l'équipe"],
    ['de', 'Anmeldung: Name der Mannschaft, E-Mail', 'shortText:Name der Mannschaft'],
    ['pt', 'nome do time, e-mail', 'shortText:Nome do time'],
  ])('%s: the name of a thing is a text, not a person\'s name: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));
});

describe('after a vote or a question, a list of bare names is its choices', () => {
  it.each([
    ['en', 'Club election. Vote for president: Maya Chen, Jordan Lee, Sam Ortiz', 'radio:Vote for president*[Maya Chen|Jordan Lee|Sam Ortiz]'],
    ['en', "what's your favourite flavour poll - vanilla, chocolate, mint", "radio:What's your favourite flavour*[Vanilla|Chocolate|Mint]"],
    ['fr', 'Élection du délégué : Léa Martin, Hugo Petit, Chloé Roux', 'radio:Élection du délégué*[Léa Martin|Hugo Petit|Chloé Roux]'],
    ['es', 'Votación para presidente: Ana Gómez, Luis Pérez', 'radio:Votación para presidente*[Ana Gómez|Luis Pérez]'],
    ['de', 'Abstimmung Klassensprecher - Lena Maier, Jonas Becker', 'radio:Abstimmung Klassensprecher*[Lena Maier|Jonas Becker]'],
    ['pt', 'Eleição do representante: Ana Souza, Pedro Lima', 'radio:Eleição do representante*[Ana Souza|Pedro Lima]'],
  ])('%s: "%s"', (_l, p, want) => expect(fields(p)).toContain(want));

  it('a list of fields after a kind stays fields', () => expect(fields('Registration form: name, email, phone')).toBe('name:Name* ; email:E-mail* ; phone:Phone ; number:Number of guests ; shortText:Dietary requirements'));
});
