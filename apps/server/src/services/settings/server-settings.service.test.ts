import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { MemoryEventBus } from '../../events/event-bus.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import type { ServerSettingsRepository } from '../../repositories/server-settings.repository.ts';
import { SETTINGS_TTL_MS, ServerSettings } from './server-settings.service.ts';

/** One table that several processes read (a Map standing in for `server_settings`). */
function sharedTable(): ServerSettingsRepository {
  const rows = new Map<string, unknown>();
  return {
    all: async () => new Map(rows),
    write: async (values: Map<string, unknown>) => {
      for (const [k, v] of values) v === undefined ? rows.delete(k) : rows.set(k, structuredClone(v));
    },
    remove: async (key: string) => void rows.delete(key),
  } as unknown as ServerSettingsRepository;
}

const config = loadConfig({
  VOXPRESS_SECRET: 's'.repeat(40),
  VOXPRESS_DATA_DIR: '/nonexistent',
  SIGNUPS: 'open',
});

describe('server settings read by several processes', () => {
  it('a change announced on the bus reaches another process at once', async () => {
    const repository = sharedTable();
    const bus = new MemoryEventBus();
    const box = new SecretBox(config.secret, 'server settings');
    const a = new ServerSettings({ repository, events: bus, config, box });
    const b = new ServerSettings({ repository, events: bus, config, box });
    expect(await b.signupsOpen()).toBe(true);
    await a.update({ signups_open: false });
    expect(await b.signupsOpen()).toBe(false);
  });

  it('a lost event heals within the TTL', async () => {
    const repository = sharedTable();
    let now = 0;
    const box = new SecretBox(config.secret, 'server settings');
    // Two buses: the event of one process never reaches the other.
    const a = new ServerSettings({ repository, events: new MemoryEventBus(), config, box, now: () => now });
    const b = new ServerSettings({ repository, events: new MemoryEventBus(), config, box, now: () => now });
    expect(await b.quotaBytes()).toBe(10_240 * 1024 * 1024);
    await a.update({ storage_quota_mb: 5 });
    now += SETTINGS_TTL_MS - 1;
    expect(await b.quotaBytes()).toBe(10_240 * 1024 * 1024);
    now += 2;
    expect(await b.quotaBytes()).toBe(5 * 1024 * 1024);
  });

  it('a key sealed with another secret counts as unset, never as garbage', async () => {
    const repository = sharedTable();
    const bus = new MemoryEventBus();
    const before = new ServerSettings({
      repository,
      events: bus,
      config,
      box: new SecretBox('a'.repeat(40), 'server settings'),
    });
    await before.update({ llm: { anthropic: { api_key: 'sk-ant-secret' } } });
    expect((await before.llm()).anthropic?.apiKey).toBe('sk-ant-secret');
    const after = new ServerSettings({
      repository,
      events: bus,
      config,
      box: new SecretBox('b'.repeat(40), 'server settings'),
    });
    expect((await after.llm()).anthropic).toBeUndefined();
  });
});
