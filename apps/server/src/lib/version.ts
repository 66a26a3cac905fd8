/** The release version reported by the health check and the client configuration. */
export const VERSION = '0.1.0';
