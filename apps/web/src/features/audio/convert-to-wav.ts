import { downmixToMono, encodeWav, resampleLinear } from './wav-encoder.ts';

/**
 * Speech engines work on 16 kHz mono, so converting to exactly that keeps the upload small
 * (32 KB per second, under 10 MB for the 5-minute limit) without losing anything they use.
 */
export const WAV_SAMPLE_RATE = 16_000;

/**
 * Decodes a recording (webm/opus from MediaRecorder) in the browser and re-encodes it as
 * 16-bit PCM WAV, mono, 16 kHz. Decoding inside a 16 kHz OfflineAudioContext makes the
 * browser resample with its own filtered resampler; the linear fallback only runs if it did not.
 * Rejects when the browser cannot decode the recording (the caller then sends the original).
 */
export async function convertToWav(recording: Blob): Promise<Blob> {
  const encoded = await recording.arrayBuffer();
  const context = new OfflineAudioContext(1, 1, WAV_SAMPLE_RATE);
  const decoded = await context.decodeAudioData(encoded);
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
  const mono = resampleLinear(downmixToMono(channels), decoded.sampleRate, WAV_SAMPLE_RATE);
  return new Blob([encodeWav(mono, WAV_SAMPLE_RATE)], { type: 'audio/wav' });
}
