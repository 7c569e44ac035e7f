export * from './patient-flags';
