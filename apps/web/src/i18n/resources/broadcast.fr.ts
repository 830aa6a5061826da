// Textes français de la diffusion à toutes les salles d'un événement (issue 33, partie 4).
import type { BroadcastTexts } from './broadcast.en.ts';

export const broadcastFr: BroadcastTexts = {
  broadcast: {
    open: 'À toutes les salles',
    title: 'À toutes les salles de l’événement',
    intro: 'Ce que vous envoyez ici arrive dans toutes les salles de l’événement à la fois.',
    close: 'Fermer',
    message: 'Message',
    messageLabel: 'Message à toutes les salles',
    messageHint: 'Affiché dans le chat de chaque salle comme une annonce de l’équipe de l’événement.',
    send: 'Envoyer à toutes les salles',
    banner: 'Bandeau',
    bannerLabel: 'Texte du bandeau',
    bannerHint: 'Affiché en haut de chaque salle jusqu’à ce que vous l’effaciez ou qu’il expire.',
    bannerDuration: 'Affiché pendant',
    bannerUntilCleared: 'Jusqu’à effacement',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    setBanner: 'Afficher le bandeau',
    clearBanner: 'Effacer le bandeau',
    breakouts: 'Sous-groupes',
    breakoutsHint:
      'Chaque salle affiche le compte à rebours ; à la fin, tout le monde est conduit dans la salle choisie.',
    breakoutMinutes: 'Fin des sous-groupes dans (minutes)',
    targetRoom: 'Tout le monde revient dans',
    startBreakouts: 'Lancer le minuteur',
    recallNow: 'Faire revenir tout le monde maintenant',
    sending: 'Envoi…',
    reachedAll: 'Envoyé à toutes les salles ({{count}}).',
    reachedSome:
      'Envoyé à {{reached}} salles sur {{count}}. Non reçu par : {{missed}}. Envoyez à nouveau pour les atteindre.',
    notStaff: 'Rien n’a été envoyé : seule l’équipe qui anime cet événement peut diffuser à ses salles.',
    failed: 'Rien n’a été envoyé : le serveur est injoignable ou a refusé. Veuillez réessayer.',
    breakoutEnds: 'Les sous-groupes se terminent à {{time}}.',
    announcementFrom: 'À toutes les salles, de l’équipe de l’événement',
    countdown: 'Fin des sous-groupes dans {{time}} : tout le monde revient dans {{room}}.',
    countdownAnnounced:
      'Les sous-groupes se terminent à {{time}} : tout le monde revient ensuite dans {{room}}.',
    recalledAway:
      'Les sous-groupes sont terminés : tout le monde revient dans {{room}}. Nous vous y conduisons…',
    recalledHere: 'Les sous-groupes sont terminés : tout le monde revient dans cette salle.',
    broughtBack: 'Les sous-groupes sont terminés : vous avez été conduit de {{room}} à cette salle.',
    bannerLabelShown: 'Annonce',
    statsTitle_one: 'Annonce à toutes les salles',
    statsTitle_other: 'Annonces à toutes les salles ({{count}})',
    replayBanner: 'Bandeau affiché',
    replayAnnouncements: 'Annonces à toutes les salles',
    replayBreakout: 'Sous-groupes : retour de tous dans {{room}}',
    replayRecalled: 'Tout le monde a été rappelé dans {{room}}',
    runningOnly: 'La diffusion aux salles est possible pendant que l’événement a lieu.',
  },
};
