export * from './api';
export * from './auth.schema';
export * from './routes';
