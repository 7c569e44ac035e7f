export * from './account/roles';
export * from './account/date-of-birth';
