// Textes français des modèles de mails d'un média (section du formulaire du média).
import type { Widen } from '../widen.ts';
import type { mailTemplatesEn } from './mailTemplates.en.ts';

export const mailTemplatesFr: Widen<typeof mailTemplatesEn> = {
  title: 'Modèles de mails',
  intro:
    'Les mails sur un événement qui montre ce média peuvent reprendre vos propres mots, par type de mail et par langue. Sans modèle, LabLive envoie sa propre formulation.',
  grid: 'Modèles de mails par type et par langue',
  kind: 'Mail',
  kinds: {
    invitation: 'Invitation',
    reminder: 'Rappel',
    event_update: 'Événement modifié',
    event_cancelled: 'Événement annulé',
  },
  languages: { fr: 'Français', en: 'Anglais', de: 'Allemand' },
  own: 'Propre',
  standard: 'LabLive',
  cellLabel: '{{kind}}, {{language}} : {{state}}',
  editing: '{{kind}} en {{language}}',
  choose: 'Choisissez un mail et une langue ci-dessus pour en écrire le modèle.',
  subject: 'Objet',
  body: 'Texte',
  bodyHint:
    'Texte brut : une ligne vide commence un nouveau paragraphe, et les adresses web deviennent des liens.',
  placeholders: 'Champs à remplir',
  placeholdersHint: 'Insérés à l’emplacement du curseur, dans l’objet ou le texte.',
  insert: 'Insérer {{placeholder}} : {{meaning}}',
  meanings: {
    name: 'le nom de l’invité',
    event: 'le nom de l’événement',
    date: 'son jour, son heure et son fuseau horaire',
    link: 'le lien personnel de l’invité',
    calendarLink: 'le lien pour l’ajouter à un agenda',
  },
  preview: 'Aperçu',
  previewHint: 'Rempli avec un événement d’exemple, tel qu’un invité le recevrait.',
  previewSubject: 'Objet : {{subject}}',
  previewFrame: 'Aperçu du mail',
  previewWaiting: 'L’aperçu apparaît dès que l’objet et le texte sont valides.',
  previewFailed: 'L’aperçu n’a pas pu être produit.',
  save: 'Enregistrer le modèle',
  saving: 'Enregistrement…',
  saved: 'Modèle enregistré : les prochains mails l’utilisent.',
  reset: 'Revenir à la formulation de LabLive',
  resetTitle: 'Revenir à la formulation de LabLive ?',
  resetMessage:
    'Ce modèle sera supprimé : les prochains mails « {{kind}} » en {{language}} reprendront la formulation de LabLive.',
  resetDone: 'Modèle supprimé : la formulation de LabLive est de nouveau utilisée.',
  reasons: {
    required: 'Ce champ doit être rempli.',
    singleLine: 'L’objet doit tenir sur une seule ligne.',
    subjectTooLong: 'L’objet est trop long (200 caractères au plus).',
    bodyTooLong: 'Le texte est trop long (10 000 caractères au plus).',
    unknownPlaceholder: 'Champ inconnu : {{unknown}}. Utilisez les champs listés ci-dessous.',
  },
};
