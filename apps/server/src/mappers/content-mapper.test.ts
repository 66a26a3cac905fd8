// A stored piece read for the API: details already in the one shape come back as stored; a piece
// written before details had one shape gets them mapped (without times, which need the source).
import { type ContentDetails, zContent } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import type { StoredContentBody } from '../db/json-columns.ts';
import type { ContentRow } from '../repositories/content.repository.ts';
import { pendingTranslation, toContent } from './content-mapper.ts';

function row(body: StoredContentBody | null): ContentRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    transcriptionId: '00000000-0000-4000-8000-000000000003',
    contentType: 'meeting_notes',
    title: 'Budget meeting',
    requestedTitle: null,
    language: 'en',
    languages: ['en'],
    keywords: [],
    targetPlatforms: [],
    status: body ? 'completed' : 'processing',
    progress: body ? 100 : 40,
    progressMessage: null,
    body,
    translations: {
      en: body
        ? {
            ...pendingTranslation(true),
            title: body.title,
            text: body.text,
            status: 'completed',
            blocks: body.blocks,
          }
        : pendingTranslation(true),
    },
    writer: null,
    error: null,
    jobId: null,
    versions: [],
    revision: 1,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

const decision = { text: 'Keep the budget', segment_ids: [1], start: 4 };
const body = (details: StoredContentBody['details']): StoredContentBody => ({
  title: 'Budget meeting',
  text: 'We keep the budget.',
  blocks: [{ type: 'paragraph', ...decision }],
  key_points: [decision],
  quotes: [],
  keywords: ['budget'],
  details,
  word_count: 4,
});

describe('a stored body as the API gives it', () => {
  it('gives details in the one shape back as stored', () => {
    const details: ContentDetails = {
      content_type: 'meeting_notes',
      meeting_data: {
        attendees: ['Ana'],
        topics: ['Budget'],
        decisions: [decision],
        action_items: [{ text: 'Send the figures', segment_ids: [2], start: 9, owner: 'Ben', due: null }],
      },
    };
    const piece = toContent(row(body(details)));
    expect(piece.body).toEqual(body(details));
    expect(zContent.safeParse(piece).success).toBe(true);
  });

  it('maps the details of a piece written before they had one shape', () => {
    const piece = toContent(
      row(
        body({
          meeting_data: {
            attendees: ['Ana', ''],
            agenda: ['Budget'],
            action_items: [{ task: 'Send the figures', owner: 'Ben', segment_ids: [2] }],
          },
        }),
      ),
    );
    expect(piece.body?.details).toEqual({
      content_type: 'meeting_notes',
      meeting_data: {
        attendees: ['Ana'],
        topics: ['Budget'],
        decisions: [],
        action_items: [{ text: 'Send the figures', segment_ids: [2], start: null, owner: 'Ben', due: null }],
      },
    });
    expect(piece.body?.blocks).toEqual([{ type: 'paragraph', ...decision }]);
    expect(zContent.safeParse(piece).success).toBe(true);
  });

  it('keeps plain types without details, and a piece not written yet without a body', () => {
    expect(toContent(row(body(null))).body?.details).toBeNull();
    expect(toContent(row(null)).body).toBeNull();
  });
});
