// Textes français de la page Demandes de données personnelles (clé `personalData` de l’espace `admin`).
import type { Widen } from '../widen.ts';
import type { personalDataEn } from './personalData.en.ts';

export const personalDataFr: Widen<typeof personalDataEn> = {
  title: 'Demandes de données personnelles',
  intro:
    'Quand une personne demande les données que le laboratoire détient sur elle (RGPD, article 15), téléchargez-les ici à partir de son adresse e-mail et envoyez-les-lui.',
  holds: {
    title: 'Ce que contient l’export',
    account: 'son compte, si elle en a un : nom, fonction, adresse, rôles, groupes ;',
    participations:
      'les événements auxquels elle a été invitée ou a participé, avec les informations saisies pour elle ;',
    roomActivity:
      'ce qu’elle a fait dans les salles de ces événements : arrivées et départs, messages du chat, réponses aux sondages… ;',
    reports:
      'les déclarations de pharmacovigilance qu’elle a faites ou qui la nomment, par référence, médicament et rôle (déclarant ou médecin) ;',
    mails: 'les e-mails qui lui ont été envoyés : leur objet, leur date et s’ils sont partis ;',
    downloads: 'les documents qu’elle a téléchargés ;',
    audit: 'ses propres entrées de la piste d’audit.',
  },
  leavesOut:
    'Il ne contient pas les données d’autres personnes : les patients décrits dans une déclaration et les autres invités d’une salle ne la concernent pas.',
  recorded:
    'Chaque demande est enregistrée dans la piste d’audit, avec qui l’a faite et pour quelle adresse.',
  form: {
    title: 'Télécharger les données d’une personne',
    email: 'Adresse e-mail de la personne',
    emailHint: 'L’adresse depuis laquelle elle a écrit, ou celle avec laquelle elle a été invitée.',
    json: 'Télécharger en JSON',
    pdf: 'Télécharger en PDF (lisible)',
    preparing: 'Préparation du fichier…',
    pdfNote: 'Le PDF est rédigé en français, ses dates dans votre fuseau horaire ({{zone}}).',
    saved: '{{file}} enregistré : les données de {{email}}.',
    failed: 'Le fichier n’a pas pu être téléchargé : {{reason}}',
  },
};
