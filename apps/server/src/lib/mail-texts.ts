import type { Language } from '@visus/core';
import type { ReviewRecommendation } from '@visus/contracts';

/*
 * The words of the mails in each language Visus speaks (issue 20, docs/adr/0028), keyed as the web
 * app's catalogs are (`area.what`). `{name}`-style placeholders are filled by mail-templates.ts, which
 * escapes the values in the HTML part. English is the source; every language has every key (the type
 * says so, and mail-texts.test.ts checks that no placeholder is lost in translation).
 */
export interface MailTexts {
  'reset.subject': string;
  'reset.hello': string;
  'reset.asked': string;
  'reset.open': string;
  'reset.ignore': string;
  'review.subject': string;
  'review.hello': string;
  'review.advises': string;
  'review.read': string;
  'review.advice': Readonly<Record<ReviewRecommendation, string>>;
}

export const MAIL_TEXTS: Readonly<Record<Language, MailTexts>> = {
  en: {
    'reset.subject': 'Reset your Visus password',
    'reset.hello': 'Hello {name},',
    'reset.asked': 'Someone (hopefully you) asked to reset the password of your Visus account.',
    'reset.open': 'Open this link within 30 minutes to choose a new password:',
    'reset.ignore': 'If you did not ask for this, ignore this mail: your password stays as it is.',
    'review.subject': 'A clinician reviewed your Visus result',
    'review.hello': 'Hello {name},',
    'review.advises': '{clinician} reviewed one of your results and advises: {advice}.',
    'review.read': 'Read the review with your result:',
    'review.advice': {
      'no-action': 'no action needed',
      'routine-exam': 'a routine eye examination',
      soon: 'an eye examination soon',
      urgent: 'see an optometrist or doctor urgently',
    },
  },
  es: {
    'reset.subject': 'Restablezca su contraseña de Visus',
    'reset.hello': 'Hola, {name}:',
    'reset.asked':
      'Alguien (esperamos que usted) ha solicitado restablecer la contraseña de su cuenta de Visus.',
    'reset.open': 'Abra este enlace en los próximos 30 minutos para elegir una contraseña nueva:',
    'reset.ignore':
      'Si no lo ha solicitado usted, ignore este correo: su contraseña seguirá siendo la misma.',
    'review.subject': 'Un profesional ha revisado su resultado de Visus',
    'review.hello': 'Hola, {name}:',
    'review.advises': '{clinician} ha revisado uno de sus resultados y le recomienda: {advice}.',
    'review.read': 'Lea la revisión junto con su resultado:',
    'review.advice': {
      'no-action': 'no es necesario hacer nada',
      'routine-exam': 'un examen visual de rutina',
      soon: 'un examen visual pronto',
      urgent: 'acudir con urgencia a un óptico-optometrista o a un médico',
    },
  },
  de: {
    'reset.subject': 'Setzen Sie Ihr Visus-Passwort zurück',
    'reset.hello': 'Hallo {name},',
    'reset.asked':
      'Jemand (hoffentlich Sie) hat angefordert, das Passwort Ihres Visus-Kontos zurückzusetzen.',
    'reset.open': 'Öffnen Sie diesen Link innerhalb von 30 Minuten, um ein neues Passwort zu wählen:',
    'reset.ignore':
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    'review.subject': 'Eine Fachperson hat Ihr Visus-Ergebnis beurteilt',
    'review.hello': 'Hallo {name},',
    'review.advises': '{clinician} hat eines Ihrer Ergebnisse beurteilt und empfiehlt: {advice}.',
    'review.read': 'Lesen Sie die Beurteilung bei Ihrem Ergebnis:',
    'review.advice': {
      'no-action': 'keine weiteren Schritte nötig',
      'routine-exam': 'eine routinemäßige Augenuntersuchung',
      soon: 'bald eine Augenuntersuchung',
      urgent: 'umgehend einen Optometristen oder Arzt aufsuchen',
    },
  },
  fr: {
    'reset.subject': 'Réinitialisez votre mot de passe Visus',
    'reset.hello': 'Bonjour {name},',
    'reset.asked':
      'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte Visus.',
    'reset.open': 'Ouvrez ce lien dans les 30 minutes pour choisir un nouveau mot de passe\u00a0:',
    'reset.ignore':
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
    'review.subject': 'Un professionnel de santé a examiné votre résultat Visus',
    'review.hello': 'Bonjour {name},',
    'review.advises': '{clinician} a examiné l’un de vos résultats et recommande\u00a0: {advice}.',
    'review.read': 'Consultez l’avis avec votre résultat\u00a0:',
    'review.advice': {
      'no-action': 'aucune action nécessaire',
      'routine-exam': 'un examen de la vue de routine',
      soon: 'un examen de la vue prochainement',
      urgent: 'consulter en urgence un optométriste ou un médecin',
    },
  },
};
