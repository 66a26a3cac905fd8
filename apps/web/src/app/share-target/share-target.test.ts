import { describe, expect, it } from 'vitest';
import { isMediaFile, receiveShare, SHARE_TARGET, type SharedFile } from './share-target.ts';

describe('the share target', () => {
  it('asks the share sheet for sound and video files, posted as a multipart form', () => {
    expect(SHARE_TARGET).toMatchObject({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'media' }] },
    });
    expect(SHARE_TARGET.params.files[0]?.accept).toEqual(expect.arrayContaining(['audio/*', 'video/*']));
  });

  it('keeps the shared media files and sends the user to the upload tab with 303', async () => {
    const form = new FormData();
    form.append('title', 'Voice memo');
    form.append(
      'media',
      new File([new Uint8Array([0x49, 0x44, 0x33, 1, 2])], 'memo.m4a', { type: 'audio/mp4' }),
    );
    form.append('media', new File([new Uint8Array([1, 2, 3])], 'clip.mov', { type: '' }));
    form.append('media', new File(['just words'], 'notes.txt', { type: 'text/plain' }));
    form.append('media', new File([], 'empty.mp3', { type: 'audio/mpeg' }));
    const kept: SharedFile[] = [];
    let n = 0;
    const response = await receiveShare(
      new Request('https://vox.example/share-target', { method: 'POST', body: form }),
      {
        keep: async (files) => {
          kept.push(...files);
        },
        newId: () => `shared-${++n}`,
        now: () => new Date('2026-11-28T06:00:00Z'),
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://vox.example/home/audio?mode=upload&shared=1');
    expect(kept.map((f) => [f.id, f.name, f.file.size])).toEqual([
      ['shared-1', 'memo.m4a', 5],
      ['shared-2', 'clip.mov', 3],
    ]);
    expect(kept[0]?.file.type).toBe('audio/mp4');
  });

  it('answers a share without a readable form with the upload tab all the same', async () => {
    const response = await receiveShare(
      new Request('https://vox.example/share-target', { method: 'POST', body: 'not a form' }),
      { keep: async () => expect.unreachable(), newId: () => 'x', now: () => new Date() },
    );
    expect(response.status).toBe(303);
  });

  it('tells media from other files by type, else by name', () => {
    expect(isMediaFile({ name: 'x.bin', type: 'video/quicktime' })).toBe(true);
    expect(isMediaFile({ name: 'Recording 12.M4A', type: '' })).toBe(true);
    expect(isMediaFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });
});
