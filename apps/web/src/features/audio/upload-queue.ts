import type { Audio, SpeakersRequest } from '@voxpress/contracts';

/**
 * One chosen file, as kept on this device until the server has it. The file itself is dropped once
 * it was sent (the row keeps its link); a row whose file could not be kept asks to be picked again.
 */
export interface QueuedFile {
  id: string;
  name: string;
  size: number;
  /** The transcription language chosen when the file was added. */
  language: string;
  speakers?: SpeakersRequest;
  addedAt: string;
  /** The bytes; absent once sent, or when this browser could not keep them over a reload. */
  file?: Blob;
  /** What became of it, as far as a reload needs to know. */
  outcome?: { kind: 'sent'; audioId: string } | { kind: 'failed'; message: string };
}

/** Where a file stands, as its row shows it. */
export type FileState =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'sent'; audioId: string }
  | { kind: 'failed'; message: string }
  /** Left from before a reload without its bytes: the user chooses it again. */
  | { kind: 'missing' };

export interface QueueRow {
  entry: QueuedFile;
  state: FileState;
}

export interface UploadQueueDeps {
  list(): Promise<QueuedFile[]>;
  save(entry: QueuedFile): Promise<void>;
  remove(id: string): Promise<void>;
  /** Uploads one file; resolves with the new item (its transcription already started). */
  send(entry: QueuedFile & { file: Blob }, onProgress: (percent: number) => void): Promise<Audio>;
  /** The words for a failure (refused by the server, connection lost…). */
  describe(error: unknown): string;
  newId(): string;
  now(): Date;
}

/** Files sent at the same time: two keep the line busy without one large file holding up the rest. */
export const PARALLEL_UPLOADS = 2;

export interface UploadQueue {
  /** Reads what an earlier page left (once); waiting files with their bytes go on by themselves. */
  restore(): Promise<void>;
  add(files: readonly File[], language: string, speakers?: SpeakersRequest): Promise<void>;
  /** A refused file the dropzone already knew to be wrong: a row with its reason, never sent. */
  addRefused(name: string, size: number, message: string): Promise<void>;
  retry(id: string): Promise<void>;
  /** A missing file chosen again (matched by the caller): it goes back in line. */
  repick(id: string, file: File): Promise<void>;
  remove(id: string): Promise<void>;
  /** Forgets the rows that are done (sent or failed). */
  clearFinished(): Promise<void>;
  rows(): readonly QueueRow[];
  subscribe(listener: () => void): () => void;
  /** Resolves when nothing is waiting or being sent. */
  idle(): Promise<void>;
}

function stateOf(entry: QueuedFile): FileState {
  if (entry.outcome) return entry.outcome;
  return entry.file ? { kind: 'waiting' } : { kind: 'missing' };
}

export function createUploadQueue(deps: UploadQueueDeps): UploadQueue {
  let rows: QueueRow[] = [];
  const listeners = new Set<() => void>();
  let restoring: Promise<void> | null = null;
  let active = 0;
  let idleWaiters: Array<() => void> = [];

  const emit = () => {
    for (const listener of listeners) listener();
    if (active === 0 && !rows.some((r) => r.state.kind === 'waiting')) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  const update = (id: string, entry: QueuedFile, state: FileState) => {
    rows = rows.map((row) => (row.entry.id === id ? { entry, state } : row));
    emit();
  };

  async function sendOne(row: QueueRow & { entry: { file: Blob } }): Promise<void> {
    const { entry } = row;
    update(entry.id, entry, { kind: 'sending', percent: 0 });
    let next: QueuedFile;
    try {
      const audio = await deps.send(entry, (percent) => {
        const current = rows.find((r) => r.entry.id === entry.id);
        if (current?.state.kind === 'sending')
          update(entry.id, entry, { kind: 'sending', percent: Math.round(percent) });
      });
      next = { ...entry, file: undefined, outcome: { kind: 'sent', audioId: audio.audio_id } };
    } catch (error) {
      // The bytes stay, so Try again needs no new pick.
      next = { ...entry, outcome: { kind: 'failed', message: deps.describe(error) } };
    }
    // Removed while it was on its way: the row stays gone.
    if (!rows.some((r) => r.entry.id === entry.id)) return;
    await deps.save(next).catch(() => undefined);
    update(entry.id, next, stateOf(next));
  }

  function pump(): void {
    while (active < PARALLEL_UPLOADS) {
      const row = rows.find(
        (r): r is QueueRow & { entry: { file: Blob } } => r.state.kind === 'waiting' && !!r.entry.file,
      );
      if (!row) break;
      active += 1;
      // Marked at once, so the next turn of this loop takes the following file.
      update(row.entry.id, row.entry, { kind: 'sending', percent: 0 });
      void sendOne(row).finally(() => {
        active -= 1;
        pump();
        emit();
      });
    }
  }

  const put = async (entry: QueuedFile) => {
    rows = [...rows.filter((r) => r.entry.id !== entry.id), { entry, state: stateOf(entry) }];
    emit();
    // A browser that cannot keep the bytes (private mode, full disk) still sends them now; only
    // a reload would lose them, and the row then asks for the file again.
    await deps.save(entry).catch(() => deps.save({ ...entry, file: undefined }).catch(() => undefined));
  };

  return {
    restore() {
      restoring ??= (async () => {
        const kept = await deps.list().catch(() => []);
        const known = new Set(rows.map((r) => r.entry.id));
        const earlier = kept
          .filter((e) => !known.has(e.id))
          .sort((a, b) => a.addedAt.localeCompare(b.addedAt))
          .map((entry) => ({ entry, state: stateOf(entry) }));
        rows = [...earlier, ...rows];
        emit();
        pump();
      })();
      return restoring;
    },
    async add(files, language, speakers) {
      for (const file of files) {
        await put({
          id: deps.newId(),
          name: file.name,
          size: file.size,
          language,
          ...(speakers !== undefined ? { speakers } : {}),
          addedAt: deps.now().toISOString(),
          file,
        });
      }
      pump();
    },
    async addRefused(name, size, message) {
      await put({
        id: deps.newId(),
        name,
        size,
        language: '',
        addedAt: deps.now().toISOString(),
        outcome: { kind: 'failed', message },
      });
    },
    async retry(id) {
      const row = rows.find((r) => r.entry.id === id);
      if (!row?.entry.file || row.state.kind !== 'failed') return;
      const { outcome: _, ...entry } = row.entry;
      await put(entry);
      pump();
    },
    async repick(id, file) {
      const row = rows.find((r) => r.entry.id === id);
      if (!row) return;
      if (row.state.kind !== 'missing') return;
      await put({ ...row.entry, name: file.name, size: file.size, file });
      pump();
    },
    async remove(id) {
      rows = rows.filter((r) => r.entry.id !== id);
      emit();
      await deps.remove(id).catch(() => undefined);
    },
    async clearFinished() {
      const done = rows.filter((r) => r.state.kind === 'sent' || r.state.kind === 'failed');
      rows = rows.filter((r) => !done.includes(r));
      emit();
      for (const row of done) await deps.remove(row.entry.id).catch(() => undefined);
    },
    rows: () => rows,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle() {
      if (active === 0 && !rows.some((r) => r.state.kind === 'waiting')) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
