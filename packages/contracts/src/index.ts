export * from './api';
export * from './auth.schema';
export * from './routes';
export * from './admin.schema';
export * from './settings.schema';
export * from './sessions.schema';
export * from './realtime.schema';
export * from './results.schema';
