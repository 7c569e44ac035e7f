/** The clinician's screens of a patient (issue 19): the history and one result with its review form. */
export const patientPath = (userId: string) => `/user/patients/${encodeURIComponent(userId)}`;

export const resultPath = (userId: string, resultId: string) =>
  `${patientPath(userId)}/results/${encodeURIComponent(resultId)}`;
