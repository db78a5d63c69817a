import type { FieldType } from '../fieldTypes.js';
import { perLocale, type PerLocale } from './types.js';

// The fields people name, as data: a concept is a field type, its label in each language, the words
// (any language, folded: no accents, lower case) that name it, and sensible options. "Number of
// guests" and "Anzahl der Gäste" are one concept; a longer phrase wins over a shorter one.

export interface Concept {
  id: string;
  type: FieldType;
  label: PerLocale;
  words: string[];
  required?: boolean;
  /** default choices, per language */
  options?: PerLocale[];
  /** a concept that takes choices when the prompt gives some (size, colour, level) */
  choosable?: boolean;
  /** sheet and checkList rows */
  rows?: PerLocale[];
}

const L = perLocale;
const opts = (...names: string[]) => names.map(perLocale);
const c = (id: string, type: FieldType, label: string, words: string, extra: Partial<Concept> = {}): Concept => ({ id, type, label: L(label), words: words.split(',').map((w) => w.trim()).filter(Boolean), ...extra });

export const YES_NO = opts('Yes|Oui|Sí|Ja|Sim', 'No|Non|No|Nein|Não');
const SCALE = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => L(String(lo + i)));

export const CONCEPTS: Concept[] = [
  c('name', 'name', 'Name|Nom|Nombre|Name|Nome', 'name,names,full name,your name,first name,last name,surname,first and last name,given name,nom,prenom,nom complet,nom et prenom,votre nom,nombre,apellido,apellidos,nombre completo,nombre y apellido,vorname,nachname,vollstandiger name,nome,nome completo,sobrenome,seu nome,contact person,contact name,personne de contact,interlocuteur,persona de contacto,ansprechpartner,ansprechperson,kontaktperson,pessoa de contato,pessoa de contacto', { required: true }),
  c('email', 'email', 'E-mail|E-mail|Correo electrónico|E-Mail|E-mail', 'email,e-mail,e mail,mail,email address,e-mail address,emails,courriel,adresse e-mail,adresse email,adresse mail,mel,correo,correo electronico,email adresse,e-mail-adresse,emailadresse,mailadresse,endereco de email,endereco de e-mail,e-mails', { required: true }),
  c('phone', 'phone', 'Phone|Téléphone|Teléfono|Telefon|Telefone', 'phone,phone number,telephone,telephone number,mobile,mobile number,cell,cell phone,tel,contact number,telefono,numero de telefono,movil,celular,portable,numero de telephone,telefon,telefonnummer,handy,handynummer,mobilnummer,telefone,telemovel,whatsapp,emergency contact,emergency contact phone,emergency phone'),
  c('address', 'address', 'Address|Adresse|Dirección|Adresse|Endereço', 'address,postal address,home address,mailing address,street address,delivery address,billing address,adresse,adresse postale,direccion,domicilio,anschrift,adresse,endereco,morada'),
  c('gender', 'gender', 'Gender|Genre|Género|Geschlecht|Gênero', 'gender,sex,genre,sexe,genero,sexo,geschlecht', { options: opts('Female|Femme|Mujer|Weiblich|Feminino', 'Male|Homme|Hombre|Männlich|Masculino', 'Other|Autre|Otro|Divers|Outro', 'Prefer not to say|Je préfère ne pas répondre|Prefiero no decirlo|Keine Angabe|Prefiro não dizer') }),
  c('age', 'number', 'Age|Âge|Edad|Alter|Idade', 'age,ages,how old,edad,alter,idade'),
  c('dob', 'calendar', 'Date of birth|Date de naissance|Fecha de nacimiento|Geburtsdatum|Data de nascimento', 'date of birth,dob,birthday,birth date,birthdate,date de naissance,fecha de nacimiento,geburtsdatum,geburtstag,data de nascimento,nascimento'),
  c('date', 'calendar', 'Date|Date|Fecha|Datum|Data', 'date,dates,when,preferred date,day,fecha,datum,data,dia,jour,termin,quand,cuando,wann,quando'),
  c('deadline', 'calendar', 'Deadline|Date limite|Fecha límite|Frist|Prazo', 'deadline,due date,due by,echeance,date limite,fecha limite,plazo,frist,abgabetermin,prazo,data limite'),
  c('time', 'time', 'Time|Heure|Hora|Uhrzeit|Horário', 'time,times,hour,preferred time,arrival time,time in,time out,heure,hora,horario,uhrzeit,zeit,uhr,what time,time slot'),
  c('message', 'longText', 'Message|Message|Mensaje|Nachricht|Mensagem', 'message,your message,enquiry,inquiry,question,questions,mensaje,nachricht,ihre nachricht,mensagem,votre message,demande', { required: true }),
  c('comments', 'longText', 'Comments|Commentaires|Comentarios|Kommentare|Comentários', 'comments,comment,any comments,other comments,any other comments,remarks,notes,suggestions,suggestion,anything else,additional comments,open question,free text,free-text field,free text field,commentaire,question ouverte,texte libre,champ libre,pregunta abierta,texto libre,offene frage,freitext,freitextfeld,pergunta aberta,texto livre,commentaires,remarques,observations,comentario,comentarios,observaciones,sugerencias,kommentar,kommentare,anmerkungen,bemerkungen,comentarios,observacoes,sugestoes,box for comments'),
  c('description', 'longText', 'Description|Description|Descripción|Beschreibung|Descrição', 'description,describe,details,what happened,description of what happened,descripcion,beschreibung,descricao,detalles,detalhes'),
  c('company', 'shortText', 'Company|Entreprise|Empresa|Unternehmen|Empresa', 'company,company name,organisation,organization,employer,business name,entreprise,societe,empresa,unternehmen,firmenname'),
  c('jobTitle', 'shortText', 'Job title|Poste|Puesto|Position|Cargo', 'job title,position,role,poste,puesto,cargo,stelle'),
  c('website', 'shortText', 'Website|Site web|Sitio web|Webseite|Site', 'website,web site,url,link,web address,linkedin,linkedin profile,portfolio,github,gitlab,behance,site web,sitio web,webseite,lien,enlace'),
  c('quantity', 'number', 'Quantity|Quantité|Cantidad|Menge|Quantidade', 'quantity,qty,how many,number of copies,count,quantite,cantidad,menge,anzahl,quantidade,stuckzahl'),
  c('guests', 'number', 'Number of guests|Nombre d\'invités|Número de invitados|Anzahl der Gäste|Número de convidados', 'number of guests,guests,how many guests,headcount,party size,number of people,how many people,people,persons,covers,nombre d\'invites,invites,nombre de personnes,personnes,numero de invitados,invitados,numero de personas,personas,comensales,anzahl der gaste,gaste,anzahl der personen,personen,numero de convidados,convidados,numero de pessoas,pessoas'),
  c('amount', 'number', 'Amount|Montant|Importe|Betrag|Valor', 'amount,pledge amount,donation amount,price,budget,cost,montant,monto,importe,cantidad a donar,betrag,spendenbetrag,preis,valor,quantia'),
  c('attend', 'radio', 'Will you attend?|Serez-vous présent ?|¿Asistirás?|Nehmen Sie teil?|Você vai comparecer?', 'will you attend,are you attending,can you attend,attending,attendance,are you coming,coming,will you come,serez-vous present,venez-vous,asistiras,vienes,asistencia,kommen sie,kommst du,nehmen sie teil,teilnahme,vai comparecer,voce vem,presenca', { options: YES_NO }),
  c('dietary', 'shortText', 'Dietary requirements|Régime alimentaire|Restricciones alimentarias|Ernährungswünsche|Restrições alimentares', 'dietary requirements,dietary restrictions,dietary needs,diet,dietary,food allergies,regime alimentaire,allergies alimentaires,restricciones alimentarias,dieta,ernahrungswunsche,ernahrung,restricoes alimentares'),
  c('allergies', 'shortText', 'Allergies|Allergies|Alergias|Allergien|Alergias', 'allergies,allergy,alergias,allergien,alergia'),
  c('medical', 'longText', 'Medical conditions|Antécédents médicaux|Condiciones médicas|Vorerkrankungen|Condições médicas', 'medical conditions,medical history,medications,current medications,medication,medicaments,medicamentos,medikamente'),
  c('size', 'radio', 'Size|Taille|Talla|Größe|Tamanho', 'size,t-shirt size,tshirt size,t shirt size,shirt size,taille,talla,grosse,tamanho', { options: opts('S', 'M', 'L', 'XL|XL|XL|XL|GG'), choosable: true }),
  c('colour', 'shortText', 'Colour|Couleur|Color|Farbe|Cor', 'colour,color,couleur,farbe,cor', { choosable: true }),
  c('level', 'radio', 'Level|Niveau|Nivel|Niveau|Nível', 'level,experience level,skill level,niveau,nivel,nivel de experiencia', { options: opts('Beginner|Débutant|Principiante|Anfänger|Iniciante', 'Intermediate|Intermédiaire|Intermedio|Mittelstufe|Intermediário', 'Advanced|Avancé|Avanzado|Fortgeschritten|Avançado'), choosable: true }),
  c('photo', 'picture', 'Photo|Photo|Foto|Foto|Foto', 'photo,photos,picture,pictures,image,images,selfie,headshot,screenshot,screenshot upload,capture d\'ecran,captura de pantalla,bildschirmfoto,print da tela,captura de tela,foto,fotos,bild,bilder,imagem'),
  c('cv', 'document', 'CV|CV|CV|Lebenslauf|Currículo', 'cv,resume,curriculum,curriculum vitae,lebenslauf,curriculo'),
  c('document', 'document', 'Document|Document|Documento|Dokument|Documento', 'document,documents,file,files,pdf,transcript,certificate,receipt,receipts,attachment,id,id card,passport,justificatif,documento,dokument,datei,arquivo,comprovante,recommendation letter,cover letter'),
  c('signature', 'signature', 'Signature|Signature|Firma|Unterschrift|Assinatura', 'signature,sign,signed,e-signature,signez,signer,firma,firme,firmar,unterschrift,unterschreiben,unterschreibe,assinatura,assine,assinar'),
  c('video', 'video', 'Video|Vidéo|Vídeo|Video|Vídeo', 'video,videos,video clip'),
  c('audio', 'audio', 'Voice message|Message vocal|Mensaje de voz|Sprachnachricht|Mensagem de voz', 'audio,voice message,voice note,voice memo,voice recording,audio recording,audio file,recording,message vocal,mensaje de voz,sprachnachricht,mensagem de voz'),
  c('location', 'location', 'Location|Lieu|Ubicación|Ort|Local', 'location,where,place,gps,lieu,lugar,ubicacion,donde,ort,standort,local,localizacao,onde'),
  c('postcode', 'shortText', 'Postcode|Code postal|Código postal|Postleitzahl|Código postal', 'zip,zip code,zipcode,postcode,post code,postal code,code postal,codigo postal,plz,postleitzahl,cep'),
  c('referral', 'radio', 'How did you hear about us?|Comment nous avez-vous connus ?|¿Cómo nos conociste?|Wie haben Sie von uns erfahren?|Como nos conheceu?', 'how did you hear about us,how did you hear about,where did you hear about us,where did you hear about,how did you find us,how did you find out about us,heard about us,hear about us,referral source,comment avez-vous connu,comment nous avez-vous connus,comment avez-vous entendu parler,como nos conociste,como nos conocio,como se entero,como te enteraste,wie haben sie von uns erfahren,wie hast du von uns erfahren,wie sind sie auf uns aufmerksam geworden,como nos conheceu,como ficou sabendo,como soube', { options: opts('Social media|Réseaux sociaux|Redes sociales|Soziale Medien|Redes sociais', 'Friend or family|Bouche-à-oreille|Amigos o familia|Freunde oder Familie|Amigos ou família', 'Search engine|Moteur de recherche|Buscador|Suchmaschine|Buscador', 'Advertisement|Publicité|Publicidad|Werbung|Publicidade', 'Other|Autre|Otro|Andere|Outro'), choosable: true }),
  c('country', 'shortText', 'Country|Pays|País|Land|País', 'country,pays,pais,land'),
  c('city', 'shortText', 'City|Ville|Ciudad|Stadt|Cidade', 'city,town,ville,ciudad,stadt,cidade'),
  c('rating', 'radio', 'Rating|Note|Valoración|Bewertung|Avaliação', 'rating,rate,stars,score,note,nota,valoracion,calificacion,bewertung,avaliacao', { options: SCALE(1, 5) }),
  c('nps', 'radio', 'How likely are you to recommend us?|Recommanderiez-vous à un ami ?|¿Nos recomendarías?|Würden Sie uns empfehlen?|Você nos recomendaria?', 'likely to recommend,how likely,how likely are you to recommend,recommend us,nps,net promoter', { options: SCALE(0, 10) }),
  c('recommend', 'radio', 'Would you recommend it?|Le recommanderiez-vous ?|¿Lo recomendarías?|Würden Sie es empfehlen?|Você recomendaria?', 'would you recommend,would you recommend this course,recommend', { options: YES_NO }),
  c('consent', 'checkbox', 'Agreement|Accord|Aceptación|Zustimmung|Aceite', 'agree,i agree,accept,i accept,consent,terms,terms and conditions,privacy policy,gdpr,rules,contest rules,waiver,j\'accepte,accepter,acepto,aceptar,akzeptiere,einverstanden,concordo,aceito,aceitar', { options: opts('I agree|J\'accepte|Acepto|Ich stimme zu|Concordo') }),
  c('contactMethod', 'radio', 'Preferred contact method|Moyen de contact préféré|Método de contacto preferido|Bevorzugter Kontaktweg|Forma de contato preferida', 'contact method,preferred contact method,contact preference,how should we contact you', { options: [L('E-mail|E-mail|Correo electrónico|E-Mail|E-mail'), L('Phone|Téléphone|Teléfono|Telefon|Telefone')], choosable: true }),
  c('subject', 'shortText', 'Subject|Objet|Asunto|Betreff|Assunto', 'subject,topic,objet,asunto,betreff,assunto'),
  c('orderNumber', 'shortText', 'Order number|Numéro de commande|Número de pedido|Bestellnummer|Número do pedido', 'order number,order id,order no,numero de commande,numero de pedido,bestellnummer,numero do pedido'),
  c('memberNumber', 'shortText', 'Member number|Numéro d\'adhérent|Número de socio|Mitgliedsnummer|Número de sócio', 'member number,membership number,member id,numero d\'adherent,numero de socio,mitgliedsnummer,numero de socio'),
  c('availability', 'shortText', 'Availability|Disponibilités|Disponibilidad|Verfügbarkeit|Disponibilidade', 'availability,disponibilites,disponibilite,disponibilidad,verfugbarkeit,disponibilidade', { choosable: true }),
  c('experience', 'number', 'Years of experience|Années d\'expérience|Años de experiencia|Berufserfahrung (Jahre)|Anos de experiência', 'years of experience,experience years'),
  c('gpa', 'number', 'GPA|Moyenne|Promedio|Notendurchschnitt|Média', 'gpa,grade point average'),
  c('abstract', 'longText', 'Abstract|Résumé|Resumen|Zusammenfassung|Resumo', 'abstract,summary,synopsis,resumen,resumo,zusammenfassung,kurzfassung,sommaire'),
  c('bio', 'longText', 'Short bio|Biographie|Biografía|Kurzbiografie|Minibio', 'bio,short bio,biography,minibio,mini bio,biographie,biografia,kurzbiografie,kurzbio'),
  c('essay', 'longText', 'Essay|Lettre de motivation|Ensayo|Motivationsschreiben|Redação', 'essay,motivation,why do you want this job,statement,motivationsschreiben,lettre de motivation'),
  c('hours', 'sheet', 'Hours|Heures|Horas|Stunden|Horas', 'hours,hours worked,heures,horas,stunden,arbeitsstunden'),
];
