import type { EnginePort } from '@voxpress/contracts';
import { readYtDlpVersion } from './yt-dlp.ts';

/**
 * Imports from video sites as the engines view shows them: yt-dlp, found on PATH or not, with its
 * version. Direct media links and podcast feeds need nothing beyond the server itself.
 */
export async function importPort(ytDlpPath: string | null): Promise<EnginePort> {
  const version = ytDlpPath ? await readYtDlpVersion(ytDlpPath) : null;
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
        detail: ytDlpPath
          ? `${version ? `yt-dlp ${version}` : 'yt-dlp (version unknown)'}, found at ${ytDlpPath}`
          : 'yt-dlp was not found on PATH',
        enable: 'Install yt-dlp on the server so that it is on PATH (for example: apt-get install yt-dlp)',
      },
    ],
  };
}
