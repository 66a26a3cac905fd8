/** The part of pino the speech engines use (the server's logger fits it). */
export interface SpeechLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A logger that drops everything, for tests and tools. */
export const silentLogger: SpeechLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
};
