import type { UtteranceId } from '@visus/core';
import type { SpeechLanguage } from './speech-language';

/**
 * What the display says for each instruction (core UTTERANCE_IDS), in each language. Fixed sentences,
 * never built from what a trial shows, so a spoken instruction cannot give an answer away. Polite forms
 * (usted, Sie, vous), short sentences to be understood from 3 m, and the words of the controls the person
 * presses: START or the space bar, CONTINUE. The last one ('test-complete') is short: the results page opens
 * 3 s after it and leaving the test screen cancels what is still being said.
 */
export const SPOKEN_PHRASES: Readonly<Record<SpeechLanguage, Readonly<Record<UtteranceId, string>>>> = {
  en: {
    'connect-phone': 'Connect your phone with the code on the screen, or use this keyboard.',
    'cover-left-eye': 'Cover your left eye. Press start on your phone, or the space bar, when you are ready.',
    'use-both-eyes':
      'Keep both eyes open for this test. Press start on your phone, or the space bar, when you are ready.',
    'cover-right-eye': 'Now cover your right eye.',
    'repeat-cover-right-eye':
      "Let's do this test again. Cover your right eye, and press continue when you are ready.",
    'test-started': 'The test has started.',
    'test-completed': 'Test completed. Get ready for the next one.',
    paused: 'Paused. Press continue when you are ready.',
    saving: 'Saving your results.',
    'test-complete': 'Test complete.',
    'test-interrupted': 'The test was interrupted.',
    'move-back': 'Move back a little.',
    'move-closer': 'Come a little closer.',
  },
  es: {
    'connect-phone': 'Conecte su teléfono con el código de la pantalla, o use este teclado.',
    'cover-left-eye':
      'Tápese el ojo izquierdo. Cuando quiera empezar, pulse Empezar en su teléfono o la barra espaciadora.',
    'use-both-eyes':
      'Para esta prueba, mantenga los dos ojos abiertos. Cuando quiera empezar, pulse Empezar en su teléfono o la barra espaciadora.',
    'cover-right-eye': 'Ahora tápese el ojo derecho.',
    'repeat-cover-right-eye':
      'Vamos a repetir esta prueba. Tápese el ojo derecho y pulse Continuar cuando quiera seguir.',
    'test-started': 'La prueba ha comenzado.',
    'test-completed': 'Prueba terminada. Prepárese para la siguiente.',
    paused: 'En pausa. Pulse Continuar cuando quiera seguir.',
    saving: 'Guardando sus resultados.',
    'test-complete': 'Ha terminado la prueba.',
    'test-interrupted': 'La prueba se ha interrumpido.',
    'move-back': 'Aléjese un poco de la pantalla.',
    'move-closer': 'Acérquese un poco a la pantalla.',
  },
  de: {
    'connect-phone':
      'Verbinden Sie Ihr Smartphone mit dem Code auf dem Bildschirm, oder benutzen Sie diese Tastatur.',
    'cover-left-eye':
      'Bitte decken Sie Ihr linkes Auge ab. Drücken Sie auf Starten oder die Leertaste, wenn Sie bereit sind.',
    'use-both-eyes':
      'Lassen Sie bei diesem Test beide Augen offen. Drücken Sie auf Starten oder die Leertaste, wenn Sie bereit sind.',
    'cover-right-eye': 'Decken Sie jetzt Ihr rechtes Auge ab.',
    'repeat-cover-right-eye':
      'Wir wiederholen diesen Test. Decken Sie Ihr rechtes Auge ab und drücken Sie auf Weiter, wenn Sie bereit sind.',
    'test-started': 'Der Test hat begonnen.',
    'test-completed': 'Test abgeschlossen. Machen Sie sich bereit für den nächsten.',
    paused: 'Pause. Drücken Sie auf Weiter, wenn Sie bereit sind.',
    saving: 'Ihre Ergebnisse werden gespeichert.',
    'test-complete': 'Der Sehtest ist fertig.',
    'test-interrupted': 'Der Test wurde unterbrochen.',
    'move-back': 'Gehen Sie bitte etwas zurück.',
    'move-closer': 'Kommen Sie bitte etwas näher.',
  },
  fr: {
    'connect-phone': 'Connectez votre téléphone avec le code affiché à l’écran, ou utilisez ce clavier.',
    'cover-left-eye':
      'Cachez votre œil gauche. Appuyez sur Commencer sur votre téléphone, ou sur la barre d’espace, lorsque vous le souhaitez.',
    'use-both-eyes':
      'Pour ce test, gardez les deux yeux ouverts. Appuyez sur Commencer sur votre téléphone, ou sur la barre d’espace, lorsque vous le souhaitez.',
    'cover-right-eye': 'Cachez maintenant votre œil droit.',
    'repeat-cover-right-eye':
      'Nous allons refaire ce test. Cachez votre œil droit, puis appuyez sur Continuer lorsque vous le souhaitez.',
    'test-started': 'Le test a commencé.',
    'test-completed': 'Test terminé. Préparez-vous pour le suivant.',
    paused: 'En pause. Appuyez sur Continuer lorsque vous le souhaitez.',
    saving: 'Enregistrement de vos résultats.',
    'test-complete': 'Le test est terminé.',
    'test-interrupted': 'Le test a été interrompu.',
    'move-back': 'Reculez un peu.',
    'move-closer': 'Rapprochez-vous un peu.',
  },
};
