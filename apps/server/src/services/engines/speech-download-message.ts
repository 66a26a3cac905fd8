/** How a transcription job's message starts while the speech model downloads. */
export const SPEECH_DOWNLOAD_PREFIX = 'Downloading the speech model ';
const SPEECH_MESSAGE = /^Downloading the speech model (\S+) \(\d+ MB\): (\d{1,3}) %$/;

/**
 * What a transcription job says while it waits for the speech model to download on first use.
 * The item page shows it; every process reads the model's percent back from it.
 */
export function speechModelDownloadMessage(model: string, totalBytes: number, percent: number): string {
  return `${SPEECH_DOWNLOAD_PREFIX}${model} (${Math.round(totalBytes / 1e6)} MB): ${percent} %`;
}

/** The model and percent of a transcription job's download message, null for any other message. */
export function readSpeechModelDownload(message: string | null): { model: string; percent: number } | null {
  const match = message ? SPEECH_MESSAGE.exec(message) : null;
  return match?.[1] && match[2] ? { model: match[1], percent: Number(match[2]) } : null;
}
