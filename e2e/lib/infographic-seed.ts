// Seeds infographics for an account through the real API, the way the app makes them: a document
// becomes an item, content is written from it, infographics are generated from the content and
// saved to the gallery.
import type {
  Content,
  GenerationResult,
  InfographicContentType,
  SavedInfographic,
} from '@voxpress/contracts';

/** A signed-in user of the API, by access token. */
export interface ApiUser {
  baseUrl: string;
  token: string;
}

async function call<T>(user: ApiUser, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${user.baseUrl}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Uploads a text document as an item; returns the item's id (its source id too). */
export async function uploadDocument(user: ApiUser, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const up = await call<{ data: { transcription_id: string } }>(user, '/files/upload/content', {
    method: 'POST',
    body: form,
  });
  return up.data.transcription_id;
}

/** Writes content from a source with the built-in composer and waits until it is done. */
export async function writeContent(
  user: ApiUser,
  transcriptionId: string,
  contentType: 'recipe' | 'enhanced',
  timeoutMs = 60_000,
): Promise<Content> {
  const started = await call<{ data: { content_id: string } }>(user, '/content/enhance', {
    method: 'POST',
    body: JSON.stringify({ transcription_id: transcriptionId, content_type: contentType, language: ['en'] }),
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const content = await call<Content>(user, `/content/${started.data.content_id}`);
    if (content.status === 'completed') return content;
    if (content.status === 'failed' || Date.now() > deadline)
      throw new Error(`content did not finish: ${content.status}`);
    // Polled, as the app's own fallback does; the composer writes in well under a second.
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The generator dialog's set (5 variations at 512x512) for a piece of content. */
export function generateSet(
  user: ApiUser,
  contentId: string,
  contentType: InfographicContentType,
): Promise<GenerationResult> {
  return call<GenerationResult>(user, '/infographics/react/generate-multiple-templates-immediate', {
    method: 'POST',
    body: JSON.stringify({ content_id: contentId, content_type: contentType }),
  });
}

/** Saves a generated image to the gallery under `title`. */
export function saveImage(user: ApiUser, imageId: string, title: string): Promise<SavedInfographic> {
  return call<SavedInfographic>(user, '/infographics/save', {
    method: 'POST',
    body: JSON.stringify({ image_id: imageId, metadata: { title } }),
  });
}

/** Saves favourites of a set as a named template collection. */
export function saveCollection(user: ApiUser, name: string, imageIds: string[]): Promise<{ id: string }> {
  return call<{ id: string }>(user, '/infographics/collections/create', {
    method: 'POST',
    body: JSON.stringify({ collection_name: name, variations: imageIds.map((id) => ({ id })) }),
  });
}

export const RECIPE_NOTES = `Grandma's banana bread

Today we're making my grandmother's banana bread, the easiest recipe I know. It takes about fifteen minutes to prep and it serves eight people.

For the ingredients, you'll need three ripe bananas, two cups of flour, one teaspoon of baking soda and a pinch of salt. You'll also need half a cup of melted butter and one egg.

First, preheat the oven to three hundred fifty degrees and grease a loaf pan. Next, mash the bananas in a large bowl. Then stir in the melted butter. Bake it for sixty minutes, until a toothpick comes out clean.`;

export const MEETING_NOTES = `Weekly product meeting

Attendees were Ana, Tom and Priya. The agenda covered the new editor launch and the support budget.

We decided to ship the editor to everyone on Monday. Support tickets fell by a third since the last release.

Action items: Ana sends the release notes, Tom updates the help pages, and Priya reviews the budget before Friday.`;
