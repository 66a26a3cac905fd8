import { z } from 'zod';
import { zSegmentIds } from '../content-draft.ts';
import type { ContentTypeTemplate } from './content-type-template.ts';

export const zMeetingDetails = z.object({
  meeting_data: z.object({
    attendees: z.array(z.string()),
    agenda: z.array(z.string()),
    decisions: z.array(z.object({ text: z.string(), segment_ids: zSegmentIds })),
    action_items: z.array(
      z.object({
        task: z.string(),
        owner: z.string().nullable(),
        due: z.string().nullable(),
        segment_ids: zSegmentIds,
      }),
    ),
  }),
});

export const meetingNotesPrompt: ContentTypeTemplate = {
  type: 'meeting_notes',
  version: 1,
  label: 'Meeting notes',
  instructions: `Write meeting notes: a two-sentence summary, the topics discussed with what was said about each,
the decisions taken, and the action items with owner and due date where they were named. Names only as heard.`,
  sections: ['Summary', 'Discussion', 'Decisions', 'Action items'],
  details: zMeetingDetails,
  detailsGuide:
    'Fill details.meeting_data: attendees and agenda as named, decisions and action items with their sources; an owner or due date nobody named is null.',
};
