export * from './patient-flags';
export * from './share-links';
