import { addServerMessages } from './server-messages';

/*
 * The server's texts the clinic's screens and the sharing card may show (their ids are in the `clinic`
 * catalog area); imported by those screens, so that no other screen downloads them. The texts are written
 * out, not imported: the contracts' index would bring zod's schemas to the Results screen with the
 * sharing card (area-messages.test.ts checks they are still the contracts' texts).
 */
addServerMessages({
  'Patient not found': ['clinic.error.patientNotFound'],
  'Result not found': ['clinic.error.resultNotFound'],
});
