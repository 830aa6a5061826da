// French texts (the default language). The spec gives "Vous êtes déjà dans une session" in French.
import { MESSAGES } from '@lablive/domain';
import type { Translations } from './en.ts';

export const fr: Translations = {
  app: {
    name: 'LabLive',
    tagline: 'Événements vidéo et salles en direct pour les laboratoires',
    skipToContent: 'Aller au contenu',
    homeLink: 'Accueil LabLive',
  },
  common: {
    loading: 'Chargement…',
    signIn: 'Se connecter',
    signOut: 'Se déconnecter',
    signingOut: 'Déconnexion…',
    backToSignIn: 'Retour à la connexion',
    backToHome: "Retour à l'accueil",
    logoAlt: 'Logo {{name}}',
  },
  language: {
    label: 'Langue',
  },
  home: {
    intro:
      'Planifiez des événements vidéo, invitez vos participants et retrouvez-les dans des salles en direct.',
    continue: 'Continuer en tant que {{name}}',
    invitationFailed: "Le lien d'invitation n'a pas pu être utilisé.",
  },
  login: {
    title: 'Connexion',
    email: 'E-mail',
    password: 'Mot de passe',
    remember: 'Se souvenir de moi',
    submit: 'Se connecter',
    sending: 'Connexion…',
    forgot: 'Mot de passe oublié ?',
  },
  forgot: {
    title: 'Mot de passe oublié ?',
    intro:
      "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'E-mail',
    submit: 'Envoyer le lien',
    sending: 'Envoi…',
    sentTitle: 'E-mail envoyé',
    sentBody:
      'Si un compte existe pour {{email}}, un lien pour choisir un nouveau mot de passe vient de lui être envoyé. Veuillez consulter votre boîte de réception.',
  },
  reset: {
    title: 'Choisir un nouveau mot de passe',
    hint: 'Au moins {{min}} caractères.',
    password: 'Nouveau mot de passe',
    confirmation: 'Confirmer le nouveau mot de passe',
    submit: 'Changer le mot de passe',
    sending: 'Enregistrement…',
    missingToken: 'Ce lien est incomplet. Demandez-en un nouveau.',
    requestNew: 'Demander un nouveau lien',
  },
  event: {
    title: 'Votre événement',
    organisedBy: 'Organisé par {{name}}',
    participant: 'Connecté en tant que {{name}}',
    none: "Aucun événement n'est associé à cette session.",
  },
  calendar: {
    title: 'Votre agenda',
    invitedTo: 'Vous êtes invité à',
    organisedBy: 'Organisé par {{name}}',
  },
  errors: {
    network: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    server: 'Une erreur est survenue de notre côté. Veuillez réessayer.',
    tooManyAttempts: 'Trop de tentatives. Patientez une minute puis réessayez.',
    eventNotFound: 'Cet événement est introuvable.',
  },
  messages: {
    loginFailed: 'Veuillez vérifier votre identifiant et votre mot de passe',
    alreadyInSession: MESSAGES.alreadyInSession,
    fillEmail: 'Veuillez renseigner le champ e-mail',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    passwordsNotMatching: 'Les deux mots de passe ne correspondent pas',
    invalidPasswords: 'Veuillez saisir des mots de passe valides',
    passwordChanged: 'Votre mot de passe a été modifié',
    invalidToken: 'Jeton invalide.',
    notEnoughPermissions: 'Droits insuffisants',
    fieldRequired: 'Ce champ doit être rempli',
  },
};
