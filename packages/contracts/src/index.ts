export * from './audio.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './limits.ts';
export * from './search.ts';
export * from './system.ts';
export * from './transcription.ts';
