import { PATIENT_NOT_FOUND, RESULT_NOT_FOUND } from '@visus/contracts';
import { addServerMessages } from './server-messages';

/*
 * The server's texts the clinic's screens and the sharing card may show (their ids are in the `clinic`
 * catalog area); imported by those screens, so that no other screen downloads them.
 */
addServerMessages({
  [PATIENT_NOT_FOUND]: ['clinic.error.patientNotFound'],
  [RESULT_NOT_FOUND]: ['clinic.error.resultNotFound'],
});
