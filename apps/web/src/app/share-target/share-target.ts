// Sharing to Voxpress from the phone: the installed app is a Web Share Target. The phone's share
// sheet POSTs the files to SHARE_TARGET_ACTION; the service worker keeps them on the device and
// sends the user to the upload tab, which puts them in its queue (the page holds the account).

/** Where the share sheet sends the files (nothing on the server answers it: the worker does). */
export const SHARE_TARGET_ACTION = '/share-target';
/** The form field holding the shared files. */
export const SHARE_TARGET_FIELD = 'media';
/** The upload tab, told that shared files are waiting. */
export const SHARED_UPLOAD_PAGE = '/home/audio?mode=upload&shared=1';

/** The web app manifest's `share_target` entry. */
export const SHARE_TARGET = {
  action: SHARE_TARGET_ACTION,
  method: 'POST' as const,
  enctype: 'multipart/form-data' as const,
  params: {
    title: 'title',
    text: 'text',
    files: [
      {
        name: SHARE_TARGET_FIELD,
        accept: [
          'audio/*',
          'video/*',
          '.mp3',
          '.wav',
          '.m4a',
          '.ogg',
          '.oga',
          '.webm',
          '.mp4',
          '.m4v',
          '.mov',
          '.mkv',
          '.avi',
        ],
      },
    ],
  },
};

/** A shared file waiting for the upload tab. */
export interface SharedFile {
  id: string;
  file: Blob;
  name: string;
  sharedAt: string;
}

/** Whether a shared file looks like sound or video (the server checks the bytes anyway). */
export function isMediaFile(file: { name: string; type: string }): boolean {
  if (/^(audio|video)\//i.test(file.type)) return true;
  return /\.(mp3|wav|m4a|ogg|oga|webm|mp4|m4v|mov|mkv|avi)$/i.test(file.name);
}

export interface ShareTargetDeps {
  keep(files: SharedFile[]): Promise<void>;
  newId(): string;
  now(): Date;
}

/**
 * The service worker's answer to a share: keeps the shared media files (others are left out) and
 * redirects to the upload tab with 303, so a reload there does not post the share again.
 */
export async function receiveShare(request: Request, deps: ShareTargetDeps): Promise<Response> {
  const target = new URL(SHARED_UPLOAD_PAGE, request.url);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect(target.href, 303);
  }
  const files = form
    .getAll(SHARE_TARGET_FIELD)
    .filter((value): value is File => typeof value !== 'string')
    .filter((file) => file.size > 0 && isMediaFile(file));
  if (files.length > 0)
    await deps.keep(
      files.map((file) => ({
        id: deps.newId(),
        file: new Blob([file], { type: file.type }),
        name: file.name,
        sharedAt: deps.now().toISOString(),
      })),
    );
  return Response.redirect(target.href, 303);
}
