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
    registrations:
      'ses inscriptions aux événements publics : où chacune en est, les informations et réponses données ;',
    roomActivity:
      'ce qu’elle a fait dans les salles de ces événements : arrivées et départs, messages du chat, réponses aux sondages… ;',
    reports:
      'les déclarations de pharmacovigilance qu’elle a faites ou qui la nomment, par référence, médicament et rôle (déclarant ou médecin) ;',
    mails: 'les e-mails qui lui ont été envoyés : leur objet, leur date et s’ils sont partis ;',
    consents: 'les consentements qu’elle a donnés et retirés, avec les mots acceptés ;',
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
  erasure: {
    title: 'Effacer les données de cette personne',
    explain:
      'Quand une personne demande l’effacement de ses données (RGPD, article 17), effacez-les ici. Son nom, son adresse, ses messages de chat et ses notes deviennent illisibles partout et s’affichent « effacé », son compte (si elle en a un) est anonymisé et désactivé, et les journaux signés restent vérifiables.',
    hold: 'Les déclarations de pharmacovigilance qu’elle a faites ou qui la nomment sont conservées au titre d’une obligation légale (règlement d’exécution (UE) n° 520/2012, article 12 ; RGPD, article 17, paragraphe 3) : le résultat les cite, avec une phrase à transmettre à la personne.',
    email: 'Adresse e-mail de la personne à effacer',
    emailHint: 'C’est irréversible : téléchargez d’abord ses données si elle les a aussi demandées.',
    erase: 'Effacer ses données…',
    confirmTitle: 'Effacer les données de cette personne',
    confirmMessage:
      'Tout ce que le laboratoire détient sur {{email}} devient définitivement illisible, sauf les déclarations conservées au titre d’une obligation légale. Comme motif, indiquez sa demande : comment et quand elle est arrivée (par exemple « demande par courrier du 29/11/2026 »), sans nommer la personne : le motif est conservé tel quel.',
    confirm: 'Effacer',
    result: {
      title: 'Les données de {{email}} sont effacées',
      when: 'Effacées le {{time}} ({{zone}}).',
      reference: 'Référence de cet effacement dans la piste d’audit :',
      counts: 'Ce qui a été effacé',
      participations: 'Participations à des événements rendues illisibles',
      accounts: 'Comptes anonymisés et désactivés',
      keys: 'Clés de données détruites',
      mails: 'E-mails dont le destinataire est oublié',
      noneKept:
        'Aucune déclaration de pharmacovigilance n’est conservée : rien de plus à dire à la personne.',
      keptTitle: 'Déclarations conservées au titre d’une obligation légale',
      keptIntro_one:
        'Cette déclaration de pharmacovigilance est conservée. Dites à la personne laquelle, et pourquoi :',
      keptIntro_other:
        'Ces {{count}} déclarations de pharmacovigilance sont conservées. Dites à la personne lesquelles, et pourquoi :',
      letterLabel: 'À envoyer à la personne',
      letter_one:
        'Comme vous l’avez demandé, nous avons effacé vos données personnelles, sauf la déclaration de pharmacovigilance {{references}}, que nous devons conserver : le droit de l’Union impose de conserver les déclarations d’effets indésirables suspectés tant que le médicament est autorisé et au moins dix ans après (règlement d’exécution (UE) n° 520/2012, article 12), ce que le RGPD permet (article 17, paragraphe 3, points b et c).',
      letter_other:
        'Comme vous l’avez demandé, nous avons effacé vos données personnelles, sauf les déclarations de pharmacovigilance {{references}}, que nous devons conserver : le droit de l’Union impose de conserver les déclarations d’effets indésirables suspectés tant que le médicament est autorisé et au moins dix ans après (règlement d’exécution (UE) n° 520/2012, article 12), ce que le RGPD permet (article 17, paragraphe 3, points b et c).',
    },
  },
};
