import type { WhisperModelSetting } from '@voxpress/contracts';
import type { SpeechConfig } from '../../config/config.ts';
import { listModels } from '../../engines/speech/whisper-models.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerSettings } from '../settings/server-settings.service.ts';

/**
 * The administrator's choice of whisper model at run time: saved with the server settings (so
 * every process picks it up within seconds), else WHISPER_MODEL, else the model picked for this
 * machine. The speech engine reads it before each job; nothing needs a restart.
 */
export class WhisperModelSettingService {
  constructor(
    private readonly whisper: SpeechConfig['whisper'],
    private readonly settings: Pick<ServerSettings, 'whisperModel' | 'saveWhisperModel'>,
  ) {}

  async get(): Promise<WhisperModelSetting> {
    const saved = await this.settings.whisperModel();
    const model = saved ?? this.whisper.model;
    const listed = (await listModels(this.whisper.modelsDir)).find((m) => m.name === model);
    return {
      model,
      source: saved ? 'saved' : this.whisper.chosenFor ? 'hardware' : 'environment',
      default_model: this.whisper.model,
      chosen_for: this.whisper.chosenFor ?? null,
      downloaded: listed?.downloaded ?? false,
      bytes: listed ? (listed.sizeOnDisk ?? listed.bytes) : null,
      auto_download: this.whisper.autoDownload,
    };
  }

  /** Chooses a catalogue model or a model file already in the folder; null restores the default. */
  async set(name: string | null): Promise<WhisperModelSetting> {
    if (name !== null) {
      const known = (await listModels(this.whisper.modelsDir)).some((m) => m.name === name);
      if (!known)
        throw new HttpError(
          422,
          'model_unknown',
          `There is no whisper model called “${name}”: choose one of the list, or put ggml-${name}.bin in the models folder first.`,
          { name },
        );
    }
    await this.settings.saveWhisperModel(name);
    return this.get();
  }
}
