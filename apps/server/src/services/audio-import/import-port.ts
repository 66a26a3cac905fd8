import type { EnginePort } from '@voxpress/contracts';

/**
 * Imports from video sites as the engines view shows them: yt-dlp, found on PATH or not. Direct
 * media links and podcast feeds need nothing beyond the server itself.
 */
export function importPort(ytDlpPath: string | null): EnginePort {
  return {
    port: 'Imports from video sites',
    kind: 'importer',
    active: ytDlpPath ? 'yt-dlp' : null,
    implementations: [
      {
        id: 'yt-dlp',
        kind: 'importer',
        name: 'yt-dlp',
        state: ytDlpPath ? 'active' : 'missing',
        reason: ytDlpPath
          ? "The sound of a video site's page can be imported from its link"
          : 'Not installed: pages of video sites cannot be imported (direct links to media files and podcast feeds can)',
        detail: ytDlpPath ? `Found at ${ytDlpPath}` : 'yt-dlp was not found on PATH',
        enable: 'Install yt-dlp on the server so that it is on PATH (for example: apt-get install yt-dlp)',
      },
    ],
  };
}
