import { accountWithRole, buildTestApp, call, newPerson, type TestApp } from '../../../../helpers/build-app';

export type Account = Awaited<ReturnType<typeof accountWithRole>>;

/**
 * The scene the clinic tests start from: a fresh app, a clinician and a patient (with `patient` details),
 * and the patient's results saved in order. Nothing is shared yet.
 */
export async function clinicianAndPatient(
  names: { clinician: string; patient: string },
  records: unknown[],
  patient: Parameters<typeof newPerson>[0] = {},
): Promise<{ t: TestApp; clinician: Account; patient: Account; resultIds: string[] }> {
  const t = await buildTestApp();
  const clinicianAccount = await accountWithRole(t, 'clinician', newPerson({ name: names.clinician }));
  const patientAccount = await accountWithRole(t, 'user', newPerson({ ...patient, name: names.patient }));
  const resultIds: string[] = [];
  for (const record of records) resultIds.push(await saveResult(t, patientAccount.token, record));
  return { t, clinician: clinicianAccount, patient: patientAccount, resultIds };
}

/** A valid results record (PUT /tests/results) of a Sloan chart taken on `day` of January 2026. */
export function sloanRecord(day: number, right: number, left: number) {
  const start = Date.UTC(2026, 0, day, 9, 30);
  return {
    setup: {
      date: new Date(start).toISOString(),
      units: 'm',
      correction: 'Glasses',
      testMode: false,
      singleTest: 'sloan',
    },
    data: {
      start,
      end: start + 60_000,
      sloan: {
        right: { va: right, rounds: 20, loopLength: 30, logMAR: right },
        left: { va: left, rounds: 20, loopLength: 30, logMAR: left },
      },
    },
  };
}

/** Saves a result for the account and answers its id. */
export async function saveResult(t: TestApp, token: string, record: unknown): Promise<string> {
  const res = await call(t.app, 'PUT', '/tests/results', { token, body: record });
  if (res.status !== 201) throw new Error(`saving failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { _id: string })._id;
}
