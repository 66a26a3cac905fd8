import { describe, expect, it } from 'vitest';
import { apiCacheName, isCacheableApiRequest } from './api-cache-rules.ts';

const request = (method: string, headers: Record<string, string> = {}) => ({
  method,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
});
const url = (path: string) => new URL(path, 'https://voxpress.example');

function jwt(payload: object): string {
  const part = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part(payload)}.signature`;
}

describe('API answers kept for offline use', () => {
  it('are GETs of lists, items, transcripts, figures and settings', () => {
    for (const path of [
      '/api/v1/users/me',
      '/api/v1/audio?page=1&limit=10',
      '/api/v1/audio/stats?month_start=2026-11-01',
      '/api/v1/audio/0b6c/transcription',
      '/api/v1/system/engines',
    ]) {
      expect(isCacheableApiRequest(request('GET'), url(path)), path).toBe(true);
    }
  });

  it('never streams, recording bytes, signed links, exports, uploads, sign-in or changes', () => {
    expect(isCacheableApiRequest(request('POST'), url('/api/v1/audio/upload'))).toBe(false);
    expect(isCacheableApiRequest(request('DELETE'), url('/api/v1/audio/1'))).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/api/v1/audio/1/status?ticket=x'))).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/api/v1/audio/1/status'))).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/api/v1/audio/1/download'))).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/api/v1/audio/1/links'))).toBe(false);
    expect(
      isCacheableApiRequest(request('GET'), url('/api/v1/audio/1/transcription/export?format=srt')),
    ).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/api/v1/storage/abc?sig=1'))).toBe(false);
    expect(isCacheableApiRequest(request('GET', { range: 'bytes=0-' }), url('/api/v1/audio/1'))).toBe(false);
    expect(
      isCacheableApiRequest(request('GET', { accept: 'text/event-stream' }), url('/api/v1/content/1/events')),
    ).toBe(false);
    expect(isCacheableApiRequest(request('GET'), url('/help'))).toBe(false);
  });
});

describe('the cache an answer is kept in', () => {
  it('belongs to the account the token names, so two people never share one', () => {
    const ada = apiCacheName(`Bearer ${jwt({ sub: 'ada-1', exp: 1 })}`);
    const bob = apiCacheName(`bearer ${jwt({ sub: 'bob-2' })}`);
    expect(ada).toBe('voxpress-api-v1-user-ada-1');
    expect(bob).toBe('voxpress-api-v1-user-bob-2');
  });

  it('is a shared one without a token, and none for a token that cannot be read', () => {
    expect(apiCacheName(null)).toBe('voxpress-api-v1-public');
    expect(apiCacheName('Bearer not-a-jwt')).toBeNull();
    expect(apiCacheName(`Bearer ${jwt({ name: 'no subject' })}`)).toBeNull();
    expect(apiCacheName('Basic dXNlcjpwYXNz')).toBeNull();
  });
});
