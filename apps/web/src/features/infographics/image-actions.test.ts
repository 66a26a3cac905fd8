import { describe, expect, it } from 'vitest';
import { absoluteUrl, shareImage } from './image-actions.ts';

const url = 'http://127.0.0.1:8080/api/v1/infographics/images/x.png?ticket=t';

describe('sharing an image', () => {
  it('uses the share sheet when the device has one', async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    const outcome = await shareImage('Banana bread', url, {
      share: async (data) => {
        shared.push(data);
      },
      writeText: async (text) => {
        copied.push(text);
      },
    });
    expect(outcome).toBe('shared');
    expect(shared).toEqual([{ title: 'Banana bread', url }]);
    expect(copied).toEqual([]);
  });

  it('does nothing more when the user closes the share sheet', async () => {
    const copied: string[] = [];
    const outcome = await shareImage('x', url, {
      share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
      writeText: async (text) => {
        copied.push(text);
      },
    });
    expect(outcome).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('copies the address without a share sheet, or when it refuses', async () => {
    const copied: string[] = [];
    const writeText = async (text: string) => {
      copied.push(text);
    };
    expect(await shareImage('x', url, { writeText })).toBe('copied');
    expect(
      await shareImage('x', url, {
        share: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
        writeText,
      }),
    ).toBe('copied');
    expect(copied).toEqual([url, url]);
  });

  it('fails when the address cannot be copied either', async () => {
    await expect(shareImage('x', url, {})).rejects.toThrow();
    await expect(
      shareImage('x', url, { writeText: () => Promise.reject(new Error('denied')) }),
    ).rejects.toThrow('denied');
  });

  it('shares a full address, not a path', () => {
    expect(absoluteUrl('/api/v1/infographics/images/x.png?ticket=t', 'https://vox.example')).toBe(
      'https://vox.example/api/v1/infographics/images/x.png?ticket=t',
    );
  });
});
